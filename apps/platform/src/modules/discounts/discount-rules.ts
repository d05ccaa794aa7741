import type { DiscountCodeError } from "@kassa/api-client";
import type { DiscountCodeRow } from "../../db/schema.js";

/**
 * Discount codes (C§4, C§5, C§8) as pure rules: whether a code may be used on a cart, and what
 * each applied code takes off each line. No I/O and no clock: the caller passes the time.
 */

/** The fields of a code the rules read (a `discount_codes` row has them all). */
export type DiscountCodeRule = Pick<
  DiscountCodeRow,
  | "code"
  | "percentOff"
  | "amountOff"
  | "countryCodes"
  | "validFrom"
  | "validUntil"
  | "isActive"
  | "minSubtotal"
  | "productTag"
  | "requiresExternalApproval"
>;

/** A cart line as the rules see it. */
export interface DiscountLine {
  /** Sale price × quantity: the line's total before any discount code. */
  totalPriceAmount: number;
  /** Tags of the line's product parent (`productTag` codes apply only to lines that carry it). */
  tags: readonly string[];
  /**
   * A gift card being bought: no code takes anything off it, and it does not count towards a
   * code's minimum subtotal (a card is money, not goods).
   */
  isGiftCard?: boolean;
}

/** The cart around the lines. */
export interface DiscountContext {
  countryCode: string;
  currencyCode: string;
  /** The platform's time, for the validity window. */
  now: Date;
}

export interface DiscountResult {
  /** Per line, in the order of the lines given: what the codes take off it (≤ its total). */
  lineDiscounts: number[];
  /** Σ lineDiscounts. */
  discountTotal: number;
  /** Per code, in the order given: what it takes off the cart (0 when it gives nothing now). */
  codeDiscounts: { code: string; amount: number }[];
}

/** Σ of the lines' totals before discount codes: what `minSubtotal` is compared with. */
export function subtotalBeforeDiscounts(lines: readonly DiscountLine[]): number {
  return lines.reduce((sum, line) => sum + (line.isGiftCard ? 0 : line.totalPriceAmount), 0);
}

function isEligible(rule: DiscountCodeRule, line: DiscountLine): boolean {
  if (line.isGiftCard) return false;
  return rule.productTag === null || line.tags.includes(rule.productTag);
}

function isWithinValidity(rule: DiscountCodeRule, now: Date): boolean {
  const time = now.getTime();
  if (rule.validFrom && time < rule.validFrom.getTime()) return false;
  if (rule.validUntil && time >= rule.validUntil.getTime()) return false;
  return true;
}

/**
 * Why `rule` cannot be used on this cart now, or null when it can. Checked in this order (the
 * first that applies is answered): inactive, outside its validity window, needs outside approval,
 * then the cart conditions (market, currency of a fixed amount, minimum subtotal per currency, a
 * line with the product tag).
 */
export function discountCodeProblem(
  rule: DiscountCodeRule,
  lines: readonly DiscountLine[],
  context: DiscountContext,
): DiscountCodeError | null {
  if (!rule.isActive) return "INACTIVE_DISCOUNT_CODE";
  if (!isWithinValidity(rule, context.now)) return "EXPIRED_DISCOUNT_CODE";
  if (rule.requiresExternalApproval) return "CONDITION_DISCOUNT_EXTERNAL";
  return cartConditionProblem(rule, lines, context);
}

function cartConditionProblem(
  rule: DiscountCodeRule,
  lines: readonly DiscountLine[],
  context: DiscountContext,
): DiscountCodeError | null {
  if (rule.countryCodes.length > 0 && !rule.countryCodes.includes(context.countryCode)) {
    return "CONDITION_DISCOUNT_CODE";
  }
  if (rule.percentOff === null && rule.amountOff?.[context.currencyCode] === undefined) {
    return "CONDITION_DISCOUNT_CODE";
  }
  if (rule.minSubtotal) {
    const minimum = rule.minSubtotal[context.currencyCode];
    // A minimum set for other currencies only: this currency is not covered.
    if (minimum === undefined || subtotalBeforeDiscounts(lines) < minimum) {
      return "CONDITION_DISCOUNT_CODE";
    }
  }
  if (rule.productTag !== null && !lines.some((line) => isEligible(rule, line))) {
    return "CONDITION_DISCOUNT_CODE";
  }
  return null;
}

/**
 * Splits `amount` over `weights` in proportion, in whole minor units, so the parts sum to exactly
 * `amount` (largest remainder: each part is rounded down, then the units left go one each to the
 * parts with the largest remainders, earlier lines first on a tie). With `amount ≤ Σ weights` no
 * part exceeds its weight. BigInt keeps `amount × weight` exact at any cart size.
 */
export function splitProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((weight) => {
    const numerator = big * BigInt(weight);
    return { floor: numerator / bigTotal, remainder: numerator % bigTotal };
  });
  let left = big - parts.reduce((sum, part) => sum + part.floor, 0n);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .filter((part) => part.remainder > 0n)
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const result = parts.map((part) => part.floor);
  for (const { index } of order) {
    if (left === 0n) break;
    result[index] = (result[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return result.map(Number);
}

/** What one code takes off each line, given what is left of each line after earlier codes. */
function discountsOfCode(
  rule: DiscountCodeRule,
  remaining: readonly number[],
  lines: readonly DiscountLine[],
  currencyCode: string,
): number[] {
  const eligible = lines.map((line) => isEligible(rule, line));
  if (rule.percentOff !== null) {
    const percent = rule.percentOff;
    return remaining.map((left, index) =>
      eligible[index] ? Math.min(left, Math.round((left * percent) / 10_000)) : 0,
    );
  }
  const weights = remaining.map((left, index) => (eligible[index] ? left : 0));
  const available = weights.reduce((sum, weight) => sum + weight, 0);
  const amount = Math.min(rule.amountOff?.[currencyCode] ?? 0, available);
  return splitProportionally(amount, weights);
}

/**
 * What the applied codes take off the cart. Codes apply one after another in the order given (the
 * order they were added), each on what the earlier ones left of each line, so no line goes below
 * zero. A percentage is taken per line and rounded half up; a fixed amount is spread over the
 * eligible lines in proportion to what is left of them, the parts summing to exactly the amount
 * (or to what is left, when that is less).
 *
 * A code whose conditions this cart does not meet now (see {@link discountCodeProblem}) stays on
 * the cart but takes 0 off: it applies again by itself once the cart meets them.
 */
export function computeDiscounts(
  lines: readonly DiscountLine[],
  codes: readonly DiscountCodeRule[],
  context: DiscountContext,
): DiscountResult {
  const remaining = lines.map((line) => Math.max(0, line.totalPriceAmount));
  const codeDiscounts = codes.map((rule) => {
    if (discountCodeProblem(rule, lines, context) !== null) return { code: rule.code, amount: 0 };
    const off = discountsOfCode(rule, remaining, lines, context.currencyCode);
    off.forEach((amount, index) => {
      remaining[index] = (remaining[index] ?? 0) - amount;
    });
    return { code: rule.code, amount: off.reduce((sum, amount) => sum + amount, 0) };
  });
  const lineDiscounts = lines.map(
    (line, index) => Math.max(0, line.totalPriceAmount) - (remaining[index] ?? 0),
  );
  return {
    lineDiscounts,
    discountTotal: lineDiscounts.reduce((sum, amount) => sum + amount, 0),
    codeDiscounts,
  };
}
