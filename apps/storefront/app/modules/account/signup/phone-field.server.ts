import { i18nInstance } from "~/modules/http/i18n-instances.server";

/** The translation key of the signup phone field's label. */
export const PHONE_LABEL_KEY = "signup.phone";

/**
 * A§2: "The phone field shows only if its translation exists": whether the phone label has a
 * text in `language` itself (another language's fallback text does not count). Without it the
 * signup form neither shows nor requires the user's phone (`createSignupSchema`'s `phoneNumber`).
 */
export async function phoneFieldShown(language: string): Promise<boolean> {
  const i18n = await i18nInstance(language);
  return i18n.exists(PHONE_LABEL_KEY, { lngs: [i18n.language] });
}
