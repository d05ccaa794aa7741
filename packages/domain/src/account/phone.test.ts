import { describe, expect, it } from "vitest";
import {
  callingCodeOf,
  cleanPhoneNumber,
  DEFAULT_PHONE_COUNTRY,
  isValidPhoneNumber,
  normalisePhoneInput,
  phoneNumberProblem,
} from "./phone.js";

describe("normalisePhoneInput", () => {
  it("prefixes a Swedish number with +46 and drops the leading zero", () => {
    expect(normalisePhoneInput("070-123 45 67")).toBe("+46701234567");
    expect(normalisePhoneInput("0701234567", "SE")).toBe("+46701234567");
    expect(normalisePhoneInput("08 123 456 78")).toBe("+46812345678");
  });

  it("uses the selected country's calling code", () => {
    expect(normalisePhoneInput("040 123 4567", "FI")).toBe("+358401234567");
    expect(normalisePhoneInput("040-1234567", "fi")).toBe("+358401234567");
  });

  it("removes the leading zero (the trunk prefix), keeps numbers without one", () => {
    expect(normalisePhoneInput("0401234567", "FI")).toBe("+358401234567");
    expect(normalisePhoneInput("701234567")).toBe("+46701234567");
  });

  it("reads two leading zeros as the international prefix, not as trunk zeros", () => {
    expect(normalisePhoneInput("0 0 70", "SE")).toBe("+70");
  });

  it("turns a 00 prefix into +", () => {
    expect(normalisePhoneInput("0046 70 123 45 67")).toBe("+46701234567");
    expect(normalisePhoneInput("00358401234567", "SE")).toBe("+358401234567");
  });

  it("keeps a number that starts with +, only cleaned", () => {
    expect(normalisePhoneInput(" +46 (0)70-123.45.67 ", "FI")).toBe("+460701234567");
    expect(normalisePhoneInput("+358 40 123 4567")).toBe("+358401234567");
  });

  it("leaves input that is not a number as typed (cleaned)", () => {
    expect(normalisePhoneInput("call me")).toBe("callme");
    expect(normalisePhoneInput("070+123")).toBe("070+123");
  });

  it("gives an empty string for empty input", () => {
    expect(normalisePhoneInput("")).toBe("");
    expect(normalisePhoneInput(" - ")).toBe("");
  });

  it("falls back to Sweden for an unknown country", () => {
    expect(normalisePhoneInput("0701234567", "XX")).toBe("+46701234567");
  });
});

describe("isValidPhoneNumber", () => {
  it("accepts valid international numbers", () => {
    expect(isValidPhoneNumber("+46701234567")).toBe(true);
    expect(isValidPhoneNumber("+358401234567")).toBe(true);
  });

  it("refuses numbers without a plus, too short, or not numbers", () => {
    expect(isValidPhoneNumber("0701234567")).toBe(false);
    expect(isValidPhoneNumber("46701234567")).toBe(false);
    expect(isValidPhoneNumber("+4670")).toBe(false);
    expect(isValidPhoneNumber("+46abc")).toBe(false);
    expect(isValidPhoneNumber("")).toBe(false);
  });
});

describe("callingCodeOf", () => {
  it("answers the calling code with its plus", () => {
    expect(callingCodeOf("SE")).toBe("+46");
    expect(callingCodeOf("FI")).toBe("+358");
    expect(callingCodeOf("fi")).toBe("+358");
    expect(callingCodeOf("XX")).toBeUndefined();
    expect(DEFAULT_PHONE_COUNTRY).toBe("SE");
  });
});

describe("cleanPhoneNumber", () => {
  it("drops separators only: no calling code is added", () => {
    expect(cleanPhoneNumber(" +46 70-123 45.67 ")).toBe("+46701234567");
    expect(cleanPhoneNumber("(070) 123/45 67")).toBe("0701234567");
  });
});

describe("phoneNumberProblem", () => {
  it("asks for the international form first, then a valid number", () => {
    expect(phoneNumberProblem("+46701234567")).toBeUndefined();
    expect(phoneNumberProblem("+358401234567")).toBeUndefined();
    expect(phoneNumberProblem("0701234567")).toBe("notInternational");
    expect(phoneNumberProblem("")).toBe("notInternational");
    // The E.164 shape (a plus and 7–15 digits) alone is not enough: +46 numbers are longer.
    expect(phoneNumberProblem("+461234")).toBe("invalid");
    expect(phoneNumberProblem("+46abc")).toBe("invalid");
  });
});
