import { describe, expect, it } from "vitest";
import { autofillVatNumber } from "./vat.js";

describe("autofillVatNumber", () => {
  it("builds a Swedish VAT number: SE + number + 01", () => {
    expect(autofillVatNumber("5566778899", "SE")).toBe("SE556677889901");
    expect(autofillVatNumber("556677-8899", "se")).toBe("SE556677889901");
  });

  it("builds a Finnish VAT number: FI + the business id's digits", () => {
    expect(autofillVatNumber("1234567-8", "FI")).toBe("FI12345678");
  });

  it("fills nothing for other countries or an empty number", () => {
    expect(autofillVatNumber("5566778899", "NO")).toBeUndefined();
    expect(autofillVatNumber("", "SE")).toBeUndefined();
    expect(autofillVatNumber(" - ", "FI")).toBeUndefined();
  });
});
