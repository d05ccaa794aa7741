/**
 * Wire shapes of a logged-in user's wishlist on the platform (C§3, C§4), so it follows them to
 * another device. Entries are `@kassa/domain`'s (`pp-1001`, or `pp-1001:pv-1001-04` with the
 * variant naming the chosen colour). The platform answers them under `/api/wishlists/me` and
 * types its replies with these; the wishlist client (`../wishlist.ts`) speaks them.
 */

/** Every wishlist call answers the list as it is now. */
export interface Wishlist {
  /** Newest first, one per product, at most `WISHLIST_MAX_ENTRIES` (50). */
  entries: string[];
  /** ISO 8601: when the list last changed; `null` for a list never kept. */
  updatedAt: string | null;
}

/** `POST /api/wishlists/me/entries`. */
export interface WishlistEntryPayload {
  entry: string;
}

/** `POST /api/wishlists/me/merge`. */
export interface WishlistMergePayload {
  /** 0–100 entries, oldest last; the merged list keeps its first 50. */
  entries: string[];
}

/** The platform's `error` of its refusals (the platform error body, C§3). */
export const WISHLIST_ERRORS = {
  /** 409: an add to a list of `WISHLIST_MAX_ENTRIES` products. */
  full: "wishlist full",
} as const;
