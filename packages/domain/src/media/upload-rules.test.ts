import { describe, expect, it } from "vitest";
import {
  BYTES_PER_MB,
  checkUploads,
  matchesAccept,
  UPLOAD_DEFAULTS,
  uploadItemType,
} from "./upload-rules.js";

const file = (name: string, size: number, type = "") => ({ name, size, type });

describe("the general upload widget's rules (C§5, C§9)", () => {
  it("has the spec's defaults: 10 files, 10 MB, images, pdf, doc, docx", () => {
    expect(UPLOAD_DEFAULTS.maxFiles).toBe(10);
    expect(UPLOAD_DEFAULTS.maxSizeMb).toBe(10);
    const ok = [
      file("logo.png", 1, "image/png"),
      file("photo.JPG", 1, "image/jpeg"),
      file("offer.pdf", 1, "application/pdf"),
      file("brief.doc", 1, "application/msword"),
      file("brief.docx", 1, ""),
    ];
    expect(checkUploads(ok).accepted).toHaveLength(5);
    const refused = checkUploads([
      file("sheet.xlsx", 1, "application/vnd.ms-excel"),
      file("run.exe", 1),
    ]);
    expect(refused.rejected.map((entry) => entry.problem)).toEqual([
      "type_not_supported",
      "type_not_supported",
    ]);
  });

  it("refuses a file over the size, the same name and size twice, and counts files already added", () => {
    const big = file("big.pdf", 10 * BYTES_PER_MB + 1, "application/pdf");
    const edge = file("edge.pdf", 10 * BYTES_PER_MB, "application/pdf");
    expect(checkUploads([big, edge]).rejected).toEqual([{ file: big, problem: "too_large" }]);

    const present = Array.from({ length: 9 }, (_, index) => ({ name: `f${index}.png`, size: 10 }));
    const again = file("F0.PNG", 10, "image/png");
    const tenth = file("tenth.png", 11, "image/png");
    const eleventh = file("eleventh.png", 12, "image/png");
    const check = checkUploads([again, tenth, eleventh], present);
    expect(check.accepted).toEqual([tenth]);
    expect(check.rejected).toEqual([
      { file: again, problem: "already_uploaded" },
      { file: eleventh, problem: "too_many" },
    ]);
    // Twice in one batch is a duplicate too.
    const twice = checkUploads([file("a.png", 5, "image/png"), file("a.png", 5, "image/png")]);
    expect(twice.rejected.map((entry) => entry.problem)).toEqual(["already_uploaded"]);
  });

  it("takes limits of its own", () => {
    const check = checkUploads([file("a.txt", 3 * BYTES_PER_MB, "text/plain")], [], {
      accept: ".txt",
      maxSizeMb: 2,
      maxFiles: 1,
    });
    expect(check.rejected).toEqual([{ file: check.rejected[0]?.file, problem: "too_large" }]);
  });

  it("reads an accept list as the file input does", () => {
    expect(matchesAccept(file("A.PDF", 1), ".pdf")).toBe(true);
    expect(matchesAccept(file("x", 1, "image/webp"), "image/*")).toBe(true);
    expect(matchesAccept(file("x", 1, "application/pdf"), "image/*,.doc")).toBe(false);
    expect(matchesAccept(file("x", 1), "")).toBe(true);
  });

  it("tells an image preview from a document (C§3 Upload item)", () => {
    expect(uploadItemType(file("a.png", 1, "image/png"))).toBe("image");
    expect(uploadItemType(file("a.pdf", 1, "application/pdf"))).toBe("document");
  });
});
