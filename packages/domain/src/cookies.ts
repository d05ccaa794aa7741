/**
 * Cookie names and lifetimes (A§9, C§9). Lifetimes are in seconds, ready for a cookie's `maxAge`.
 * The storefront owns the cookies themselves (flags, signing); this is the one list of what they
 * are called and how long they live.
 */

import { AVARDA_PURCHASE_TIMEOUT_SECONDS } from "./timings.js";

export interface CookieDefinition {
  /** The cookie's name on the wire. */
  name: string;
  /** Lifetime in seconds. */
  maxAge: number;
  /** A§9, C§9: cleared on logout. */
  clearedOnLogout: boolean;
}

const MINUTE = 60;
const DAY = 86_400;

export const COOKIES = {
  /** C§9: the shopper session (cart) token, 30 days. */
  cartToken: { name: "cartToken", maxAge: 30 * DAY, clearedOnLogout: true },
  /** C§9: the checkout token, 2 days. */
  checkoutToken: { name: "checkoutToken", maxAge: 2 * DAY, clearedOnLogout: true },
  /** C§9: the Avarda purchase token, 30 minutes (a purchase times out after that). */
  avardaPurchaseToken: {
    name: "avardaPurchaseToken",
    maxAge: AVARDA_PURCHASE_TIMEOUT_SECONDS,
    clearedOnLogout: true,
  },
  /**
   * A§9: the logged-in user's access token. The spec gives no lifetime; the cookie lives as long
   * as the refresh token so that an expired access token can still be refreshed.
   */
  userToken: { name: "userToken", maxAge: 30 * DAY, clearedOnLogout: true },
  /** A§9: the refresh token. Lifetime not in the spec; chosen: 30 days. */
  refreshToken: { name: "refreshToken", maxAge: 30 * DAY, clearedOnLogout: true },
  /** A§9: the logged-in user's id. Lives with the user token. */
  userId: { name: "userId", maxAge: 30 * DAY, clearedOnLogout: true },
  /** A§9, C§9: the store group of the session. Lives with the user token. */
  storeGroupId: { name: "storeGroupId", maxAge: 30 * DAY, clearedOnLogout: true },
  /** A§9, C§9: the store group's slug (product lookups). Lives with the user token. */
  storeGroupSlug: { name: "storeGroupSlug", maxAge: 30 * DAY, clearedOnLogout: true },
  /**
   * Beyond the spec: the signup token of the signup made in this browser (Kassa platform), so
   * that following its verification link here confirms that signup without asking for the
   * password (docs/decisions/0008-unconfirmed-signups.md). As long as the token lives.
   */
  signupToken: { name: "signupToken", maxAge: 7 * DAY, clearedOnLogout: false },
  /**
   * C§3, C§9: the wishlist. The spec keeps it in browser storage; this cookie is its twin that the
   * server can read, so hearts render right on the first paint and the list works without
   * JavaScript (docs/decisions/0016-wishlist-and-compare.md). Readable by scripts, which keep it in
   * step with the storage. Cleared on logout: a logged-in user's list is kept on the platform.
   */
  wishlist: { name: "wishlist", maxAge: 365 * DAY, clearedOnLogout: true },
  /** Whose platform wishlist the `wishlist` cookie mirrors (a user id); absent while anonymous. */
  wishlistOwner: { name: "wishlistOwner", maxAge: 365 * DAY, clearedOnLogout: true },
  /** The chosen interface language (DESIGN §3: `?lng=`, then this cookie, then the market). */
  language: { name: "lng", maxAge: 365 * DAY, clearedOnLogout: false },
  /** The chosen market (country code). */
  market: { name: "market", maxAge: 365 * DAY, clearedOnLogout: false },
  /**
   * Beyond the spec (issue 30): the cookie choice (statistics, marketing), the version of the
   * consent text it answered and the day it was made; 12 months, as Swedish and Finnish guidance
   * advise asking again after a year. A preference of the browser, not a person's data: logout
   * keeps it (docs/decisions/0038-consent-and-analytics.md).
   */
  consent: { name: "kassa_consent", maxAge: 365 * DAY, clearedOnLogout: false },

  // -------------------------------------------------------------------------------------------
  // Link tokens (issue 38, docs/decisions/0050-tokens-out-of-addresses.md): the token of a mail's
  // link, moved out of the address at once (so it reaches no analytics tag, history or Referer)
  // and kept only as long as its page needs it; expired once used. Each page has its own, so one
  // link's token never stands in for another's.
  /** The password-reset link's token, until the new password is posted: 10 minutes. */
  resetPasswordToken: { name: "kassa_reset_token", maxAge: 10 * MINUTE, clearedOnLogout: true },
  /**
   * The verification link's token: read at once; kept while the page asks for the signup's
   * password (a link opened in another browser, ADR 0008), 10 minutes.
   */
  verifyEmailToken: { name: "kassa_verify_token", maxAge: 10 * MINUTE, clearedOnLogout: true },
  /** The newsletter confirm link's token, read by the page the link leads to at once: 2 minutes. */
  newsletterConfirmToken: {
    name: "kassa_newsletter_confirm_token",
    maxAge: 2 * MINUTE,
    clearedOnLogout: true,
  },
  /** The newsletter unsubscribe link's token, until its button is pressed: 10 minutes. */
  newsletterUnsubscribeToken: {
    name: "kassa_newsletter_unsubscribe_token",
    maxAge: 10 * MINUTE,
    clearedOnLogout: true,
  },
} as const satisfies Record<string, CookieDefinition>;

export type CookieKey = keyof typeof COOKIES;

/** The cookies logout clears (A§9, C§9). */
export const LOGOUT_COOKIES: readonly CookieDefinition[] = Object.values(COOKIES).filter(
  (cookie) => cookie.clearedOnLogout,
);

/** Every cookie's name, by key: `COOKIE_NAMES.language` is `"lng"`. */
export const COOKIE_NAMES = Object.fromEntries(
  Object.entries(COOKIES).map(([key, cookie]) => [key, cookie.name]),
) as { readonly [K in CookieKey]: (typeof COOKIES)[K]["name"] };

/** Every cookie's lifetime in seconds, by key, for a cookie's `maxAge`. */
export const COOKIE_LIFETIMES = Object.fromEntries(
  Object.entries(COOKIES).map(([key, cookie]) => [key, cookie.maxAge]),
) as { readonly [K in CookieKey]: number };

/**
 * Issue 38: the prefix of a cookie that is `Secure`, has `Path=/` and no `Domain`. Browsers keep
 * such a cookie only when it was set that way by the host itself, so a sibling subdomain (or a
 * page served over plain HTTP) can neither plant nor overwrite it: no session fixation through a
 * cookie set for the parent domain.
 */
export const HOST_COOKIE_PREFIX = "__Host-";

/** The prefix of a `Secure` cookie with a narrower path or a domain: browsers refuse it unless Secure. */
export const SECURE_COOKIE_PREFIX = "__Secure-";

/** How a cookie is set, as far as its name's prefix depends on it. */
export interface CookieScope {
  /** Sent only over HTTPS (production). Without it the name stays as it is. */
  secure: boolean;
  /** @default "/" */
  path?: string;
  /** A `Domain` attribute, if any. */
  domain?: string;
}

/**
 * The name a cookie is set and read under: `__Host-` + name when it is `Secure`, `Path=/` and has
 * no `Domain`; `__Secure-` + name when it is `Secure` otherwise; the name itself when it is not
 * `Secure` (development, a shop tested over plain HTTP). One rule for the server and the browser's
 * scripts: `cookieNameOnWire(COOKIE_NAMES.wishlist, { secure: true })` is `"__Host-wishlist"`.
 */
export function cookieNameOnWire(
  name: string,
  { secure, path = "/", domain }: CookieScope,
): string {
  if (!secure) return name;
  return `${path === "/" && !domain ? HOST_COOKIE_PREFIX : SECURE_COOKIE_PREFIX}${name}`;
}
