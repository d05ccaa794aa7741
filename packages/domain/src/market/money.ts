/**
 * Money (C§9): amounts travel and are stored as integers in minor units (öre, cent). Display divides
 * by 100 and shows two decimals only when the amount is not whole.
 */

/** Minor units per major unit for every currency Kassa sells in (SEK, EUR). */
export const MINOR_UNITS_PER_MAJOR = 100;

/** The amount in major units, e.g. `12990` → `129.9`. */
export function toMajorUnits(amountMinor: number): number {
  return amountMinor / MINOR_UNITS_PER_MAJOR;
}

export interface FormatMoneyOptions {
  /**
   * The amount is already in major units (kronor, euro), as in the shop's texts and settings
   * (C§9: "minor units divided by 100 unless flagged major").
   * @default false
   */
  major?: boolean;
}

/**
 * Formats an amount for display: minor units divided by 100 unless flagged major (C§9), two
 * decimals only when the amount is not whole.
 *
 * @example
 * formatMoney(129900, "SEK", "sv-SE");              // "1 299 kr"   (no-break spaces)
 * formatMoney(1290, "EUR", "fi-FI");                // "12,90 €"
 * formatMoney(499, "SEK", "sv-SE", { major: true }); // "499 kr"
 */
export function formatMoney(
  amount: number,
  currency: string,
  locale: string,
  options: FormatMoneyOptions = {},
): string {
  const major = options.major ? amount : toMajorUnits(amount);
  const whole = options.major ? Number.isInteger(amount) : amount % MINOR_UNITS_PER_MAJOR === 0;
  return moneyFormatter(locale, currency, whole ? 0 : 2).format(major);
}

/**
 * Building an `Intl.NumberFormat` costs far more than using one (it showed in the storefront's
 * profile), and a shop formats with a handful of locale/currency pairs: keep each one built.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(locale: string, currency: string, digits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** True when the sale price is below the base price. */
export function isOnSale(baseAmount: number, saleAmount: number): boolean {
  return baseAmount > 0 && saleAmount >= 0 && saleAmount < baseAmount;
}

/**
 * The discount badge percent (C§9): rounded from base versus sale price; 0 when not on sale.
 *
 * @example
 * discountPercent(19900, 14900); // 25
 */
export function discountPercent(baseAmount: number, saleAmount: number): number {
  if (!isOnSale(baseAmount, saleAmount)) return 0;
  return Math.round(((baseAmount - saleAmount) / baseAmount) * 100);
}
