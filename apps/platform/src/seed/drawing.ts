import { crc32, deflateSync } from "node:zlib";

/**
 * The demo print files' pictures: one small drawing of filled rectangles and circles, written as a
 * PNG, an SVG, an EPS or a PDF. The seed runs where Ghostscript may not be installed (`npm start`
 * on a laptop), so the EPS's preview is drawn here from the same shapes rather than converted; it
 * matches what Ghostscript draws of the EPS at the same resolution.
 *
 * Coordinates are in points from the top left, as in SVG; PostScript and PDF count from the bottom
 * left, which the writers turn around.
 */

export type Rgb = readonly [red: number, green: number, blue: number];

export type Shape =
  | { kind: "rect"; x: number; y: number; width: number; height: number; color: Rgb }
  | { kind: "circle"; cx: number; cy: number; r: number; color: Rgb };

export interface Drawing {
  /** Size in points (1/72 inch). */
  width: number;
  height: number;
  /** Painted in order, later shapes over earlier ones; uncovered pixels are transparent. */
  shapes: readonly Shape[];
}

/** Ghostscript's resolution for previews (`ghostscript.ts`): a point is 150/72 pixels. */
export const PREVIEW_DPI = 150;

function covers(shape: Shape, x: number, y: number): boolean {
  if (shape.kind === "rect") {
    return x >= shape.x && x < shape.x + shape.width && y >= shape.y && y < shape.y + shape.height;
  }
  return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/**
 * The drawing as an RGBA PNG of `dpi` dots per inch (72: a pixel a point). Each pixel takes the
 * colour of the topmost shape over its centre.
 */
export function drawPng(drawing: Drawing, dpi = 72): Buffer {
  const scale = dpi / 72;
  const width = Math.round(drawing.width * scale);
  const height = Math.round(drawing.height * scale);
  // One filter byte (0: none) before each row of width × 4 bytes.
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const x = (column + 0.5) / scale;
      const y = (row + 0.5) / scale;
      const shape = drawing.shapes.findLast((candidate) => covers(candidate, x, y));
      if (!shape) continue;
      const offset = row * (1 + width * 4) + 1 + column * 4;
      rows.set([...shape.color, 255], offset);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const hex = ([red, green, blue]: Rgb) =>
  `#${[red, green, blue].map((value) => value.toString(16).padStart(2, "0")).join("")}`;

export function drawSvg(drawing: Drawing, title: string): string {
  const shapes = drawing.shapes.map((shape) =>
    shape.kind === "rect"
      ? `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" fill="${hex(shape.color)}"/>`
      : `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${hex(shape.color)}"/>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${drawing.width} ${drawing.height}" width="${drawing.width}" height="${drawing.height}">`,
    `<title>${title}</title>`,
    ...shapes,
    "</svg>",
    "",
  ].join("\n");
}

const unit = (value: number) => Number((value / 255).toFixed(3));

/** The shapes as PostScript (also PDF's content stream: the same operators, spelled otherwise). */
function paint(drawing: Drawing, pdf: boolean): string[] {
  return drawing.shapes.map((shape) => {
    const color = shape.color.map(unit).join(" ");
    if (shape.kind === "rect") {
      const y = drawing.height - shape.y - shape.height;
      return pdf
        ? `${color} rg ${shape.x} ${y} ${shape.width} ${shape.height} re f`
        : `${color} setrgbcolor ${shape.x} ${y} ${shape.width} ${shape.height} rectfill`;
    }
    const cy = drawing.height - shape.cy;
    if (!pdf) return `${color} setrgbcolor newpath ${shape.cx} ${cy} ${shape.r} 0 360 arc fill`;
    // PDF has no arc: four Bézier quarters (k = 0.5523 of the radius).
    const { cx, r } = shape;
    const k = Number((0.5523 * r).toFixed(3));
    return [
      `${color} rg ${cx + r} ${cy} m`,
      `${cx + r} ${cy + k} ${cx + k} ${cy + r} ${cx} ${cy + r} c`,
      `${cx - k} ${cy + r} ${cx - r} ${cy + k} ${cx - r} ${cy} c`,
      `${cx - r} ${cy - k} ${cx - k} ${cy - r} ${cx} ${cy - r} c`,
      `${cx + k} ${cy - r} ${cx + r} ${cy - k} ${cx + r} ${cy} c f`,
    ].join(" ");
  });
}

export function drawEps(drawing: Drawing, title: string): string {
  return [
    "%!PS-Adobe-3.0 EPSF-3.0",
    `%%BoundingBox: 0 0 ${drawing.width} ${drawing.height}`,
    `%%Title: ${title}`,
    "%%Creator: Kassa demo data",
    "%%EndComments",
    ...paint(drawing, false),
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
}

/** A one-page PDF of the drawing, its page the drawing's size. */
export function drawPdf(drawing: Drawing): string {
  const content = paint(drawing, true).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${drawing.width} ${drawing.height}] /Contents 4 0 R /Resources << >> >>`,
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}
