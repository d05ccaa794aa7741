import { describe, expect, it } from "vitest";
import { isCountryCode } from "./country-code.js";

describe("isCountryCode", () => {
  it("takes two upper-case letters", () => {
    expect(isCountryCode("SE")).toBe(true);
    expect(isCountryCode("se")).toBe(false);
    expect(isCountryCode("SWE")).toBe(false);
  });
});
