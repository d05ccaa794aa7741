import { describe, expect, it } from "vitest";
import { isListedPrintFile, isLogoType, logoTypeForUpload } from "./company-files.js";

describe("isListedPrintFile (C§5)", () => {
  it("leaves out the printer's proofs, whatever the case of 'korrektur'", () => {
    expect(isListedPrintFile({ filename: "logo.png" })).toBe(true);
    expect(isListedPrintFile({ filename: "Korrektur-logo-v2.pdf" })).toBe(false);
    expect(isListedPrintFile({ filename: "logo_KORREKTUR.png" })).toBe(false);
  });

  it("leaves out files whose custom_fields.hide is true, as a boolean or as text", () => {
    expect(isListedPrintFile({ filename: "a.png", custom_fields: { hide: true } })).toBe(false);
    expect(isListedPrintFile({ filename: "a.png", custom_fields: { hide: "true" } })).toBe(false);
    expect(isListedPrintFile({ filename: "a.png", custom_fields: { hide: false } })).toBe(true);
    expect(isListedPrintFile({ filename: "a.png", custom_fields: { hide: "no" } })).toBe(true);
    expect(isListedPrintFile({ filename: "a.png", custom_fields: null })).toBe(true);
  });
});

describe("logoTypeForUpload (C§5: first file primary, others secondary)", () => {
  it("makes the company's first file its primary logo and every other secondary", () => {
    expect(logoTypeForUpload(0, 0)).toBe("primary");
    expect(logoTypeForUpload(0, 1)).toBe("secondary");
    expect(logoTypeForUpload(3, 0)).toBe("secondary");
  });

  it("knows the three logo types", () => {
    expect(["primary", "secondary", "alternative", "main", 1].map(isLogoType)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
