import {
  type CallOptions,
  createUserRequester,
  segment,
  type UserClientOptions,
} from "./request.js";
import type { Wishlist } from "./wire/wishlist.js";

/**
 * A logged-in user's wishlist on the platform (C§3, C§4), so it follows them to another device.
 * Every call answers the list as it is now. Entries are `@kassa/domain`'s (`pp-1001`,
 * `pp-1001:pv-1001-04`). Refusals are thrown as the pipeline's `HttpError`: 400 for a malformed
 * entry, 401 for a token that no longer works, 409 `wishlist full` (`WISHLIST_ERRORS.full`) for an
 * add to a list of 50.
 */

/** `baseUrl` is the origin of the account API (the wishlist calls live beside it). */
export type WishlistClientOptions = UserClientOptions;

export interface WishlistClient {
  /** `GET /api/wishlists/me`: `{ entries: [], updatedAt: null }` for a list never kept. */
  get(options?: CallOptions): Promise<Wishlist>;
  /**
   * `POST /api/wishlists/me/entries {entry}`: adds the entry as the newest, unless its product is
   * on the list already (in any colour: then nothing changes). Throws 409 `wishlist full`.
   */
  add(entry: string, options?: CallOptions): Promise<Wishlist>;
  /** `DELETE /api/wishlists/me/entries/{entry}`: removes that exact entry (idempotent). */
  remove(entry: string, options?: CallOptions): Promise<Wishlist>;
  /**
   * `POST /api/wishlists/me/merge {entries}`: adds the products of `entries` that are not on the
   * list yet, after it, in the order given; the first 50 are kept. Up to 100 entries.
   */
  merge(entries: readonly string[], options?: CallOptions): Promise<Wishlist>;
}

/**
 * Creates the wishlist client of one logged-in user. Create one per request on a server.
 *
 * @example
 * const wishlist = createWishlistClient({ baseUrl, accessToken });
 * const { entries } = await wishlist.merge(listKeptInTheBrowser);
 */
export function createWishlistClient(options: WishlistClientOptions): WishlistClient {
  const request = createUserRequester(options);
  const path = "/api/wishlists/me";

  return {
    get: (call) => request<Wishlist>("GET", path, { ...call }),
    // Adding and merging are idempotent on the server; the key makes a retry after a lost answer
    // safe for the pipeline too (it retries a POST only with one).
    add: (entry, call) =>
      request<Wishlist>("POST", `${path}/entries`, { body: { entry }, idempotent: true, ...call }),
    remove: (entry, call) =>
      request<Wishlist>("DELETE", `${path}/entries/${segment(entry)}`, { ...call }),
    merge: (entries, call) =>
      request<Wishlist>("POST", `${path}/merge`, {
        body: { entries: [...entries] },
        idempotent: true,
        ...call,
      }),
  };
}
