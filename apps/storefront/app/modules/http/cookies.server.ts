import {
  COOKIE_LIFETIMES,
  COOKIE_NAMES,
  COOKIES,
  type CookieKey,
  cookieNameOnWire,
} from "@kassa/domain";
import {
  type Cookie,
  type CookieOptions,
  createCookie as createRemixCookie,
  createCookieSessionStorage as createRemixCookieSessionStorage,
  isCookie,
  type SessionStorage,
} from "@remix-run/node";
import { fromConfig, type StorefrontConfig } from "./config.server";
import { sealedCookie } from "./sealed-cookie.server";

/**
 * The storefront's cookies (C§9, A§9), every one of them: a cookie is made here or nowhere
 * (`logout.test.ts` holds the code to it), so that logout knows them all. All are `httpOnly` and
 * `SameSite=Lax` unless scripts must read them; `Secure` follows the configuration. Cookies are
 * made from the configuration when first used (`fromConfig`), so the secret is the one in force.
 */

/**
 * Issue 38: a cookie under the name its flags call for (`cookieNameOnWire`): with `Secure`
 * (production) `__Host-` + name, so a sibling subdomain can neither plant nor overwrite it
 * (session fixation through a parent-domain cookie), which also needs `Path=/` and no `Domain`;
 * `__Secure-` + name for a Secure cookie of a narrower path; the name as declared when not Secure
 * (development, the e2e shop over HTTP). Every cookie below is made through here, so a cookie
 * added later gets its prefix too; `cookie.name` is the name on the wire.
 */
function createCookie(name: string, options: CookieOptions = {}): Cookie {
  return createRemixCookie(
    cookieNameOnWire(name, {
      secure: options.secure === true,
      path: options.path ?? "/",
      domain: options.domain,
    }),
    options,
  );
}

/**
 * A session kept in a cookie, with that cookie: the registry below holds every cookie the
 * storefront writes, plain or behind a session, so that logout reaches each one (issue 38: the
 * analytics events' session outlived logout because only plain cookies were counted).
 */
export type CookieSession = SessionStorage & { readonly cookie: Cookie };

/**
 * Remix's cookie session storage, made from a cookie declared like the others and keeping it at
 * hand (`.cookie`). The only way a session storage is made here: the registry's type accepts a
 * cookie or a {@link CookieSession}, never a storage whose cookie it cannot see.
 */
function createCookieSessionStorage({
  cookie: { name, ...options },
}: {
  cookie: CookieOptions & { name: string };
}): CookieSession {
  const cookie = createCookie(name, options);
  return Object.assign(createRemixCookieSessionStorage({ cookie }), { cookie });
}
function baseOptions({ cookieSecure }: StorefrontConfig) {
  return { httpOnly: true, sameSite: "lax" as const, secure: cookieSecure, path: "/" };
}

/** The cookie of the one-shot messages (`flash`). */
const FLASH_COOKIE = "kassa_flash";

function createCookies(settings: StorefrontConfig) {
  const { sessionSecret } = settings;
  return {
    /** The shopper session token (a JWT signed by the platform), 30 days. */
    cartToken: createCookie(COOKIE_NAMES.cartToken, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.cartToken,
    }),
    /** The chosen interface language. */
    language: createCookie(COOKIE_NAMES.language, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.language,
    }),
    /** The chosen market (country code); signed so a forged value cannot pick a price list. */
    market: createCookie(COOKIE_NAMES.market, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.market,
      secrets: [sessionSecret],
    }),
    /** The logged-in user's access token (A§9 user token). */
    userToken: createCookie(COOKIE_NAMES.userToken, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.userToken,
    }),
    /** The refresh token that renews the access token. */
    refreshToken: createCookie(COOKIE_NAMES.refreshToken, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.refreshToken,
    }),
    userId: createCookie(COOKIE_NAMES.userId, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.userId,
    }),
    /** The logged-in user's store group: prices and carts follow it. Signed: it picks a price list. */
    storeGroupId: createCookie(COOKIE_NAMES.storeGroupId, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.storeGroupId,
      secrets: [sessionSecret],
    }),
    storeGroupSlug: createCookie(COOKIE_NAMES.storeGroupSlug, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.storeGroupSlug,
    }),
    /** The token of the signup made in this browser: its verification link confirms it here. */
    signupToken: createCookie(COOKIE_NAMES.signupToken, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.signupToken,
    }),
    /** C§9: the checkout token, 2 days; cleared when the cart changes under it (C§4). */
    checkoutToken: createCookie(COOKIE_NAMES.checkoutToken, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.checkoutToken,
    }),
    /**
     * After a confirmed purchase the checkout token is cleared (C§2), and kept for an hour under
     * this name to show the same confirmation again on a reload: the order is read, never placed.
     * At `Path=/` like every other cookie (issue 38, ADR 0049): so it is a `__Host-` cookie in
     * production, which no sibling subdomain can plant (a confirmation of someone else's order to
     * sign up on). It was under `/checkout` only; that kept it off other pages' requests, which
     * matters less than who can set it. (Never `/checkout/confirmation`: the page's script reads
     * its data and posts its signup form at `/checkout/confirmation.data`, outside that path.)
     */
    confirmedCheckoutToken: createCookie(`${COOKIE_NAMES.checkoutToken}Confirmed`, {
      ...baseOptions(settings),
      maxAge: 3600,
    }),
    /** C§9: the Avarda purchase token (the purchase's `jwt`), 1,800 s; cleared on logout. */
    avardaPurchaseToken: createCookie(COOKIE_NAMES.avardaPurchaseToken, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.avardaPurchaseToken,
    }),
    /**
     * C§4: the gift cards saved for checkout (code and pin). The spec keeps them in session
     * storage; this is its server-side twin: no `Max-Age`, so it ends with the browser session.
     * Sealed (issue 38, ADR 0049): encrypted and authenticated, so the numbers and pins cannot be
     * read from the browser's cookies or a request, and a card list the shop did not write is
     * never applied.
     */
    giftCards: sealedCookie(
      createCookie("giftCards", baseOptions(settings)),
      sessionSecret,
      "giftCards",
    ),
    /**
     * The wishlist's server-side twin (its value is written by `modules/wishlist/wishlist-cookie`,
     * readable by the scripts that keep it in step with the storage); here to be cleared on logout.
     */
    wishlist: createCookie(COOKIE_NAMES.wishlist, {
      ...baseOptions(settings),
      httpOnly: false,
      maxAge: COOKIE_LIFETIMES.wishlist,
    }),
    /** Whose platform wishlist the wishlist cookie mirrors (a user id). */
    wishlistOwner: createCookie(COOKIE_NAMES.wishlistOwner, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.wishlistOwner,
    }),
    /**
     * Issue 30: the cookie choice (`analytics/consent.ts` writes its value), 12 months. `httpOnly`:
     * the server renders the consent state into the page's first script, no script reads it.
     * Not signed: its value is plain text that the shared cache's key reads (ADR 0038), and a
     * forged choice harms only the one who forged it.
     */
    consent: createCookie(COOKIE_NAMES.consent, {
      ...baseOptions(settings),
      maxAge: COOKIE_LIFETIMES.consent,
    }),
    /**
     * Analytics events of a form post (added to the cart, logged in) carried to the next page,
     * which pushes them to the data layer (ADR 0038). Two minutes: a one-shot, like `flash`, but
     * its own cookie so that a toast written in the same answer does not overwrite it.
     */
    analyticsEvents: createCookieSessionStorage({
      cookie: {
        name: "kassa_events",
        ...baseOptions(settings),
        maxAge: 120,
        secrets: [sessionSecret],
      },
    }),
    /** One-shot messages that survive a redirect, so toasts also reach users without JavaScript. */
    flash: createCookieSessionStorage({
      cookie: { name: FLASH_COOKIE, ...baseOptions(settings), secrets: [sessionSecret] },
    }),

    // -------------------------------------------------------------------------------------------
    // Link tokens (issue 38, ADR 0050): the token of a mail's link, moved out of the address at
    // once (`link-token.server.ts`) so that no analytics tag, history or Referer holds it; read by
    // its page and expired once used. Each under its page's path only. `/reset-password` and
    // `/login` cover the pages' document requests (`/reset-password/`), not the `.data` requests
    // of scripts (`/reset-password.data`), so the posts that need the token are document posts;
    // the newsletter's two pages share `/newsletter`, which covers both.
    /** The password-reset link's token, until the new password is posted. */
    resetPasswordToken: createCookie(COOKIE_NAMES.resetPasswordToken, {
      ...baseOptions(settings),
      path: "/reset-password",
      maxAge: COOKIE_LIFETIMES.resetPasswordToken,
    }),
    /** The verification link's token; kept while the page asks for the signup's password. */
    verifyEmailToken: createCookie(COOKIE_NAMES.verifyEmailToken, {
      ...baseOptions(settings),
      path: "/login",
      maxAge: COOKIE_LIFETIMES.verifyEmailToken,
    }),
    /** The newsletter confirm link's token, for the page the link's redirect leads to. */
    newsletterConfirmToken: createCookie(COOKIE_NAMES.newsletterConfirmToken, {
      ...baseOptions(settings),
      path: "/newsletter",
      maxAge: COOKIE_LIFETIMES.newsletterConfirmToken,
    }),
    /** The newsletter unsubscribe link's token, until its button is pressed. */
    newsletterUnsubscribeToken: createCookie(COOKIE_NAMES.newsletterUnsubscribeToken, {
      ...baseOptions(settings),
      path: "/newsletter",
      maxAge: COOKIE_LIFETIMES.newsletterUnsubscribeToken,
    }),
  } satisfies Record<string, Cookie | CookieSession>;
}

/** The cookies, made from the configuration in force (once, in a running shop). */
export const storefrontCookies = fromConfig(createCookies);

/**
 * A `Set-Cookie` for `cookie` with `value` as it is, not Remix's base64 JSON: the flags stay the
 * ones declared above. For the consent cookie, whose plain value the shared cache reads.
 */
export async function plainCookie(cookie: Cookie, value: string): Promise<string> {
  if (!/^[\w.-]*$/.test(value)) throw new Error(`${cookie.name}: not a plain cookie value`);
  const serialized = await cookie.serialize("");
  return serialized.replace(/^[^;]*/, `${cookie.name}=${value}`);
}

/** `Set-Cookie` headers that expire a cookie. */
export function expireCookie(cookie: Cookie): Promise<string> {
  return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** The storefront's cookies by name in code: `storefrontCookies()`'s keys. */
export type StorefrontCookieKey = keyof ReturnType<typeof createCookies>;

/** The cookie an entry of the registry writes: itself, or the one its session lives in. */
export function cookieOf(entry: Cookie | CookieSession): Cookie {
  return isCookie(entry) ? entry : entry.cookie;
}

/** Every cookie the storefront writes, by its key in {@link storefrontCookies}. */
export function everyStorefrontCookie(): [StorefrontCookieKey, Cookie][] {
  return Object.entries(storefrontCookies()).map(([key, entry]) => [
    key as StorefrontCookieKey,
    cookieOf(entry),
  ]);
}

/**
 * What logout leaves in the browser (issue 28: a shared computer's next user must find nothing of
 * the last one's): the cookies `@kassa/domain` marks as kept, which are the browser's choices of
 * market, language and cookies (preferences of whoever sits there, no one's data) and the token
 * of a signup made in this browser (it belongs to a signup, not to the login that ends; alone it
 * opens nothing, it confirms that signup only together with the link mailed to its address, and
 * it goes once the address is confirmed); and `flash`, into which logout writes its own toast.
 * Every other cookie here is a person's (login, cart, checkout, payment, saved gift cards, the
 * confirmation, the wishlist, the analytics events waiting for the next page) and logout expires
 * it, including any cookie added later. By key, not by name: a cookie's name on the wire may
 * change with the configuration.
 */
export const KEPT_ON_LOGOUT: ReadonlySet<StorefrontCookieKey> = new Set<StorefrontCookieKey>([
  ...(Object.keys(COOKIES) as CookieKey[]).filter((key) => !COOKIES[key].clearedOnLogout),
  "flash",
] satisfies StorefrontCookieKey[]);

/**
 * A§9, C§9: `Set-Cookie` headers that expire every cookie logout clears (see
 * {@link KEPT_ON_LOGOUT}): every entry of the registry, plain cookies and sessions alike.
 */
export async function logoutCookies(): Promise<string[]> {
  const cleared = everyStorefrontCookie().filter(([key]) => !KEPT_ON_LOGOUT.has(key));
  return Promise.all(cleared.map(([, cookie]) => expireCookie(cookie)));
}
