import { COOKIE_LIFETIMES, COOKIE_NAMES, cleanWishlist, cookieNameOnWire } from "@kassa/domain";

/**
 * The wishlist cookie's value: the entries joined by dots (entries are ids and `:`, so the value
 * needs no encoding and stays readable by the scripts that keep it in step with the storage).
 * Read and written the same way on the server and in the browser.
 */
const SEPARATOR = ".";

export const WISHLIST_COOKIE = COOKIE_NAMES.wishlist;

/**
 * The wishlist cookie's name on the wire: `__Host-wishlist` where cookies are Secure (issue 38),
 * the rule of every storefront cookie (`cookieNameOnWire`). The server passes its configuration
 * (`cookieSecure`), the browser's scripts whether the page is on HTTPS.
 */
export function wishlistCookieName(secure: boolean): string {
  return cookieNameOnWire(WISHLIST_COOKIE, { secure });
}

export function formatWishlistCookie(entries: readonly string[]): string {
  return cleanWishlist(entries).join(SEPARATOR);
}

export function parseWishlistCookie(value: string | null | undefined): string[] {
  return value ? cleanWishlist(value.split(SEPARATOR)) : [];
}

/** The list in a `Cookie` header (server) or `document.cookie` (browser). */
export function wishlistFromCookieHeader(
  header: string | null | undefined,
  secure: boolean,
): string[] {
  const cookieName = wishlistCookieName(secure);
  for (const pair of header?.split(";") ?? []) {
    const [name, ...value] = pair.trim().split("=");
    if (name === cookieName) return parseWishlistCookie(value.join("="));
  }
  return [];
}

/**
 * A `Set-Cookie` value (or a `document.cookie` assignment) for the list. Not `HttpOnly`: the
 * browser's scripts keep it in step with the storage. An empty list expires the cookie.
 */
export function wishlistCookieString(entries: readonly string[], secure: boolean): string {
  const value = formatWishlistCookie(entries);
  const maxAge = value ? COOKIE_LIFETIMES.wishlist : 0;
  return `${wishlistCookieName(secure)}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
