import { findMarket, MARKETS, type Market, type MarketCountry } from "@kassa/domain";
import { isSupportedLanguage, type Language, SUPPORTED_LANGUAGES } from "@kassa/i18n";

/**
 * Every public page has one URL per market and language (ADR 0037): a first path segment names
 * both, `/{language}-{market}` in lower case (`/sv-se`, `/fi-fi`, `/en-fi`), and the market's own
 * prefixes name products and categories under it (`/fi-fi/tuote/…`, `/sv-se/kategori/…`). This
 * module builds and parses those paths; the canonical URL, hreflang, the sitemap, the selector and
 * the shared cache all read it, and nothing else writes a public path by hand.
 */
export interface Locale {
  language: Language;
  country: MarketCountry;
}

/** Every language the shop speaks in every market it sells in. */
export const LOCALES: readonly Locale[] = MARKETS.flatMap((market) =>
  SUPPORTED_LANGUAGES.map((language) => ({ language, country: market.country })),
);

/** Sweden in Swedish (C§9 defaults: country SE, language sv). */
export const DEFAULT_LOCALE: Locale = { language: "sv", country: "SE" };

/** The path segment of a locale: `sv-se`. */
export function localeSegment(locale: Locale): string {
  return `${locale.language}-${locale.country.toLowerCase()}`;
}

/** The BCP 47 tag search engines read in `hreflang` and `og:locale` takes: `sv-SE`. */
export function languageTag(locale: Locale): string {
  return `${locale.language}-${locale.country}`;
}

/** The locale a path segment names (`fi-fi`), or undefined when it names none. */
export function parseLocaleSegment(segment: string | undefined): Locale | undefined {
  const match = segment?.match(/^([a-z]{2})-([a-z]{2})$/);
  if (!match) return undefined;
  const [, language, country] = match;
  const market = findMarket(country);
  if (!market || !isSupportedLanguage(language)) return undefined;
  return { language, country: market.country };
}

/** The locale named by a path's first segment (`/fi-fi/tuote/x`), if any. */
export function localeOfPath(pathname: string): Locale | undefined {
  return parseLocaleSegment(pathname.split("/")[1]);
}

export function marketOfLocale(locale: Locale): Market {
  return findMarket(locale.country) as Market;
}

export function sameLocale(a: Locale, b: Locale): boolean {
  return a.language === b.language && a.country === b.country;
}

/** A public path in a locale: `localePath(sv-se, "/search")` is `/sv-se/search`. */
export function localePath(locale: Locale, path = "/"): string {
  const rest = path === "/" || path === "" ? "" : path.startsWith("/") ? path : `/${path}`;
  return `/${localeSegment(locale)}${rest}`;
}

/** The start of a locale's product paths: `/fi-fi/tuote`; a product is `${base}/${slug}`. */
export function productBasePath(locale: Locale): string {
  return localePath(locale, `/${marketOfLocale(locale).productUrlPrefix}`);
}

/** A product page: `/fi-fi/tuote/ulltroja-fjall`. */
export function productPathIn(locale: Locale, slug: string): string {
  return `${productBasePath(locale)}/${slug}`;
}

/** A category page: `/sv-se/kategori/klader/trojor`. */
export function categoryPathIn(locale: Locale, categoryUri: string): string {
  return localePath(locale, `/${marketOfLocale(locale).categoryUrlPrefix}/${categoryUri}`);
}

/**
 * Translates a shop page's one-segment slug into another language (`kopvillkor` → `ostoehdot`);
 * undefined when the segment is no shop page's slug.
 */
export type SlugTranslator = (slug: string, language: Language) => string | undefined;

/**
 * The same public page in another locale: the product under the other market's prefix, a
 * category under its, a shop page under its slug in the other language, any other page at the
 * same path; the query is kept. Undefined when `pathname` is not a public page's path.
 */
export function pathInLocale(
  path: string,
  target: Locale,
  translateSlug: SlugTranslator = () => undefined,
): string | undefined {
  const url = new URL(path, "http://storefront.invalid");
  const source = localeOfPath(url.pathname);
  if (!source) return undefined;
  const market = marketOfLocale(source);
  const [, , first, ...rest] = url.pathname.split("/");
  const search = url.search;
  if (!first) return `${localePath(target)}${search}`;
  if (first === market.productUrlPrefix && rest.length === 1) {
    return `${productPathIn(target, rest[0] as string)}${search}`;
  }
  if (first === market.categoryUrlPrefix && rest.length > 0) {
    return `${categoryPathIn(target, rest.join("/"))}${search}`;
  }
  if (rest.length === 0) {
    const slug = translateSlug(first, target.language);
    if (slug) return `${localePath(target, `/${slug}`)}${search}`;
  }
  return `${localePath(target, `/${[first, ...rest].join("/")}`)}${search}`;
}

/**
 * The query parameter with which a link from a public page to a person's own page (the cart, the
 * login, the favourites) carries the locale it was followed from: `/login?locale=fi-fi`. Those
 * pages take their locale from the cookies, and a public page sets none (the shared cache keeps
 * it), so without it a visitor reading `/fi-fi` would land on a Swedish login page.
 */
export const LINKED_LOCALE_PARAM = "locale";

/**
 * A link to a person's own page (`/cart`, `/login?redirectTo=…`) that carries `from`, the locale
 * of the public page it is on; the path as it is when there is none.
 */
export function personalPathFrom(from: Locale | undefined, path: string): string {
  if (!from) return path;
  const [beforeHash, hash] = path.split("#", 2);
  const separator = beforeHash?.includes("?") ? "&" : "?";
  const withLocale = `${beforeHash}${separator}${LINKED_LOCALE_PARAM}=${localeSegment(from)}`;
  return hash === undefined ? withLocale : `${withLocale}#${hash}`;
}
