import { findMarket, type Market } from "@kassa/domain";

/**
 * Standard shipping per market, in the market's minor units: the markets' own rule in
 * `@kassa/domain` (free from a cart subtotal of 499 SEK / 49 EUR), which the storefront also shows
 * on product pages. In a store group whose prices exclude VAT both numbers are net amounts too.
 */
export type ShippingRule = Market["shipping"];

export function shippingRuleFor(countryCode: string): ShippingRule {
  const rule = findMarket(countryCode)?.shipping;
  if (!rule) throw new Error(`No shipping rule for market ${countryCode}`);
  return rule;
}
