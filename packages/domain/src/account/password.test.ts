import { describe, expect, it } from "vitest";
import {
  meetsPasswordRule,
  PASSWORD_MIN_LENGTH,
  passwordCriteria,
  passwordLength,
  passwordStrength,
} from "./password.js";

describe("passwordCriteria", () => {
  it("reports length, digit and special character", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(passwordCriteria("")).toEqual({ minLength: false, digit: false, special: false });
    expect(passwordCriteria("abcdefghij")).toEqual({
      minLength: true,
      digit: false,
      special: false,
    });
    expect(passwordCriteria("abc1")).toEqual({ minLength: false, digit: true, special: false });
    expect(passwordCriteria("åäö!")).toEqual({ minLength: false, digit: false, special: true });
    expect(passwordCriteria("a b")).toMatchObject({ special: false });
  });
});

describe("passwordStrength", () => {
  it("gives 50 for the length and 50 for a digit", () => {
    expect(passwordStrength("abc")).toBe(0);
    expect(passwordStrength("abcdefghij")).toBe(50);
    expect(passwordStrength("abc1")).toBe(50);
    expect(passwordStrength("abcdefghi1")).toBe(100);
    expect(passwordStrength("abcdefghi1!")).toBe(100);
  });
});

describe("the length rule", () => {
  it("counts code points, the characters a person sees, not UTF-16 units", () => {
    // 5 emoji and 4 digits: 9 characters (14 UTF-16 units), one short of the minimum.
    expect(passwordLength("😀😀😀😀😀1234")).toBe(9);
    expect(passwordCriteria("😀😀😀😀😀1234")).toMatchObject({ minLength: false, digit: true });
    expect(meetsPasswordRule("😀😀😀😀😀1234")).toBe(false);
    expect(meetsPasswordRule("😀😀😀😀😀12345")).toBe(true);
    expect(passwordStrength("😀😀😀😀😀1234")).toBe(50);
  });

  it("needs both the length and a digit", () => {
    expect(meetsPasswordRule("abcdefghij")).toBe(false);
    expect(meetsPasswordRule("abcdefghi1")).toBe(true);
  });
});
