/** An ISO 3166-1 alpha-2 country code as the account API stores it: two upper-case letters. */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value);
}
