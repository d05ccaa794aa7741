import { isMediaApiPath } from "./media-paths.js";

/**
 * The wishlist calls (`/api/wishlists/me…`): under `/api/` by their path, but their wire shapes
 * (`Wishlist` of the api-client, and the platform error body) have no `{ok, status, data}`
 * envelope, like the media calls.
 */
export const WISHLIST_API_PREFIX = "/api/wishlists";

/** Whether a path under `/api/` answers without the envelope: the media and wishlist calls. */
export function isPlainApiPath(path: string): boolean {
  return (
    isMediaApiPath(path) ||
    path === WISHLIST_API_PREFIX ||
    path.startsWith(`${WISHLIST_API_PREFIX}/`)
  );
}
