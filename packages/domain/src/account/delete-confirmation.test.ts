import { describe, expect, it } from "vitest";
import { matchesDeleteKeyword, toDeleteConfirmationText } from "./delete-confirmation.js";

describe("matchesDeleteKeyword", () => {
  it("compares the typed text upper-cased and trimmed", () => {
    expect(matchesDeleteKeyword("radera", "RADERA")).toBe(true);
    expect(matchesDeleteKeyword(" Radera ", "radera")).toBe(true);
    expect(matchesDeleteKeyword("poista", "POISTA")).toBe(true);
    expect(matchesDeleteKeyword("rader", "RADERA")).toBe(false);
    expect(matchesDeleteKeyword("", "RADERA")).toBe(false);
  });

  it("never matches an empty keyword", () => {
    expect(matchesDeleteKeyword("", "")).toBe(false);
    expect(matchesDeleteKeyword(" ", " ")).toBe(false);
  });

  it("forces the shown text to upper case", () => {
    expect(toDeleteConfirmationText("radera")).toBe("RADERA");
  });
});
