import {
  findMarketByCategoryUrlPrefix,
  findMarketByProductUrlPrefix,
  marketOrDefault,
} from "@kassa/domain";
import type { Language } from "@kassa/i18n";
import { shopPageAt, slugTranslator } from "~/modules/content/shop-pages.server";
import {
  categoryPathIn,
  LOCALES,
  type Locale,
  languageTag,
  localeOfPath,
  localePath,
  localeSegment,
  parseLocaleSegment,
  pathInLocale,
  productPathIn,
} from "./locale-url";
import { throwNotFound } from "./not-found.server";
import { publicUrl } from "./public-origin.server";
import { redirectOnSite } from "./redirect-to";
import {
  chosenInCookies,
  homeOf,
  languageInQuery,
  preferredLocale,
  rememberAskedLanguage,
} from "./request-locale.server";

/** How a redirect that depends on the visitor's cookies is answered: never shared or kept. */
const PERSONAL_REDIRECT = { "Cache-Control": "private, no-store", Vary: "Cookie" };

/** `/`: to the visitor's locale's home page (302: the choice can change). */
export async function redirectToPreferredLocale(request: Request): Promise<never> {
  const locale = await preferredLocale(request);
  const headers = new Headers({ ...PERSONAL_REDIRECT, Vary: "Cookie, Accept-Language" });
  for (const cookie of await rememberAskedLanguage(request)) headers.append("Set-Cookie", cookie);
  throw redirectOnSite(localePath(locale), { status: 302, headers });
}

/**
 * The new URL of a public page's address from before ADR 0037 (`/produkt/x`, `/tuote/x`,
 * `/kategori/…`, a shop page's `/kopvillkor`, `/search`, `/presentkort`, `/newsletter`): the page
 * that URL showed the visitor, whose market came from the product prefix or the cookie and whose
 * language from `?lng=`, the cookie, the slug or the market, in that order. Undefined for any
 * other path.
 */
export async function legacyPublicPath(request: Request): Promise<string | undefined> {
  const url = new URL(request.url);
  // A trailing slash is the same old address (`/integritetspolicy/` was linked as often as not).
  const [, first, ...rest] = url.pathname.replace(/\/+$/, "").split("/");
  if (!first) return undefined;
  const chosen = await chosenInCookies(request);
  const query = new URLSearchParams(url.search);
  query.delete("lng");
  const search = query.size > 0 ? `?${query}` : "";
  // As the old pages chose: `?lng=`, then the remembered language, then what the URL implies (a
  // slug's language), then the market's.
  const localeIn = (country: string | undefined, implied?: Language): Locale => {
    const market = marketOrDefault(country);
    return {
      country: market.country,
      language: languageInQuery(url) ?? chosen.language ?? implied ?? market.language,
    };
  };

  const productMarket = findMarketByProductUrlPrefix(first);
  if (productMarket && rest.length === 1 && rest[0]) {
    return `${productPathIn(localeIn(productMarket.country), rest[0])}${search}`;
  }
  const categoryMarket = findMarketByCategoryUrlPrefix(first);
  if (categoryMarket && rest.length > 0) {
    // Before ADR 0037 every market's categories were under `/kategori/`: the cookie said which.
    return `${categoryPathIn(localeIn(chosen.country), rest.join("/"))}${search}`;
  }
  if (rest.length > 0) return undefined;
  if (["search", "presentkort", "newsletter"].includes(first)) {
    return `${localePath(localeIn(chosen.country), `/${first}`)}${search}`;
  }
  const page = await shopPageAt(first);
  if (page) {
    const translate = await slugTranslator();
    const slugLanguage = LOCALES.map((locale) => locale.language).find(
      (language) => translate(first, language) === first,
    );
    const locale = localeIn(chosen.country, slugLanguage);
    return `${localePath(locale, `/${translate(first, locale.language) ?? first}`)}${search}`;
  }
  return undefined;
}

/**
 * A route's answer for a first segment that is no locale: a 301 to the page's new URL when the
 * path is an address from before ADR 0037 (308 for a post, so it reaches the new page's action),
 * else the shop's 404.
 */
export async function redirectLegacyOrNotFound(request: Request): Promise<never> {
  const path = await legacyPublicPath(request);
  if (path) {
    const headers = new Headers(PERSONAL_REDIRECT);
    for (const cookie of await rememberAskedLanguage(request)) headers.append("Set-Cookie", cookie);
    // A form posted to an old address (a page from before, still open) keeps its method and body.
    const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
    // A path kept from the request that would not stay on the shop leads to the locale's home.
    throw redirectOnSite(path, { status, headers }, await homeOf(request));
  }
  return throwNotFound(request);
}

/** One locale's version of a public page, for `hreflang` and the language links. */
export interface Alternate {
  /** `sv-SE` */
  hrefLang: string;
  /** `sv-se` */
  locale: string;
  /** The path, for links inside the shop. */
  path: string;
  /** The absolute URL, for search engines. */
  href: string;
}

/**
 * The page's address in every locale, when the request is for a public page (its path has a
 * locale); undefined on the pages that are a person's own.
 */
export async function alternatesOf(request: Request): Promise<Alternate[] | undefined> {
  const url = new URL(request.url);
  if (!localeOfPath(url.pathname)) return undefined;
  const translate = await slugTranslator();
  // Only the page's own parameters follow it into another language (not `lng`, not tracking).
  const kept = new URLSearchParams();
  for (const name of ["q", "page"]) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const path = `${url.pathname}${kept.size > 0 ? `?${kept}` : ""}`;
  return LOCALES.flatMap((locale) => {
    const alternate = pathInLocale(path, locale, translate);
    return alternate
      ? [
          {
            hrefLang: languageTag(locale),
            locale: localeSegment(locale),
            path: alternate,
            href: publicUrl(alternate),
          },
        ]
      : [];
  });
}

/**
 * The `action` of a page that takes no posts but shares its route with addresses from before ADR
 * 0037 (`/produkt/x`, `/presentkort`, `/newsletter`): a form still open on an old page reaches the
 * new page's action (308); a post to the page itself is refused as its method.
 */
export async function postToPageWithoutForm({
  request,
  params,
}: {
  request: Request;
  params: Record<string, string | undefined>;
}): Promise<never> {
  if (!parseLocaleSegment(params.locale)) return redirectLegacyOrNotFound(request);
  throw new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
}
