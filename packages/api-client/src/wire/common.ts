/**
 * Names shared by the wire shapes of every API surface.
 *
 * Every amount is an integer in minor units (öre, cent). Every tax percentage is in basis points
 * (2500 = 25 %).
 */

/** Country codes of the markets Kassa sells in. */
export type CountryCode = string;
/** ISO 4217 currency code, e.g. `SEK`, `EUR`. */
export type CurrencyCode = string;
