import { describe, expect, it } from "vitest";
import {
  computeDiscounts,
  type DiscountCodeRule,
  type DiscountLine,
  discountCodeProblem,
  splitProportionally,
} from "./discount-rules.js";

const NOW = new Date("2026-06-01T12:00:00Z");
const SE = { countryCode: "SE", currencyCode: "SEK", now: NOW };
const FI = { countryCode: "FI", currencyCode: "EUR", now: NOW };

function rule(overrides: Partial<DiscountCodeRule>): DiscountCodeRule {
  return {
    code: "TEST",
    percentOff: null,
    amountOff: null,
    countryCodes: [],
    validFrom: null,
    validUntil: null,
    isActive: true,
    minSubtotal: null,
    productTag: null,
    requiresExternalApproval: false,
    ...overrides,
  };
}

const line = (totalPriceAmount: number, tags: string[] = []): DiscountLine => ({
  totalPriceAmount,
  tags,
});

describe("splitProportionally", () => {
  it("sums to exactly the amount and gives the leftover units to the largest remainders", () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(10_000, [17_900, 9_900, 4_900])).toEqual([5474, 3028, 1498]);
    const parts = splitProportionally(9_999, [12_345, 678, 9, 31_337]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(9_999);
  });

  it("never gives a part more than its weight when the amount fits", () => {
    const weights = [1, 2, 3, 99_999];
    const parts = splitProportionally(100_005, weights);
    expect(parts).toEqual(weights);
  });

  it("gives nothing for no amount or no weight", () => {
    expect(splitProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([0, 0]);
  });

  it("stays exact for amounts whose products pass 2^53", () => {
    const parts = splitProportionally(900_000_000, [999_000_000, 999_000_001, 7]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(900_000_000);
  });
});

describe("discountCodeProblem", () => {
  const lines = [line(30_000, ["new"]), line(10_000)];

  it("accepts a code without conditions", () => {
    expect(discountCodeProblem(rule({ percentOff: 1000 }), lines, SE)).toBeNull();
  });

  it("checks inactive, then validity, then outside approval, then the cart", () => {
    const everything = rule({
      percentOff: 1000,
      isActive: false,
      validUntil: new Date("2024-01-01T00:00:00Z"),
      requiresExternalApproval: true,
      minSubtotal: { SEK: 1_000_000 },
    });
    expect(discountCodeProblem(everything, lines, SE)).toBe("INACTIVE_DISCOUNT_CODE");
    expect(discountCodeProblem({ ...everything, isActive: true }, lines, SE)).toBe(
      "EXPIRED_DISCOUNT_CODE",
    );
    expect(
      discountCodeProblem({ ...everything, isActive: true, validUntil: null }, lines, SE),
    ).toBe("CONDITION_DISCOUNT_EXTERNAL");
    expect(
      discountCodeProblem(
        { ...everything, isActive: true, validUntil: null, requiresExternalApproval: false },
        lines,
        SE,
      ),
    ).toBe("CONDITION_DISCOUNT_CODE");
  });

  it("is expired outside [validFrom, validUntil)", () => {
    const window = rule({
      percentOff: 1000,
      validFrom: new Date("2026-06-01T00:00:00Z"),
      validUntil: new Date("2026-06-01T12:00:00Z"),
    });
    expect(discountCodeProblem(window, lines, SE)).toBe("EXPIRED_DISCOUNT_CODE");
    expect(
      discountCodeProblem(window, lines, { ...SE, now: new Date("2026-06-01T11:59:59Z") }),
    ).toBeNull();
    expect(
      discountCodeProblem(window, lines, { ...SE, now: new Date("2026-05-31T23:59:59Z") }),
    ).toBe("EXPIRED_DISCOUNT_CODE");
  });

  it("needs the market, the currency and the minimum subtotal of the cart", () => {
    expect(discountCodeProblem(rule({ percentOff: 1, countryCodes: ["SE"] }), lines, FI)).toBe(
      "CONDITION_DISCOUNT_CODE",
    );
    expect(discountCodeProblem(rule({ amountOff: { SEK: 100 } }), lines, FI)).toBe(
      "CONDITION_DISCOUNT_CODE",
    );
    const minimum = rule({ amountOff: { SEK: 100 }, minSubtotal: { SEK: 40_000 } });
    expect(discountCodeProblem(minimum, lines, SE)).toBeNull();
    expect(discountCodeProblem(minimum, [line(39_999)], SE)).toBe("CONDITION_DISCOUNT_CODE");
    expect(discountCodeProblem(rule({ percentOff: 1, minSubtotal: { SEK: 1 } }), lines, FI)).toBe(
      "CONDITION_DISCOUNT_CODE",
    );
  });

  it("needs a line with the product tag", () => {
    const tagged = rule({ percentOff: 2000, productTag: "new" });
    expect(discountCodeProblem(tagged, lines, SE)).toBeNull();
    expect(discountCodeProblem(tagged, [line(10_000, ["sale"])], SE)).toBe(
      "CONDITION_DISCOUNT_CODE",
    );
  });
});

describe("computeDiscounts", () => {
  it("takes a percentage off every line, rounded per line", () => {
    const result = computeDiscounts(
      [line(17_900), line(9_950), line(5)],
      [rule({ percentOff: 1000 })],
      SE,
    );
    expect(result.lineDiscounts).toEqual([1790, 995, 1]);
    expect(result.discountTotal).toBe(2786);
    expect(result.codeDiscounts).toEqual([{ code: "TEST", amount: 2786 }]);
  });

  it("spreads a fixed amount in proportion, summing exactly, in the cart's currency", () => {
    const fixed = rule({ amountOff: { SEK: 10_000, EUR: 1000 } });
    const se = computeDiscounts([line(17_900), line(9_900), line(4_900)], [fixed], SE);
    expect(se.lineDiscounts).toEqual([5474, 3028, 1498]);
    expect(se.discountTotal).toBe(10_000);
    const fi = computeDiscounts([line(2_990), line(1_590)], [fixed], FI);
    expect(fi.discountTotal).toBe(1000);
  });

  it("never takes more than a line's total", () => {
    const result = computeDiscounts(
      [line(3_000), line(1_000)],
      [rule({ amountOff: { SEK: 10_000 } }), rule({ code: "ALL", percentOff: 10_000 })],
      SE,
    );
    expect(result.lineDiscounts).toEqual([3_000, 1_000]);
    expect(result.codeDiscounts).toEqual([
      { code: "TEST", amount: 4_000 },
      { code: "ALL", amount: 0 },
    ]);
  });

  it("applies a tag code only to the lines that carry the tag", () => {
    const result = computeDiscounts(
      [line(30_000, ["new"]), line(10_000, ["sale"]), line(5_000, ["new", "gift"])],
      [rule({ percentOff: 2000, productTag: "new" })],
      SE,
    );
    expect(result.lineDiscounts).toEqual([6_000, 0, 1_000]);
  });

  it("applies codes one after another on what is left", () => {
    const result = computeDiscounts(
      [line(60_000)],
      [rule({ code: "A", percentOff: 1000 }), rule({ code: "B", amountOff: { SEK: 10_000 } })],
      SE,
    );
    expect(result.codeDiscounts).toEqual([
      { code: "A", amount: 6_000 },
      { code: "B", amount: 10_000 },
    ]);
    expect(result.lineDiscounts).toEqual([16_000]);
  });

  it("keeps a code whose conditions are no longer met, at 0", () => {
    const result = computeDiscounts(
      [line(30_000)],
      [
        rule({ code: "MIN", amountOff: { SEK: 10_000 }, minSubtotal: { SEK: 50_000 } }),
        rule({ code: "OLD", percentOff: 1000, validUntil: new Date("2026-01-01T00:00:00Z") }),
      ],
      SE,
    );
    expect(result.codeDiscounts).toEqual([
      { code: "MIN", amount: 0 },
      { code: "OLD", amount: 0 },
    ]);
    expect(result.discountTotal).toBe(0);
  });

  it("gives nothing on an empty cart", () => {
    expect(computeDiscounts([], [rule({ percentOff: 1000 })], SE)).toEqual({
      lineDiscounts: [],
      discountTotal: 0,
      codeDiscounts: [{ code: "TEST", amount: 0 }],
    });
  });
});
