import { describe, expect, it } from "vitest";
import { computeCartTotals, includedTax } from "./cart-totals.js";

const SE_SHIPPING = { fee: 4900, freeFrom: 49900 };

describe("computeCartTotals", () => {
  it("costs nothing for an empty cart, shipping included", () => {
    expect(
      computeCartTotals({
        lines: [],
        isTaxIncludedInPrice: true,
        shipping: SE_SHIPPING,
        shippingTaxPercentage: 2500,
      }),
    ).toEqual({ subTotal: 0, shippingTotal: 0, discountTotal: 0, taxTotal: 0, grandTotal: 0 });
  });

  it("includes VAT in prices: tax is the part of each line and of shipping that is VAT", () => {
    const totals = computeCartTotals({
      lines: [
        { totalPriceAmount: 17_900, taxPercentage: 2500 },
        { totalPriceAmount: 9_900, taxPercentage: 1200 },
      ],
      isTaxIncludedInPrice: true,
      shipping: SE_SHIPPING,
      shippingTaxPercentage: 2500,
    });
    expect(totals).toEqual({
      subTotal: 27_800,
      shippingTotal: 4900,
      discountTotal: 0,
      taxTotal: 3580 + 1061 + 980,
      grandTotal: 32_700,
    });
  });

  it("ships for free from the threshold", () => {
    const totals = computeCartTotals({
      lines: [{ totalPriceAmount: 49_900, taxPercentage: 2500 }],
      isTaxIncludedInPrice: true,
      shipping: SE_SHIPPING,
      shippingTaxPercentage: 2500,
    });
    expect(totals.shippingTotal).toBe(0);
    expect(totals.grandTotal).toBe(49_900);
    expect(totals.taxTotal).toBe(9980);
  });

  it("adds VAT on top of net prices", () => {
    const totals = computeCartTotals({
      lines: [{ totalPriceAmount: 10_000, taxPercentage: 2550 }],
      isTaxIncludedInPrice: false,
      shipping: { fee: 490, freeFrom: 4900 },
      shippingTaxPercentage: 2550,
    });
    expect(totals).toEqual({
      subTotal: 10_000,
      shippingTotal: 0,
      discountTotal: 0,
      taxTotal: 2550,
      grandTotal: 12_550,
    });
  });

  it("takes discounts off the lines: tax on the discounted totals, shipping on the subtotal", () => {
    const totals = computeCartTotals({
      lines: [
        { totalPriceAmount: 45_000, totalDiscountAmount: 5_000, taxPercentage: 2500 },
        { totalPriceAmount: 9_000, totalDiscountAmount: 1_000, taxPercentage: 1200 },
      ],
      isTaxIncludedInPrice: true,
      shipping: SE_SHIPPING,
      shippingTaxPercentage: 2500,
    });
    // 60 000 before discounts ships free even though the lines now cost 54 000.
    expect(totals).toEqual({
      subTotal: 60_000,
      shippingTotal: 0,
      discountTotal: 6_000,
      taxTotal: 9_000 + 964,
      grandTotal: 54_000,
    });
  });

  it("adds VAT on the discounted net lines", () => {
    const totals = computeCartTotals({
      lines: [{ totalPriceAmount: 9_000, totalDiscountAmount: 1_000, taxPercentage: 2500 }],
      isTaxIncludedInPrice: false,
      shipping: SE_SHIPPING,
      shippingTaxPercentage: 2500,
    });
    expect(totals).toEqual({
      subTotal: 10_000,
      shippingTotal: 4900,
      discountTotal: 1_000,
      taxTotal: 2250 + 1225,
      grandTotal: 10_000 + 4900 - 1_000 + 3475,
    });
  });

  it("rounds VAT per amount to whole minor units", () => {
    expect(includedTax(999, 2500)).toBe(200);
    expect(includedTax(1590, 2550)).toBe(323);
  });
});
