import { MARKETS, marketOrDefault } from "@kassa/domain";
import { isSupportedLanguage, type Language } from "@kassa/i18n";
import Negotiator from "negotiator";
import { storefrontCookies } from "./cookies.server";
import {
  LINKED_LOCALE_PARAM,
  LOCALES,
  type Locale,
  languageTag,
  localeOfPath,
  localePath,
  parseLocaleSegment,
} from "./locale-url";

/** The market and language the cookies remember (a choice made in the selector or by `?lng=`). */
export async function chosenInCookies(
  request: Request,
): Promise<{ country?: string; language?: Language }> {
  const cookies = storefrontCookies();
  const header = request.headers.get("Cookie");
  const [country, language] = await Promise.all([
    cookies.market.parse(header),
    cookies.language.parse(header),
  ]);
  return {
    country: typeof country === "string" ? country : undefined,
    language: isSupportedLanguage(language) ? language : undefined,
  };
}

/** `?lng=` of a URL, when it names a language of the shop. */
export function languageInQuery(url: URL): Language | undefined {
  const language = url.searchParams.get("lng");
  return isSupportedLanguage(language) ? language : undefined;
}

/** `?locale=` of a link from a public page to a person's own page, when it names a locale. */
export function linkedLocaleOf(url: URL): Locale | undefined {
  return parseLocaleSegment(url.searchParams.get(LINKED_LOCALE_PARAM) ?? undefined);
}

/**
 * The locale of a request: the path's (`/fi-fi/…`) on a public page; elsewhere (the cart, the
 * account, checkout) what the cookies remember, each market in its own language. A link from a
 * public page (`?locale=fi-fi`) gives its language, and its market when the cookies remember none:
 * a market once chosen stays until the selector or a purchase changes it, since the cart is in it.
 * `?lng=` (the header's language links) names the language before anything else.
 */
export async function localeOf(request: Request): Promise<Locale> {
  const url = new URL(request.url);
  const fromPath = localeOfPath(url.pathname);
  if (fromPath) return fromPath;
  const chosen = await chosenInCookies(request);
  const linked = linkedLocaleOf(url);
  const market = marketOrDefault(chosen.country ?? linked?.country);
  return {
    country: market.country,
    language: languageInQuery(url) ?? linked?.language ?? chosen.language ?? market.language,
  };
}

/**
 * For a person's own page opened by a link from a public page (`/cart?locale=fi-fi`): the cookies
 * that remember what `localeOf` read from the link, the page's address without it (so the address
 * stays the page's own, and is the same for everyone), and the home page of the locale it names,
 * where the redirect leads instead when that address is not a path of the shop
 * (`//evil.example/?locale=sv-se`; `redirectOnSite`). Undefined without such a link.
 */
export async function rememberLinkedLocale(
  request: Request,
): Promise<{ setCookies: string[]; location: string; home: string } | undefined> {
  const url = new URL(request.url);
  if (localeOfPath(url.pathname) || !url.searchParams.has(LINKED_LOCALE_PARAM)) return undefined;
  const linked = linkedLocaleOf(url);
  const locale = await localeOf(request);
  url.searchParams.delete(LINKED_LOCALE_PARAM);
  const location = `${url.pathname}${url.search}${url.hash}`;
  const home = localePath(locale);
  if (!linked) return { setCookies: [], location, home };
  const chosen = await chosenInCookies(request);
  const cookies = storefrontCookies();
  const setCookies: string[] = [];
  if (chosen.country !== locale.country) {
    setCookies.push(await cookies.market.serialize(locale.country));
  }
  if (chosen.language !== locale.language) {
    setCookies.push(await cookies.language.serialize(locale.language));
  }
  return { setCookies, location, home };
}

/** The tags `Accept-Language` is matched against, each language first in its own market. */
const OFFERED_TAGS = [
  ...MARKETS.map((market) => `${market.language}-${market.country}`),
  ...LOCALES.map(languageTag),
].filter((tag, index, all) => all.indexOf(tag) === index);

/**
 * The locale `/` sends a visitor to (ADR 0037): the cookies' choice, else the browser's
 * `Accept-Language` (a bare `fi` is Finland, `en` the default market), else Sweden in Swedish.
 */
export async function preferredLocale(request: Request): Promise<Locale> {
  const chosen = await chosenInCookies(request);
  if (chosen.country || chosen.language || languageInQuery(new URL(request.url))) {
    return localeOf(request);
  }
  const accept = request.headers.get("Accept-Language");
  const [tag] = accept
    ? new Negotiator({ headers: { "accept-language": accept } }).languages(OFFERED_TAGS)
    : [];
  const [language, country] = (tag ?? "").split("-");
  const market = marketOrDefault(country);
  return isSupportedLanguage(language)
    ? { language, country: market.country }
    : { language: market.language, country: market.country };
}

/**
 * The cookies that make the locale of a public page's path the remembered one, when it is not
 * yet: a shopper who adds to the cart on `/fi-fi/…` shops in Finland from then on, and the cart,
 * the checkout and the account (which read the cookies) follow. None off a public page.
 */
export async function rememberPathLocale(request: Request): Promise<string[]> {
  const fromPath = localeOfPath(new URL(request.url).pathname);
  if (!fromPath) return [];
  const chosen = await chosenInCookies(request);
  const cookies = storefrontCookies();
  const setCookies: string[] = [];
  if (chosen.country !== fromPath.country) {
    setCookies.push(await cookies.market.serialize(fromPath.country));
  }
  if (chosen.language !== fromPath.language) {
    setCookies.push(await cookies.language.serialize(fromPath.language));
  }
  return setCookies;
}

/** The home page of the request's locale (`/sv-se`): where "go home" after an action leads. */
export async function homeOf(request: Request): Promise<string> {
  return localePath(await localeOf(request));
}

/**
 * The `lng` cookie of a `?lng=` in the request: a language asked for in a link is a choice, and
 * the cookie remembers it for the pages without a locale in their path. None without one.
 */
export async function rememberAskedLanguage(request: Request): Promise<string[]> {
  const asked = languageInQuery(new URL(request.url));
  return asked ? [await storefrontCookies().language.serialize(asked)] : [];
}
