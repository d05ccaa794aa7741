import { describe, expect, it } from "vitest";
import { CATEGORIES, COLOURS, PRODUCT_TYPES } from "../../seed/catalogue-data.js";
import { SHAPES, type ShapeName } from "./image-shapes.js";
import { contrastRatio, IMAGE_SIZE, pictureColours, renderImage } from "./svg-image.js";

const SHAPE_NAMES = Object.keys(SHAPES) as ShapeName[];
const SEED_HEXES = [
  ...Object.values(COLOURS).map((colour) => colour.hex),
  ...Object.values(PRODUCT_TYPES).map((type) => type.defaultHex),
  ...CATEGORIES.map((category) => category.colorHex),
  "#f3ead8",
  "#ffffff",
];

function attribute(svg: string, name: string): string | undefined {
  return new RegExp(`<svg[^>]*\\s${name}="([^"]*)"`).exec(svg)?.[1];
}

describe("product pictures", () => {
  it("gives every kind of product its own drawing", () => {
    const shapeOf = Object.entries(PRODUCT_TYPES).map(([type, definition]) => [
      type,
      definition.shape,
    ]);
    const shapes = shapeOf.map(([, shape]) => shape);
    expect(new Set(shapes).size, JSON.stringify(shapeOf)).toBe(shapes.length);
    // The knits the shop sells are drawn apart, each with what tells it apart.
    expect(PRODUCT_TYPES.sweater.shape).toBe("sweater");
    expect(PRODUCT_TYPES.cardigan.shape).toBe("cardigan");
    expect(PRODUCT_TYPES.rollneck.shape).toBe("rollneck");
    expect(PRODUCT_TYPES.hoodie.shape).toBe("hoodie");
    // …and no two drawings are the same markup.
    const markups = SHAPE_NAMES.map((name) => SHAPES[name].markup);
    expect(new Set(markups).size).toBe(markups.length);
  });

  it.each(SHAPE_NAMES)(
    "%s: a square picture with no text, its viewBox the declared size",
    (shape) => {
      const svg = renderImage({
        shape,
        colorHex: "#1d3557",
        title: "Ulltröja Fjäll",
        subtitle: "M",
      });
      expect(IMAGE_SIZE).toBe(800);
      expect(attribute(svg, "viewBox")).toBe(`0 0 ${IMAGE_SIZE} ${IMAGE_SIZE}`);
      expect(attribute(svg, "width")).toBe(String(IMAGE_SIZE));
      expect(attribute(svg, "height")).toBe(String(IMAGE_SIZE));
      expect(svg).not.toMatch(/<text[\s>]/);
      // The name is only the SVG's title (for the file opened on its own), never drawn.
      expect(svg).toContain("<title>Ulltröja Fjäll, M</title>");
      expect(svg).not.toMatch(/\{[a-zA-Z]+\}/);
    },
  );

  it.each(SHAPE_NAMES)("%s: the drawing stays inside the picture with a margin", (shape) => {
    const svg = renderImage({ shape, colorHex: "#1d3557", title: shape });
    const match = /<g transform="translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)\)">/.exec(svg);
    expect(match).not.toBeNull();
    const [tx, ty, scale] = (match ?? []).slice(1).map(Number) as [number, number, number];
    const [x0, y0, x1, y1] = SHAPES[shape].box;
    for (const [x, y] of [
      [x0, y0],
      [x1, y1],
    ] as const) {
      for (const value of [tx + x * scale, ty + y * scale]) {
        expect(value).toBeGreaterThanOrEqual(90);
        expect(value).toBeLessThanOrEqual(IMAGE_SIZE - 90);
      }
    }
  });

  it.each(SEED_HEXES)(
    "keeps a %s item apart from its backdrop and the backdrop apart from a white card",
    (hex) => {
      const colours = pictureColours(hex);
      // WCAG 1.4.11: the item's outline, or the item itself, at least 3:1 against the backdrop.
      expect(
        Math.max(
          contrastRatio(colours.edge, colours.backdrop),
          contrastRatio(colours.fill, colours.backdrop),
        ),
      ).toBeGreaterThanOrEqual(3);
      // A pale item has an outline that stands out from the item too.
      if (contrastRatio(colours.fill, "#ffffff") < 1.5) {
        expect(contrastRatio(colours.edge, colours.fill)).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(colours.fill, colours.backdrop)).toBeGreaterThanOrEqual(1.4);
      }
      // Seams and ribbing show on the item; the picture is not white on a white card.
      expect(contrastRatio(colours.detail, colours.fill)).toBeGreaterThanOrEqual(1.8);
      expect(contrastRatio(colours.backdrop, "#ffffff")).toBeGreaterThanOrEqual(1.12);
    },
  );

  it("draws an unknown shape as a gift box and an invalid colour as grey, never as markup", () => {
    const svg = renderImage({ shape: "nope", colorHex: '"/><script>', title: "<b>&" });
    expect(svg).toContain("#9e9e9e");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;b&gt;&amp;");
  });
});
