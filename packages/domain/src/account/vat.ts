import { cleanOrganisationNumber } from "./organisation-number.js";

/**
 * The VAT number the signup form fills in from the organisation number (A§4), until the person
 * edits it by hand:
 *
 * - `SE`: `'SE' + organisation number + '01'` (the spec's rule; Swedish VAT numbers are
 *   `SE` + the 10-digit organisation number + `01`).
 * - `FI`: `'FI' + the business id's digits` (our choice, the spec names only Sweden: a Finnish VAT
 *   number is `FI` + the 8 digits of the Y-tunnus without its hyphen, `1234567-8` → `FI12345678`).
 * - any other country: `undefined`, no autofill.
 *
 * An empty organisation number gives `undefined` too.
 */
export function autofillVatNumber(
  organisationNumber: string,
  billingCountry: string,
): string | undefined {
  const number = cleanOrganisationNumber(organisationNumber);
  if (number === "") return undefined;
  switch (billingCountry.trim().toUpperCase()) {
    case "SE":
      return `SE${number}01`;
    case "FI": {
      const digits = number.replace(/\D/g, "");
      return digits === "" ? undefined : `FI${digits}`;
    }
    default:
      return undefined;
  }
}
