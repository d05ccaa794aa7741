import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { RemixI18Next } from "remix-i18next/server";
import { fromConfig } from "./config.server";
import { storefrontCookies } from "./cookies.server";
import { i18nInstance } from "./i18n-instances.server";
import { marketOf } from "./market.server";

/**
 * remix-i18next on the server detects the language: `?lng=`, then the `lng` cookie, then the market's
 * language (DESIGN §3); the browser's Accept-Language is deliberately not used, so a shopper in
 * the Swedish market sees Swedish unless they choose otherwise. Made again with the cookies when
 * the configuration is read again (`fromConfig`).
 */
export const i18nServer: () => RemixI18Next = fromConfig(
  () =>
    new RemixI18Next({
      detection: {
        supportedLanguages: [...SUPPORTED_LANGUAGES],
        fallbackLanguage: DEFAULT_LANGUAGE,
        cookie: storefrontCookies().language,
        order: ["searchParams", "cookie", "custom"],
        async findLocale(request) {
          return (await marketOf(request)).language;
        },
      },
    }),
);

export async function languageOf(request: Request): Promise<string> {
  return i18nServer().getLocale(request);
}

/** A translator in the language of the request, for loaders, actions and meta. */
export async function translatorFor(request: Request) {
  return translatorIn(await languageOf(request));
}

/** A translator in a given language (after a market change, the new market's). */
export async function translatorIn(language: string) {
  return (await i18nInstance(language)).t;
}
