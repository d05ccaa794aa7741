import { i18nInstance } from "./i18n-instances.server";
import { localeOf } from "./request-locale.server";

/**
 * The language of a request (DESIGN §3, ADR 0037): the path's on a public page (`/fi-fi/…`);
 * elsewhere `?lng=`, then the `lng` cookie, then the market's language. The browser's
 * Accept-Language only chooses where `/` leads a first visit (`preferredLocale`), so a shopper in
 * the Swedish market sees Swedish unless they choose otherwise.
 */
export async function languageOf(request: Request): Promise<string> {
  return (await localeOf(request)).language;
}

/** A translator in the language of the request, for loaders, actions and meta. */
export async function translatorFor(request: Request) {
  return translatorIn(await languageOf(request));
}

/** A translator in a given language (after a market change, the new market's). */
export async function translatorIn(language: string) {
  return (await i18nInstance(language)).t;
}
