import type { CartTotals } from "@kassa/api-client";
import type { ShippingRule } from "./shipping.js";

export interface TotalsLine {
  /** Sale price × quantity, minus line discounts. */
  totalPriceAmount: number;
  /** VAT rate of the line in basis points (2500 = 25 %). */
  taxPercentage: number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  isTaxIncludedInPrice: boolean;
  shipping: ShippingRule;
  /** VAT rate of shipping in basis points (the market's standard rate). */
  shippingTaxPercentage: number;
  /** Discount codes are not offered yet; kept so the formula has one place to change. */
  discountTotal?: number;
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
 */
export function computeCartTotals(input: TotalsInput): CartTotals {
  const subTotal = input.lines.reduce((sum, line) => sum + line.totalPriceAmount, 0);
  const discountTotal = input.discountTotal ?? 0;
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
