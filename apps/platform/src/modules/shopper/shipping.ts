/**
 * Standard shipping per market, in the market's minor units. Free from a cart subtotal of
 * 499 SEK / 49 EUR. In a store group whose prices exclude VAT both numbers are net amounts too.
 */
export interface ShippingRule {
  fee: number;
  freeFrom: number;
}

const SHIPPING: Record<string, ShippingRule> = {
  SE: { fee: 4900, freeFrom: 49900 },
  FI: { fee: 490, freeFrom: 4900 },
};

export function shippingRuleFor(countryCode: string): ShippingRule {
  const rule = SHIPPING[countryCode];
  if (!rule) throw new Error(`No shipping rule for market ${countryCode}`);
  return rule;
}
