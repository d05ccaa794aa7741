import { mergeWishlists, readStoredWishlist, WISHLIST_STORAGE_KEY } from "@kassa/domain";
import { wishlistCookieString, wishlistFromCookieHeader } from "./wishlist-cookie";

/**
 * The browser's wishlist (C§3, C§9): the list under the spec's storage key, kept in step with the
 * `wishlist` cookie that pages without scripts (and the server) use. `{key}:synced` holds the list
 * the two last agreed on, so that `mergeWishlists` can tell an entry one side added from one the
 * other side removed. A store for `useSyncExternalStore`: `null` until the browser's list is read.
 */
export const WISHLIST_SYNCED_KEY = `${WISHLIST_STORAGE_KEY}:synced`;

let entries: string[] | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (a privacy setting): the cookie alone carries the list
  }
}

/**
 * Whether the page is on HTTPS: where it is, the shop's cookies are Secure and the wishlist's is
 * `__Host-wishlist` (issue 38). The server decides the same from `KASSA_COOKIE_SECURE`, which a
 * shop on HTTPS leaves on.
 */
function onHttps(): boolean {
  return window.location.protocol === "https:";
}

function write(list: string[]) {
  const store = storage();
  try {
    store?.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(list));
    store?.setItem(WISHLIST_SYNCED_KEY, JSON.stringify(list));
  } catch {
    // A full storage keeps the cookie's copy; the list is not lost.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the list must reach pages without scripts; the Cookie Store API is not in every browser the shop supports.
  document.cookie = wishlistCookieString(list, onHttps());
  entries = list;
  for (const listener of listeners) listener();
}

/**
 * Reads both lists again and merges them (C§4: on opening the drawer, on a storage change in
 * another tab, on paths with /favorites or /account, and after the server answered).
 */
export function reloadWishlist(): string[] {
  const store = storage();
  const local = store?.getItem(WISHLIST_STORAGE_KEY);
  const cookie = wishlistFromCookieHeader(document.cookie, onHttps());
  const merged =
    local === null || local === undefined
      ? cookie
      : mergeWishlists(
          readStoredWishlist(store?.getItem(WISHLIST_SYNCED_KEY)),
          readStoredWishlist(local),
          cookie,
        );
  const settled =
    entries !== null &&
    merged.join() === entries.join() &&
    merged.join() === cookie.join() &&
    JSON.stringify(merged) === local &&
    store?.getItem(WISHLIST_SYNCED_KEY) === local;
  if (!settled) write(merged);
  return merged;
}

/**
 * Takes the list another tab just saved (a `storage` event). The storage is then the newest copy,
 * and the cookie may not have reached this tab yet: WebKit carries the two between its processes
 * each its own way. Merging here took that stale cookie for a removal and saved it back, undoing
 * the other tab's change in both tabs (issue 39, seen in WebKit). The tab that saved wrote the
 * cookie too, so this one only follows; a cleared storage is read again from the cookie.
 */
export function adoptStoredWishlist(): string[] {
  const local = storage()?.getItem(WISHLIST_STORAGE_KEY);
  if (local === null || local === undefined) return reloadWishlist();
  const list = readStoredWishlist(local);
  if (entries === null || list.join() !== entries.join()) {
    entries = list;
    for (const listener of listeners) listener();
  }
  return list;
}

/** Saves a list the shopper just changed, in the storage and the cookie at once. */
export function saveWishlist(list: string[]) {
  write(list);
}

export function subscribeWishlist(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wishlistSnapshot(): string[] | null {
  return entries;
}

/** No browser list on the server: the page renders from the cookie's list. */
export function serverWishlistSnapshot(): null {
  return null;
}
