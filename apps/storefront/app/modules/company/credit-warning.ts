import type { i18n as I18n } from "i18next";

/** The two places A§4 warns about a company that is not credit valid, each with its own text. */
export type CreditWarningKey = "company.notCreditValid" | "customerCard.notCreditValid";

/**
 * The warning for a company that is not credit valid, or `null` (A§4: it "shows a warning only if
 * a translation for it exists"): a shop that has no text for it in a language shows nothing
 * rather than a key or another language's words. Only the current language counts, not the
 * fallback.
 */
export function creditWarning(
  i18n: Pick<I18n, "exists" | "t">,
  key: CreditWarningKey,
  creditValid: boolean,
): string | null {
  if (creditValid) return null;
  if (!i18n.exists(key, { fallbackLng: [] })) return null;
  return i18n.t(key);
}
