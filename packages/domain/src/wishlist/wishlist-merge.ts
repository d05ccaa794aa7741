import { cleanWishlist } from "./wishlist-entries.js";

/**
 * The list kept by the browser's storage (with scripts) and the list kept by the cookie (every
 * page without scripts, and the server's view) can change apart: a shopper adds from a page with
 * scripts off, removes in another tab, comes back with scripts on. Merging the two against the
 * list both last agreed on (`base`) keeps every change from either side: an entry stays when both
 * keep it or one side added it, and goes when either side removed it. So nobody loses an entry they
 * added, and nothing they removed comes back.
 */
export function mergeWishlists(
  base: readonly string[],
  local: readonly string[],
  cookie: readonly string[],
): string[] {
  const before = new Set(base);
  const inLocal = new Set(local);
  const inCookie = new Set(cookie);
  const keep = (entry: string) => {
    const removedSomewhere = before.has(entry) && (!inLocal.has(entry) || !inCookie.has(entry));
    return !removedSomewhere;
  };
  // The local list's order first (the browser saw the latest adds), then what only the cookie has.
  return cleanWishlist([...local, ...cookie].filter(keep));
}
