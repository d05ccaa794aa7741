import type { HeadersFunction } from "@remix-run/node";
import { config } from "~/modules/http/config.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import type { PageCacheNotes } from "./page-tags.server";

/**
 * Which answers a shared HTTP cache in front of the storefront (Varnish, a CDN) may keep, and for
 * how long (ADR 0027). A page opts in with `export const headers = sharedPageHeaders`; the server
 * (`server/shared-cache.ts`) then keeps that only for an anonymous visitor's plain answer, and
 * marks everything else `private, no-store`, so that no visitor ever receives another's cart,
 * name or message.
 */

/** Every shared page carries this key too: purging it empties the shared cache of pages. */
export const LAYOUT_TAG = "layout";

/**
 * The only cookies an anonymous visitor's page may depend on: they choose its language, its
 * prices and whether it shows the cookie banner and which consent it pushes, so a shared cache
 * keeps one copy per value of them (the VCL hashes them; the consent cookie without its day,
 * ADR 0038). Any other of the shop's cookies (cart, login, flash message, wishlist, checkout)
 * makes the page personal.
 */
export function shareableCookies(): readonly string[] {
  // By their names on the wire (`__Host-lng` in production, issue 38): the VCL keys by those.
  const cookies = storefrontCookies();
  return [cookies.language.name, cookies.market.name, cookies.consent.name];
}

/** `Cache-Control` of a page a shared cache may keep; undefined when the setting turns it off. */
export function sharedCacheControl(): string | undefined {
  const { pageSeconds, staleSeconds } = config().sharedCache;
  if (pageSeconds <= 0) return undefined;
  // max-age=0: browsers ask again every time (a shopper who just added to the cart must see it);
  // only the shared cache, purged by tag, keeps the page.
  return `public, max-age=0, s-maxage=${pageSeconds}, stale-while-revalidate=${staleSeconds}`;
}

/** The `headers` export of a page that is the same for every anonymous visitor. */
export const sharedPageHeaders: HeadersFunction = () => {
  const cacheControl = sharedCacheControl();
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

/** The names of the cookies a `Cookie` header carries. */
function cookieNames(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(";")
    .map((pair) => pair.split("=", 1)[0]?.trim() ?? "")
    .filter(Boolean);
}

export interface AnswerToShare {
  method: string;
  /** The request's `Cookie` header. */
  cookie: string | undefined;
  status: number;
  /** The `Cache-Control` the route answered with, if any. */
  cacheControl: string | undefined;
  /** Whether the answer sets a cookie. */
  setsCookie: boolean;
  /** The cache tags the answer was built from, and whether a read stood in for missing data. */
  notes: Readonly<PageCacheNotes>;
}

/**
 * Whether a route asked for its answer to be shared (`s-maxage`): a page rendered for it may reach
 * every visitor through the shared cache, so it carries no secret of this request (a nonce).
 */
export function asksToBeShared(cacheControl: string | null | undefined): boolean {
  return cacheControl != null && /(^|[\s,])s-maxage=/.test(cacheControl);
}

/** The caching headers to answer with (`undefined`: leave the route's own as they are). */
export type CacheHeaders = { "Cache-Control": string; "Surrogate-Key"?: string } | undefined;

/**
 * The rule, in one place: a page that asked to be shared (`s-maxage`) is shared only when it is a
 * 200 to a GET or HEAD that carried no cookie but the language and the market, sets none, and
 * read everything it shows; then it names its tags as surrogate keys. Any other such page, and every answer that said
 * nothing of caching, is `private, no-store`. What a route marked otherwise (a fingerprinted
 * translation file, `no-store`) is left as it is.
 */
export function cacheHeadersFor(answer: AnswerToShare): CacheHeaders {
  const { cacheControl } = answer;
  if (cacheControl !== undefined && !asksToBeShared(cacheControl)) return undefined;
  const allowed = shareableCookies();
  const anonymous = cookieNames(answer.cookie).every((name) => allowed.includes(name));
  const shareable =
    asksToBeShared(cacheControl) &&
    (answer.method === "GET" || answer.method === "HEAD") &&
    answer.status === 200 &&
    anonymous &&
    !answer.setsCookie &&
    !answer.notes.incomplete;
  if (!shareable || cacheControl === undefined) return { "Cache-Control": "private, no-store" };
  return {
    "Cache-Control": cacheControl,
    "Surrogate-Key": [LAYOUT_TAG, ...[...answer.notes.tags].sort()].join(" "),
  };
}
