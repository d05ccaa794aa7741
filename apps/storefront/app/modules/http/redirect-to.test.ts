import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./redirect-to";

describe("safeRedirectTo", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirectTo("/cart")).toBe("/cart");
    expect(safeRedirectTo("/kategori/klader?page=2")).toBe("/kategori/klader?page=2");
  });

  it("falls back for anything that could leave the site", () => {
    for (const value of [
      "/\t/evil.example/",
      "/\n/evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%09/evil.example",
      "https://evil.example/",
      "",
      null,
      undefined,
      42,
    ]) {
      expect(safeRedirectTo(value, "/fallback"), JSON.stringify(value)).toBe("/fallback");
    }
  });
});
