import { describe, expect, it } from "vitest";
import { PRINT_FILE_PROBLEMS, printFileText } from "./print-file-messages.js";

describe("printFileText (the platform's English, C§5)", () => {
  it("names the file and the limit", () => {
    expect(printFileText("too_large", { file: "logo.png", max: 5 })).toBe(
      "logo.png: the file is too large (max 5 MB)",
    );
    expect(printFileText("too_many", { file: "a.eps", max: 10 })).toBe(
      "a.eps: too many files (at most 10)",
    );
    expect(printFileText("type_not_supported", { file: "x.exe" })).toBe(
      "x.exe: the file type is not supported",
    );
  });

  it("has a translation key for every problem", () => {
    for (const { key } of Object.values(PRINT_FILE_PROBLEMS)) {
      expect(key).toMatch(/^media\.problems\.[a-zA-Z]+$/);
    }
  });
});
