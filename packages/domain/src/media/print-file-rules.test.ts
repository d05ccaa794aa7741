import { describe, expect, it } from "vitest";
import {
  checkPrintFileUploads,
  isVectorPrintFile,
  PRINT_FILE_ACCEPT,
  type PrintFileCandidate,
  printFileKindOf,
  printFileMaxBytes,
} from "./print-file-rules.js";
import { BYTES_PER_MB } from "./upload-rules.js";

const file = (name: string, size = 1000): PrintFileCandidate => ({
  name,
  size,
  kind: printFileKindOf({ name }),
});

describe("printFileKindOf (the widget's view, C§5 accept list)", () => {
  it("knows images, SVG, Illustrator, EPS, PDF and PostScript by extension in any case", () => {
    expect(
      [
        "a.png",
        "b.JPG",
        "c.jpeg",
        "d.gif",
        "e.webp",
        "f.svg",
        "g.ai",
        "h.EPS",
        "i.pdf",
        "j.ps",
      ].map((name) => printFileKindOf({ name })),
    ).toEqual(["image", "image", "image", "image", "image", "svg", "ai", "eps", "pdf", "ps"]);
  });

  it("falls back on the browser's MIME type, and refuses what a printer cannot take", () => {
    expect(printFileKindOf({ name: "logo", type: "application/postscript" })).toBe("ps");
    expect(printFileKindOf({ name: "logo", type: "image/png" })).toBe("image");
    expect(printFileKindOf({ name: "report.docx", type: "application/msword" })).toBeUndefined();
    expect(printFileKindOf({ name: "setup.exe" })).toBeUndefined();
    expect(printFileKindOf({ name: "noextension" })).toBeUndefined();
  });

  it("lists every extension and type in the input's accept attribute", () => {
    for (const entry of [".eps", ".ai", ".svg", ".pdf", ".ps", ".png", "image/svg+xml"]) {
      expect(PRINT_FILE_ACCEPT.split(",")).toContain(entry);
    }
  });

  it("converts EPS, AI and PostScript only (C§4)", () => {
    expect(
      (["image", "svg", "pdf", "ai", "eps", "ps"] as const).map((kind) => isVectorPrintFile(kind)),
    ).toEqual([false, false, false, true, true, true]);
  });
});

describe("checkPrintFileUploads (C§5)", () => {
  it("accepts files within every limit", () => {
    const check = checkPrintFileUploads([file("logo.png"), file("logo.eps")], []);
    expect(check.accepted.map((accepted) => accepted.name)).toEqual(["logo.png", "logo.eps"]);
    expect(check.rejected).toEqual([]);
  });

  it("refuses a type a printer cannot take", () => {
    const check = checkPrintFileUploads([file("notes.docx")], []);
    expect(check.rejected.map(({ problem }) => problem)).toEqual(["type_not_supported"]);
  });

  it("refuses a file over the size limit, 5 MB unless configured", () => {
    const atLimit = file("big.png", 5 * BYTES_PER_MB);
    const over = file("bigger.png", 5 * BYTES_PER_MB + 1);
    expect(checkPrintFileUploads([atLimit, over], []).rejected).toEqual([
      { file: over, problem: "too_large" },
    ]);
    expect(
      checkPrintFileUploads([over], [], { maxFileSizeBytes: printFileMaxBytes(15) }).rejected,
    ).toEqual([]);
  });

  it("refuses the same name and size as a file the company has, or one earlier in the batch", () => {
    const check = checkPrintFileUploads(
      [file("Logo.PNG", 1000), file("logo.png", 2000), file("other.png", 5), file("other.png", 5)],
      [{ filename: "logo.png", size: 1000 }],
    );
    expect(check.rejected.map(({ file, problem }) => [file.name, file.size, problem])).toEqual([
      ["Logo.PNG", 1000, "already_uploaded"],
      ["other.png", 5, "already_uploaded"],
    ]);
    expect(check.accepted.map((accepted) => accepted.size)).toEqual([2000, 5]);
  });

  it("counts the files the company has: the files past ten are too many", () => {
    const present = Array.from({ length: 8 }, (_, index) => ({
      filename: `file-${index}.png`,
      size: 10,
    }));
    const check = checkPrintFileUploads(
      [file("a.png"), file("b.png"), file("c.png"), file("d.png")],
      present,
    );
    expect(check.accepted.map((accepted) => accepted.name)).toEqual(["a.png", "b.png"]);
    expect(check.rejected.map(({ file, problem }) => [file.name, problem])).toEqual([
      ["c.png", "too_many"],
      ["d.png", "too_many"],
    ]);
    expect(checkPrintFileUploads([file("a.png")], present, { maxFiles: 8 }).rejected).toHaveLength(
      1,
    );
  });

  it("gives each file its first problem only, and a refused file takes no place", () => {
    const present = Array.from({ length: 9 }, (_, index) => ({
      filename: `${index}.png`,
      size: 1,
    }));
    const check = checkPrintFileUploads(
      [file("virus.exe"), file("huge.png", 6 * BYTES_PER_MB), file("fits.png")],
      present,
    );
    expect(check.rejected.map(({ problem }) => problem)).toEqual([
      "type_not_supported",
      "too_large",
    ]);
    expect(check.accepted.map((accepted) => accepted.name)).toEqual(["fits.png"]);
  });
});
