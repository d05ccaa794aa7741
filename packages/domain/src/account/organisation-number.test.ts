import { describe, expect, it } from "vitest";
import { cleanOrganisationNumber, hasHyphen, isOrganisationNumber } from "./organisation-number.js";

describe("cleanOrganisationNumber", () => {
  it("strips spaces and dashes", () => {
    expect(cleanOrganisationNumber("556677-8899")).toBe("5566778899");
    expect(cleanOrganisationNumber(" 556 677 - 8899 ")).toBe("5566778899");
    expect(cleanOrganisationNumber("1234567–8")).toBe("12345678");
    expect(cleanOrganisationNumber("")).toBe("");
  });
});

describe("isOrganisationNumber", () => {
  it("takes letters and digits only, as the number is stored", () => {
    expect(isOrganisationNumber("5566778899")).toBe(true);
    expect(isOrganisationNumber("FI12345678")).toBe(true);
    expect(isOrganisationNumber("556677-8899")).toBe(false);
    expect(isOrganisationNumber("556677 8899")).toBe(false);
    expect(isOrganisationNumber("556677.8899")).toBe(false);
    expect(isOrganisationNumber("")).toBe(false);
  });

  it("takes every number the form's cleaning leaves of digits and dashes", () => {
    expect(isOrganisationNumber(cleanOrganisationNumber(" 556677 – 8899 "))).toBe(true);
  });
});

describe("hasHyphen", () => {
  it("finds ASCII and Unicode dashes", () => {
    expect(hasHyphen("556677-8899")).toBe(true);
    expect(hasHyphen("1234567–8")).toBe(true);
    expect(hasHyphen("5566778899")).toBe(false);
  });
});
