import { MAX_PRINT_FILE_NAME_LENGTH } from "@kassa/domain";
import { describe, expect, it } from "vitest";
import { previewFileName, storableFileName, uniqueFileName } from "./file-names.js";

describe("storableFileName", () => {
  it("keeps the last part of a path, without control characters", () => {
    expect(storableFileName("C:\\fakepath\\Logga svart.png")).toBe("Logga svart.png");
    expect(storableFileName("../../etc/passwd")).toBe("passwd");
    expect(storableFileName(" logo\u0000\n.png ")).toBe("logo.png");
    expect(storableFileName("bad\ud800.png")).toBe("bad.png");
  });

  it("names a file `file` when nothing is left", () => {
    expect(["", "  ", "..", "a/", "\u0007"].map(storableFileName)).toEqual([
      "file",
      "file",
      "file",
      "file",
      "file",
    ]);
  });

  it("shortens a long name's base and keeps its extension", () => {
    const name = storableFileName(`${"å".repeat(300)}.eps`);
    expect(name).toHaveLength(MAX_PRINT_FILE_NAME_LENGTH);
    expect(name.endsWith("å.eps")).toBe(true);
  });
});

describe("uniqueFileName (ADR 0014: name-2.ext)", () => {
  it("numbers a name the company uses, without regard to case", () => {
    const taken = new Set(["logo.png", "logo-2.png"]);
    expect(uniqueFileName("Logo.PNG", taken)).toBe("Logo-3.PNG");
    expect(uniqueFileName("logo.png", taken)).toBe("logo-4.png");
    expect(uniqueFileName("other.png", taken)).toBe("other.png");
    expect(uniqueFileName("other.png", taken)).toBe("other-2.png");
    expect(uniqueFileName("README", new Set(["readme"]))).toBe("README-2");
  });
});

describe("previewFileName", () => {
  it("names the PNG after the vector file", () => {
    expect(previewFileName("logo.eps")).toBe("logo.png");
    expect(previewFileName("Emblem 2026.AI")).toBe("Emblem 2026.png");
    expect(previewFileName("drawing")).toBe("drawing.png");
  });
});
