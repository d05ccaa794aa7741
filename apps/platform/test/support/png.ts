import { inflateSync } from "node:zlib";

/** A decoded PNG: its size and the colour of a pixel. */
export interface DecodedPng {
  width: number;
  height: number;
  /** `[red, green, blue, alpha]` of the pixel at column `x`, row `y` (from the top left). */
  pixel(x: number, y: number): [number, number, number, number];
}

/**
 * Reads an 8-bit RGBA or RGB PNG without interlacing: what Ghostscript's `pngalpha` device and the
 * seed's drawings write. Enough for a test to look at the colours of a converted picture.
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const png = Buffer.from(bytes);
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (bitDepth !== 8 || channels === 0 || interlace !== 0) {
    throw new Error(
      `decodePng reads 8-bit RGB(A) without interlacing, not ${bitDepth}/${colourType}`,
    );
  }
  const data: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    if (type === "IDAT") data.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    for (let index = 0; index < stride; index++) {
      const left = index >= channels ? (pixels[row * stride + index - channels] ?? 0) : 0;
      const up = row > 0 ? (pixels[(row - 1) * stride + index] ?? 0) : 0;
      const upLeft =
        row > 0 && index >= channels ? (pixels[(row - 1) * stride + index - channels] ?? 0) : 0;
      const value = line[index] ?? 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = Math.floor((left + up) / 2);
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [
          Math.abs(estimate - left),
          Math.abs(estimate - up),
          Math.abs(estimate - upLeft),
        ];
        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      pixels[row * stride + index] = (value + predicted) & 0xff;
    }
  }
  return {
    width,
    height,
    pixel(x, y) {
      const at = y * stride + x * channels;
      return [
        pixels[at] ?? 0,
        pixels[at + 1] ?? 0,
        pixels[at + 2] ?? 0,
        channels === 4 ? (pixels[at + 3] ?? 0) : 255,
      ];
    },
  };
}
