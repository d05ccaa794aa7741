import { WISHLIST_STORAGE_KEY } from "@kassa/domain";
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useRootData } from "~/root-data";
import { adoptStoredWishlist, reloadWishlist, WISHLIST_SYNCED_KEY } from "./wishlist-store";

/**
 * C§2: the paths on which the wishlist state is refreshed, "/favorites or /account": the
 * wishlist page, and the account area, which is `/my-account/…` in this shop (ADR 0016).
 */
export function refreshesWishlist(pathname: string): boolean {
  return /(^|\/)(favorites|account|my-account)(\/|$)/.test(pathname);
}

/**
 * Keeps the browser's wishlist in step (C§4): read once scripts run (merging what pages without
 * scripts kept in the cookie), again when another tab changes the storage, when the server sends
 * a new list, and on every visit to a path with /favorites or /account. Rendered once, in the root.
 */
export function WishlistSync() {
  const root = useRootData();
  const location = useLocation();
  const serverList = root?.wishlist.join() ?? "";
  const refreshKey = refreshesWishlist(location.pathname) ? location.key : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list and the visit are the triggers.
  useEffect(() => {
    reloadWishlist();
  }, [serverList, refreshKey]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (
        event.key === null ||
        event.key === WISHLIST_STORAGE_KEY ||
        event.key === WISHLIST_SYNCED_KEY
      ) {
        adoptStoredWishlist();
      }
    }
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return null;
}
