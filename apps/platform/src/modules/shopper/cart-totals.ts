import type { CartTotals } from "@kassa/api-client";
import type { ShippingRule } from "./shipping.js";

export interface TotalsLine {
  /** Sale price × quantity, minus the line's discount (`totalDiscountAmount`). */
  totalPriceAmount: number;
  /** What discount codes take off the line; default 0. */
  totalDiscountAmount?: number;
  /** VAT rate of the line in basis points (2500 = 25 %). */
  taxPercentage: number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  isTaxIncludedInPrice: boolean;
  shipping: ShippingRule;
  /** VAT rate of shipping in basis points (the market's standard rate). */
  shippingTaxPercentage: number;
}

/** VAT contained in a gross amount: amount × rate / (10000 + rate), rounded per amount. */
export function includedTax(amount: number, rate: number): number {
  return Math.round((amount * rate) / (10_000 + rate));
}

/** VAT to add to a net amount: amount × rate / 10000, rounded per amount. */
export function addedTax(amount: number, rate: number): number {
  return Math.round((amount * rate) / 10_000);
}

/**
 * Cart totals, all in minor units. Tax is rounded per line (and once for shipping) and then summed,
 * the way an order's lines each carry their own tax. An empty cart costs nothing, shipping included.
 *
 * Discount codes: `subTotal` is the lines before discounts and `discountTotal` what the codes take
 * off them, so `subTotal − discountTotal` is what the lines cost. Tax is computed on the discounted
 * line totals. Free shipping is judged on `subTotal` before discounts, so a code never makes a
 * shopper pay shipping that the cart without it would not.
 */
export function computeCartTotals(input: TotalsInput): CartTotals {
  const discountTotal = input.lines.reduce((sum, line) => sum + (line.totalDiscountAmount ?? 0), 0);
  const subTotal =
    input.lines.reduce((sum, line) => sum + line.totalPriceAmount, 0) + discountTotal;
  const shippingTotal =
    input.lines.length === 0 || subTotal >= input.shipping.freeFrom ? 0 : input.shipping.fee;

  const tax = input.isTaxIncludedInPrice ? includedTax : addedTax;
  const taxTotal =
    input.lines.reduce((sum, line) => sum + tax(line.totalPriceAmount, line.taxPercentage), 0) +
    tax(shippingTotal, input.shippingTaxPercentage);

  const grandTotal =
    subTotal + shippingTotal - discountTotal + (input.isTaxIncludedInPrice ? 0 : taxTotal);
  return { subTotal, shippingTotal, discountTotal, taxTotal, grandTotal };
}
