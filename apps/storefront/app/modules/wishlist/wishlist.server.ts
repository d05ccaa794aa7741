import { isKassaApiError } from "@kassa/api-client";
import { addToWishlist, parseWishlistEntry, removeFromWishlist } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import { currentLogin, hasLogin } from "~/modules/account/auth.server";
import { wishlistClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { logger } from "~/modules/http/logger.server";
import { wishlistCookieString, wishlistFromCookieHeader } from "./wishlist-cookie";

/**
 * The wishlist as the server sees it (docs/decisions/0016-wishlist-and-compare.md): the `wishlist`
 * cookie, which the browser's scripts keep in step with the spec's storage key; and for a
 * logged-in user the platform's list, so it follows them to another device. The cookie then
 * mirrors the platform's list, and `wishlistOwner` says whose: a cookie list nobody owns yet (kept
 * before logging in) is merged into the user's list once, never dropped.
 */

export interface WishlistState {
  entries: string[];
  /** Cookies to send with the answer: the list (and its owner) when the platform changed them. */
  setCookies: string[];
}

export interface WishlistChange extends WishlistState {
  change: "added" | "removed" | "full";
}

function productOf(entry: string): string {
  return parseWishlistEntry(entry)?.productId ?? entry;
}

function cookieList(request: Request): string[] {
  return wishlistFromCookieHeader(request.headers.get("Cookie"), config().cookieSecure);
}

async function ownerOf(request: Request): Promise<string | undefined> {
  const owner = await storefrontCookies().wishlistOwner.parse(request.headers.get("Cookie"));
  return typeof owner === "string" && owner ? owner : undefined;
}

/** The logged-in user's list on the platform, after merging a cookie list they do not own yet. */
async function platformList(request: Request, context: AppLoadContext) {
  const login = await currentLogin(request, context);
  if (!login.user || !login.accessToken) return null;
  const client = wishlistClient(login.accessToken);
  const owned = (await ownerOf(request)) === login.user.id;
  const list = owned
    ? await client.get({ timeout: deadlineMs("read") })
    : await client.merge(cookieList(request));
  const setCookies = [...login.setCookies];
  if (!owned) setCookies.push(await storefrontCookies().wishlistOwner.serialize(login.user.id));
  return { client, entries: list.entries, setCookies };
}

async function answer(request: Request, entries: string[], setCookies: string[]) {
  const changed = entries.join() !== cookieList(request).join();
  return {
    entries,
    setCookies: changed
      ? [...setCookies, wishlistCookieString(entries, config().cookieSecure)]
      : setCookies,
  };
}

/**
 * The request's list. With `sync` (C§2: on paths containing /favorites or /account) a logged-in
 * user's list is read from the platform; otherwise the cookie answers, with no backend call. A
 * platform that does not answer leaves the cookie's list: a wishlist never breaks a page.
 */
export async function loadWishlist(
  request: Request,
  context: AppLoadContext,
  { sync }: { sync: boolean },
): Promise<WishlistState> {
  if (!sync || !(await hasLogin(request))) return { entries: cookieList(request), setCookies: [] };
  try {
    const remote = await platformList(request, context);
    if (!remote) return { entries: cookieList(request), setCookies: [] };
    return answer(request, remote.entries, remote.setCookies);
  } catch (error) {
    logger().warn({ err: error }, "wishlist: the platform's list could not be read");
    return { entries: cookieList(request), setCookies: [] };
  }
}

/**
 * Adds or removes one entry (idempotent, so a repeated post changes nothing more): in the cookie,
 * and on the platform for a logged-in user, whose answer is then the list.
 */
export async function changeWishlist(
  request: Request,
  context: AppLoadContext,
  intent: "add" | "remove",
  entry: string,
): Promise<WishlistChange> {
  const productId = productOf(entry);
  const local =
    intent === "add"
      ? addToWishlist(cookieList(request), entry)
      : { entries: removeFromWishlist(cookieList(request), productId), change: "removed" as const };
  const remote = (await hasLogin(request)) ? await platformList(request, context) : null;
  if (!remote) return { ...(await answer(request, local.entries, [])), change: local.change };

  if (intent === "remove") {
    // The platform keeps entries as they were added: remove the product in whatever colour.
    let entries = remote.entries;
    for (const kept of remote.entries.filter((item) => productOf(item) === productId)) {
      entries = (await remote.client.remove(kept)).entries;
    }
    return { ...(await answer(request, entries, remote.setCookies)), change: "removed" };
  }
  if (remote.entries.some((item) => productOf(item) === productId)) {
    return { ...(await answer(request, remote.entries, remote.setCookies)), change: "added" };
  }
  try {
    const list = await remote.client.add(entry);
    return { ...(await answer(request, list.entries, remote.setCookies)), change: "added" };
  } catch (error) {
    if (!isKassaApiError(error) || error.status !== 409) throw error;
    return { ...(await answer(request, remote.entries, remote.setCookies)), change: "full" };
  }
}
