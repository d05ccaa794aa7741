import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH, passwordCriteria, passwordStrength } from "./password.js";

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
