import { COOKIE_LIFETIMES, COOKIE_NAMES, LOGOUT_COOKIES } from "@kassa/domain";
import { type Cookie, createCookie, createCookieSessionStorage } from "@remix-run/node";
import { config } from "./config.server";

/**
 * The storefront's cookies (C§9, A§9). All are `httpOnly` and `SameSite=Lax`; `Secure` follows the
 * configuration. Cookies are created lazily so that the secret comes from the configuration.
 */
function baseOptions() {
  const { cookieSecure } = config();
  return { httpOnly: true, sameSite: "lax" as const, secure: cookieSecure, path: "/" };
}

let cookies: ReturnType<typeof createCookies> | undefined;

function createCookies() {
  const { sessionSecret } = config();
  return {
    /** The shopper session token (a JWT signed by the platform), 30 days. */
    cartToken: createCookie(COOKIE_NAMES.cartToken, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.cartToken,
    }),
    /** The chosen interface language. */
    language: createCookie(COOKIE_NAMES.language, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.language,
    }),
    /** The chosen market (country code); signed so a forged value cannot pick a price list. */
    market: createCookie(COOKIE_NAMES.market, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.market,
      secrets: [sessionSecret],
    }),
    /** The logged-in user's access token (A§9 user token). */
    userToken: createCookie(COOKIE_NAMES.userToken, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.userToken,
    }),
    /** The refresh token that renews the access token. */
    refreshToken: createCookie(COOKIE_NAMES.refreshToken, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.refreshToken,
    }),
    userId: createCookie(COOKIE_NAMES.userId, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.userId,
    }),
    /** The logged-in user's store group: prices and carts follow it. Signed: it picks a price list. */
    storeGroupId: createCookie(COOKIE_NAMES.storeGroupId, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.storeGroupId,
      secrets: [sessionSecret],
    }),
    storeGroupSlug: createCookie(COOKIE_NAMES.storeGroupSlug, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.storeGroupSlug,
    }),
    /** The token of the signup made in this browser: its verification link confirms it here. */
    signupToken: createCookie(COOKIE_NAMES.signupToken, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.signupToken,
    }),
    /** C§9: the checkout token, 2 days; cleared when the cart changes under it (C§4). */
    checkoutToken: createCookie(COOKIE_NAMES.checkoutToken, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.checkoutToken,
    }),
    /** C§9: the Avarda purchase token (the purchase's `jwt`), 1,800 s; cleared on logout. */
    avardaPurchaseToken: createCookie(COOKIE_NAMES.avardaPurchaseToken, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.avardaPurchaseToken,
    }),
    /**
     * C§4: the gift cards saved for checkout (code and pin). The spec keeps them in session
     * storage; this is its server-side twin: no `Max-Age`, so it ends with the browser session.
     * Signed, so a card list the shop did not write is never applied.
     */
    giftCards: createCookie("giftCards", { ...baseOptions(), secrets: [sessionSecret] }),
    /**
     * The wishlist's server-side twin (its value is written by `modules/wishlist/wishlist-cookie`,
     * readable by the scripts that keep it in step with the storage); here to be cleared on logout.
     */
    wishlist: createCookie(COOKIE_NAMES.wishlist, {
      ...baseOptions(),
      httpOnly: false,
      maxAge: COOKIE_LIFETIMES.wishlist,
    }),
    /** Whose platform wishlist the wishlist cookie mirrors (a user id). */
    wishlistOwner: createCookie(COOKIE_NAMES.wishlistOwner, {
      ...baseOptions(),
      maxAge: COOKIE_LIFETIMES.wishlistOwner,
    }),
    /** One-shot messages that survive a redirect, so toasts also reach users without JavaScript. */
    flash: createCookieSessionStorage({
      cookie: { name: "kassa_flash", ...baseOptions(), secrets: [sessionSecret] },
    }),
  };
}

export function storefrontCookies() {
  cookies ??= createCookies();
  return cookies;
}

/** `Set-Cookie` headers that expire a cookie. */
export function expireCookie(cookie: Cookie): Promise<string> {
  return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** A§9, C§9: every cookie that logging out clears (user, tokens, store group, cart, checkout). */
export async function logoutCookies(): Promise<string[]> {
  const all = storefrontCookies();
  const byName = new Map<string, Cookie>(
    [
      all.cartToken,
      all.checkoutToken,
      all.userToken,
      all.refreshToken,
      all.userId,
      all.storeGroupId,
      all.storeGroupSlug,
      all.wishlist,
      all.wishlistOwner,
    ].map((cookie) => [cookie.name, cookie]),
  );
  return Promise.all(
    LOGOUT_COOKIES.map((definition) => byName.get(definition.name))
      .filter((cookie): cookie is Cookie => Boolean(cookie))
      .map(expireCookie),
  );
}
