import { isOnWishlist, toggleWishlist, type WishlistToggle } from "@kassa/domain";
import { useFetcher } from "@remix-run/react";
import { useCallback, useSyncExternalStore } from "react";
import { useRootData } from "~/root-data";
import {
  saveWishlist,
  serverWishlistSnapshot,
  subscribeWishlist,
  wishlistSnapshot,
} from "./wishlist-store";

/** Where the wishlist's form posts go (the `/favorites` page's action). */
export const WISHLIST_ACTION = "/favorites";

/**
 * The wishlist in a component: the browser's list once read, the server's (from the cookie)
 * before that, so the first paint and hydration agree. `toggle` changes the list in the browser
 * at once and, for a logged-in user, tells the platform too (its answer refreshes the cookie).
 */
export function useWishlist() {
  const root = useRootData();
  const browser = useSyncExternalStore(subscribeWishlist, wishlistSnapshot, serverWishlistSnapshot);
  const entries = browser ?? root?.wishlist ?? [];
  const fetcher = useFetcher();
  const loggedIn = root?.loggedIn ?? false;

  const toggle = useCallback(
    (entry: string): WishlistToggle["change"] => {
      const { entries: next, change } = toggleWishlist(wishlistSnapshot() ?? entries, entry);
      if (change === "full") return change;
      saveWishlist(next);
      if (loggedIn) {
        fetcher.submit(
          { intent: change === "added" ? "add" : "remove", entry, reply: "json" },
          { method: "post", action: WISHLIST_ACTION },
        );
      }
      return change;
    },
    [entries, loggedIn, fetcher.submit],
  );

  return {
    entries,
    count: entries.length,
    has: (productId: string) => isOnWishlist(entries, productId),
    toggle,
  };
}
