import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { creditWarning } from "./credit-warning";

async function i18nWith(resources: Record<string, Record<string, unknown>>, lng: string) {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: "sv",
    resources: Object.fromEntries(
      Object.entries(resources).map(([language, texts]) => [language, { translation: texts }]),
    ),
  });
  return i18n;
}

describe("creditWarning (A§4: only if a translation exists)", () => {
  const sv = { company: { notCreditValid: "Företaget är inte kreditgodkänt." } };

  it("shows the text for a company that is not credit valid", async () => {
    const i18n = await i18nWith({ sv }, "sv");
    expect(creditWarning(i18n, "company.notCreditValid", false)).toBe(
      "Företaget är inte kreditgodkänt.",
    );
    expect(creditWarning(i18n, "company.notCreditValid", true)).toBeNull();
  });

  it("shows nothing in a language without the text, not the key nor the fallback's words", async () => {
    const i18n = await i18nWith({ sv, fi: { company: {} } }, "fi");
    expect(creditWarning(i18n, "company.notCreditValid", false)).toBeNull();
    expect(creditWarning(i18n, "customerCard.notCreditValid", false)).toBeNull();
  });
});
