import { escapeHtml } from "../../escape-html.js";
import { isShapeName, SHAPES, type ShapeDrawing } from "./image-shapes.js";

/**
 * Every product and category picture is a square of this many pixels (ADR 0019): the storefront
 * shows it in square boxes, so nothing is cropped and every picture is framed the same way.
 */
export const IMAGE_SIZE = 800;
/** The largest side of the drawn item; the rest is backdrop around it. */
const ITEM_SIZE = 600;

export interface ImageSpec {
  shape: string;
  /** CSS hex colour of the item, e.g. `#1d3557`. */
  colorHex: string;
  /**
   * What the picture shows, e.g. `Ulltröja Fjäll` and `Marinblå, M`. Only in the SVG's `<title>`
   * (for the picture opened on its own); the picture itself has no text: a shop page names the
   * product in its own language, and its `<img>` has an alt text.
   */
  title: string;
  subtitle?: string;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const value = Number.parseInt(match?.[1] ?? "9e9e9e", 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((part) => Math.round(part).toString(16).padStart(2, "0")).join("")}`;
}

/** Mixes a colour toward black (amount < 0) or white (amount > 0). */
function mix(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return toHex(parseHex(hex).map((part) => part + (target - part) * weight) as Rgb);
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export interface PictureColours {
  fill: string;
  edge: string;
  detail: string;
  inside: string;
  backdrop: string;
  shadow: string;
  ribbon: string;
  ribbonEdge: string;
}

/** A pale item (cream, off-white, sand) is drawn on a darker backdrop than a coloured one. */
const PALE_LUMINANCE = 0.5;
/** A dark item (black, navy) gets lighter seams, so they show on it. */
const DARK_LUMINANCE = 0.12;

/**
 * The colours of one picture. A coloured item sits on a pale tint of itself; a pale item (whose
 * tint would be near white, like the card around it) on a deeper tint, and always with an outline
 * of at least 3:1 against both the backdrop and the item (WCAG 1.4.11), so a cream sweater does not
 * vanish into a white page.
 */
export function pictureColours(colorHex: string): PictureColours {
  const fill = /^#[0-9a-f]{6}$/i.test(colorHex) ? colorHex.toLowerCase() : "#9e9e9e";
  const luminance = relativeLuminance(fill);
  const pale = luminance > PALE_LUMINANCE;
  const dark = luminance < DARK_LUMINANCE;
  const backdrop = pale ? mix(fill, -0.2) : mix(fill, 0.82);
  return {
    fill,
    edge: pale ? mix(fill, -0.68) : mix(fill, -0.58),
    detail: dark ? mix(fill, 0.42) : mix(fill, -0.4),
    inside: dark ? mix(fill, 0.22) : mix(fill, -0.3),
    backdrop,
    shadow: mix(backdrop, -0.12),
    ribbon: luminance < 0.3 ? "#f1e3c6" : "#b3261e",
    ribbonEdge: luminance < 0.3 ? "#8a7650" : "#6e1610",
  };
}

/** The transform that puts a drawing's box in the middle of the picture, at most ITEM_SIZE big. */
function frame({ box: [x0, y0, x1, y1] }: ShapeDrawing): string {
  const scale = Math.min(ITEM_SIZE / (x1 - x0), ITEM_SIZE / (y1 - y0));
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const x = IMAGE_SIZE / 2 - ((x0 + x1) / 2) * scale;
  const y = IMAGE_SIZE / 2 - ((y0 + y1) / 2) * scale;
  return `translate(${round(x)} ${round(y)}) scale(${round(scale)})`;
}

/**
 * A product or category picture: a drawing of the item in its colour, centred on a backdrop, in a
 * square with no text. Generated on request, so the shop has pictures without any network or
 * uploads.
 */
export function renderImage(spec: ImageSpec): string {
  const shape = isShapeName(spec.shape) ? SHAPES[spec.shape] : SHAPES.giftBox;
  const colours = pictureColours(spec.colorHex);
  const art = shape.markup.replace(
    /\{(fill|edge|detail|inside|shadow|ribbon|ribbonEdge)\}/g,
    (_, name: keyof PictureColours) => colours[name],
  );
  const label = escapeHtml(spec.subtitle ? `${spec.title}, ${spec.subtitle}` : spec.title);
  const size = IMAGE_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${label}">
<title>${label}</title>
<rect width="${size}" height="${size}" fill="${colours.backdrop}"/>
<g transform="${frame(shape)}">
${art}
</g>
</svg>
`;
}
