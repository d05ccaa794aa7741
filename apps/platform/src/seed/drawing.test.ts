import { describe, expect, it } from "vitest";
import { decodePng } from "../../test/support/png.js";
import { sniffFileType } from "../modules/media/file-type.js";
import { sanitiseSvg } from "../modules/media/svg-sanitiser.js";
import { type Drawing, drawEps, drawPdf, drawPng, drawSvg } from "./drawing.js";

const DRAWING: Drawing = {
  width: 20,
  height: 10,
  shapes: [
    { kind: "rect", x: 0, y: 0, width: 10, height: 10, color: [255, 0, 0] },
    { kind: "circle", cx: 15, cy: 5, r: 4, color: [0, 0, 255] },
  ],
};

describe("the demo drawings", () => {
  it("paint a PNG pixel by pixel, transparent where no shape is", () => {
    const png = decodePng(drawPng(DRAWING));
    expect([png.width, png.height]).toEqual([20, 10]);
    expect(png.pixel(2, 2)).toEqual([255, 0, 0, 255]);
    expect(png.pixel(15, 5)).toEqual([0, 0, 255, 255]);
    expect(png.pixel(19, 0)).toEqual([0, 0, 0, 0]);
    expect(decodePng(drawPng(DRAWING, 144)).width).toBe(40);
  });

  it("write each format so that it is known by its first bytes", () => {
    expect(sniffFileType(drawPng(DRAWING))).toBe("png");
    expect(sniffFileType(Buffer.from(drawSvg(DRAWING, "t")))).toBe("svg");
    expect(sniffFileType(Buffer.from(drawEps(DRAWING, "t"), "latin1"))).toBe("eps");
    expect(sniffFileType(Buffer.from(drawPdf(DRAWING), "latin1"))).toBe("pdf");
  });

  it("write an SVG the upload's sanitiser keeps as it is", () => {
    const svg = drawSvg(DRAWING, "Nordtrade AB");
    expect(sanitiseSvg(new TextEncoder().encode(svg))).toBe(svg);
  });

  it("write a PDF whose cross-reference table points at its objects", () => {
    const pdf = drawPdf(DRAWING);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(4);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
    });
  });
});
