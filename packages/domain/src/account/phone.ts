import {
  getCountryCallingCode,
  isSupportedCountry,
  isValidPhoneNumber as isValidInternationalNumber,
} from "libphonenumber-js";

/**
 * Phone numbers of the account forms (A§5, A§9): numbers are stored in international form
 * (`+46701234567`). What a person types is normalised first: spaces, dashes, dots and brackets go,
 * a `00` prefix becomes `+`, and a number without a plus gets the selected country's calling code
 * with its leading zeros removed (`070-123 45 67` → `+46701234567`).
 *
 * Validation uses libphonenumber-js with its default ("min") metadata: it checks the number's
 * length and leading digits per country, not the exact number type. The forms and the platform
 * both check numbers with {@link phoneNumberProblem}, so a number the form takes is one the server
 * stores.
 */

/** A§9: the default phone country (calling code +46). */
export const DEFAULT_PHONE_COUNTRY = "SE";

const SEPARATORS = /[\s\-‐‑‒–—.()/]/g;

/** `+46` for `SE`, `+358` for `FI`; `undefined` for a country libphonenumber does not know. */
export function callingCodeOf(country: string): string | undefined {
  const upper = country.trim().toUpperCase();
  if (!isSupportedCountry(upper)) return undefined;
  return `+${getCountryCallingCode(upper)}`;
}

/** The number without spaces, dashes, dots, brackets or slashes: how it is stored. */
export function cleanPhoneNumber(value: string): string {
  return value.trim().replace(SEPARATORS, "");
}

/**
 * The number in international form, as far as the input allows: separators removed, `00` → `+`,
 * and digits without a plus prefixed with the calling code of `country` (leading zeros dropped).
 * An unknown `country` falls back to {@link DEFAULT_PHONE_COUNTRY}. Input that is not only digits
 * (letters, a misplaced `+`) is returned cleaned but otherwise as typed, so validation can say
 * what is wrong with it. Empty input gives `""`.
 *
 * @example normalisePhoneInput("070-123 45 67") // "+46701234567"
 * @example normalisePhoneInput("040 123 4567", "FI") // "+358401234567"
 * @example normalisePhoneInput("0046 70 123 45 67") // "+46701234567"
 */
export function normalisePhoneInput(
  value: string,
  country: string = DEFAULT_PHONE_COUNTRY,
): string {
  const cleaned = cleanPhoneNumber(value);
  if (cleaned === "") return "";
  if (cleaned.startsWith("+")) return cleaned;
  if (cleaned.startsWith("00")) return `+${cleaned.slice(2)}`;
  if (!/^\d+$/.test(cleaned)) return cleaned;
  const callingCode = callingCodeOf(country) ?? callingCodeOf(DEFAULT_PHONE_COUNTRY)!;
  return `${callingCode}${cleaned.replace(/^0+/, "")}`;
}

/**
 * What is wrong with a (cleaned or normalised) number, in the order a person fixes it:
 * `"notInternational"` when it does not start with `+` (A§5), `"invalid"` when it is not a valid
 * number of its country; `undefined` for a good one.
 */
export type PhoneNumberProblem = "notInternational" | "invalid";

export function phoneNumberProblem(value: string): PhoneNumberProblem | undefined {
  if (!value.startsWith("+")) return "notInternational";
  return isValidInternationalNumber(value) ? undefined : "invalid";
}

/** True for a valid number in international form: it starts with `+` (A§5). */
export function isValidPhoneNumber(value: string): boolean {
  return phoneNumberProblem(value) === undefined;
}
