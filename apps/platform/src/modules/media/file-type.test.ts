import { describe, expect, it } from "vitest";
import { needsConversion, sniffFileType } from "./file-type.js";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("sniffFileType (C§5: by content, not by name)", () => {
  it("knows the pictures by their signatures", () => {
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffFileType(text("GIF89a..."))).toBe("gif");
    expect(sniffFileType(text("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
  });

  it("tells PDF, Illustrator, EPS and PostScript apart", () => {
    expect(sniffFileType(text("%PDF-1.7\n%âãÏÓ\n"))).toBe("pdf");
    expect(sniffFileType(text("%PDF-1.5\n%Creator: Adobe Illustrator(R) 24.0\n"))).toBe("ai");
    expect(sniffFileType(text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 1 1\n"))).toBe("eps");
    expect(sniffFileType(text("%!PS-Adobe-3.0 EPSF-3.0\n%%Creator: Adobe Illustrator\n"))).toBe(
      "ai",
    );
    expect(sniffFileType(text("%!PS-Adobe-3.0\n%%Pages: 2\n"))).toBe("ps");
    expect(sniffFileType(bytes(0xc5, 0xd0, 0xd3, 0xc6, 0x20, 0))).toBe("eps");
  });

  it("knows an SVG behind a declaration, comments or a doctype", () => {
    expect(sniffFileType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(
      sniffFileType(
        text('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1">'),
      ),
    ).toBe("svg");
    expect(sniffFileType(text("<html><svg></svg></html>"))).toBeUndefined();
  });

  it("answers nothing for what a print file is not, whatever its name", () => {
    expect(sniffFileType(text("MZ\x90\0"))).toBeUndefined();
    expect(sniffFileType(text("just text"))).toBeUndefined();
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
  });

  it("converts the PostScript kinds only", () => {
    expect(
      ["eps", "ai", "ps", "pdf", "svg", "png"].map((type) => needsConversion(type as never)),
    ).toEqual([true, true, true, false, false, false]);
  });
});
