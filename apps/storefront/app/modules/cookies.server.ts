import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { COOKIE_LIFETIMES, COOKIE_NAMES } from "@kassa/domain";
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
