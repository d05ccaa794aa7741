import { describe, expect, it } from "vitest";
import { discountPercent, formatMoney, isOnSale, toMajorUnits } from "./money.js";

const NBSP = "\u00a0";

describe("formatMoney", () => {
  it("shows whole SEK without decimals", () => {
    expect(formatMoney(129900, "SEK", "sv-SE")).toBe(`1${NBSP}299${NBSP}kr`);
    expect(formatMoney(0, "SEK", "sv-SE")).toBe(`0${NBSP}kr`);
  });

  it("shows fractional SEK with two decimals", () => {
    expect(formatMoney(129950, "SEK", "sv-SE")).toBe(`1${NBSP}299,50${NBSP}kr`);
    expect(formatMoney(1, "SEK", "sv-SE")).toBe(`0,01${NBSP}kr`);
  });

  it("shows fractional EUR with two decimals", () => {
    expect(formatMoney(1290, "EUR", "fi-FI")).toBe(`12,90${NBSP}€`);
  });

  it("shows whole EUR without decimals", () => {
    expect(formatMoney(1200, "EUR", "fi-FI")).toBe(`12${NBSP}€`);
  });

  it("follows the locale", () => {
    expect(formatMoney(1290, "EUR", "en-FI")).toBe("€12.90");
  });

  it("takes an amount flagged major as it is (C§9)", () => {
    expect(formatMoney(499, "SEK", "sv-SE", { major: true })).toBe(`499${NBSP}kr`);
    expect(formatMoney(12.9, "EUR", "fi-FI", { major: true })).toBe(`12,90${NBSP}€`);
    // Not flagged: the same number is öre.
    expect(formatMoney(499, "SEK", "sv-SE")).toBe(`4,99${NBSP}kr`);
  });
});

describe("toMajorUnits", () => {
  it("divides by 100", () => {
    expect(toMajorUnits(12990)).toBe(129.9);
  });
});

describe("isOnSale", () => {
  it("is true only when the sale price is below the base price", () => {
    expect(isOnSale(19900, 14900)).toBe(true);
    expect(isOnSale(19900, 19900)).toBe(false);
    expect(isOnSale(19900, 24900)).toBe(false);
    expect(isOnSale(0, 0)).toBe(false);
  });
});

describe("discountPercent", () => {
  it("rounds the percent off the base price", () => {
    expect(discountPercent(19900, 14900)).toBe(25); // 25.13 %
    expect(discountPercent(30000, 20000)).toBe(33); // 33.33 %
    expect(discountPercent(30000, 10000)).toBe(67); // 66.67 %
    expect(discountPercent(1000, 950)).toBe(5); // exactly 5 %
    expect(discountPercent(1000, 945)).toBe(6); // 5.5 % rounds up
  });

  it("is 0 when not on sale", () => {
    expect(discountPercent(19900, 19900)).toBe(0);
    expect(discountPercent(19900, 29900)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});
