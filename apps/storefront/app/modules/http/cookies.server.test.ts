import type { Cookie } from "@remix-run/node";
import { isCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentCookie, readConsent } from "~/modules/analytics/consent-cookie.server";
import { loginEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie, readPendingEvents } from "~/modules/analytics/pending-events.server";
import { cacheHeadersFor } from "~/modules/cache/shared-page.server";
import { readCartToken } from "~/modules/cart/cart.server";
import { wishlistCookieString } from "~/modules/wishlist/wishlist-cookie";
import { config, forgetConfig, reloadConfig } from "./config.server";
import { type CookieSession, logoutCookies, storefrontCookies } from "./cookies.server";

/**
 * Issue 38: in production (cookies `Secure`) every cookie of the storefront is a `__Host-` cookie:
 * `Secure`, `Path=/`, no `Domain`. A browser keeps such a cookie only when the shop's own host
 * set it so, so a sibling subdomain cannot plant a cart, a login or a consent (session fixation),
 * nor overwrite one. Over plain HTTP (development, the e2e shop) the names stay as they were.
 */

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-only-secret-0123456789abcdef",
  KASSA_STOREFRONT_TOKEN: "e2e-only-storefront-token-0123456789abcdef",
  KASSA_PUBLIC_ORIGIN: "https://shop.example",
};
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  for (const [name, value] of Object.entries(PRODUCTION)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  delete process.env.KASSA_COOKIE_SECURE;
  reloadConfig();
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  forgetConfig();
});

/** An attribute of a `Set-Cookie` line (lower-cased name), or undefined; `true` for a flag. */
function attribute(line: string, name: string): string | true | undefined {
  for (const part of line.split(";").slice(1)) {
    const [key, ...value] = part.trim().split("=");
    if (key?.toLowerCase() === name) return value.length > 0 ? value.join("=") : true;
  }
  return undefined;
}

/** Every `Set-Cookie` the storefront writes: each registry entry made to write. */
async function everySetCookie(): Promise<string[]> {
  const lines: string[] = [];
  const entries: [string, Cookie | CookieSession][] = Object.entries(storefrontCookies());
  for (const [, entry] of entries) {
    if (isCookie(entry)) {
      lines.push(await entry.serialize("x"));
    } else {
      const session = await entry.getSession();
      session.flash("x", "x");
      lines.push(await entry.commitSession(session));
    }
  }
  lines.push(wishlistCookieString(["pp-1"], config().cookieSecure));
  lines.push(
    await consentCookie({ version: 1, statistics: true, marketing: false, date: "2026-11-28" }),
  );
  return lines;
}

/**
 * The cookies of a mail link's token (ADR 0050) live under their page's path, so they are
 * `__Secure-`, not `__Host-` (which needs `Path=/`): the token rides only to its page. One planted
 * by a sibling only opens the planter's own link, and none of those pages logs anyone in.
 */
const LINK_TOKEN_PATHS: Record<string, string> = {
  "__Secure-kassa_reset_token": "/reset-password",
  "__Secure-kassa_verify_token": "/login",
  "__Secure-kassa_newsletter_confirm_token": "/newsletter",
  "__Secure-kassa_newsletter_unsubscribe_token": "/newsletter",
};

function expectHostCookie(line: string) {
  const name = line.slice(0, line.indexOf("="));
  const linkPath = LINK_TOKEN_PATHS[name];
  if (linkPath) {
    expect(attribute(line, "path"), line).toBe(linkPath);
  } else {
    expect(line, line).toMatch(/^__Host-[\w]+=/);
    expect(attribute(line, "path"), line).toBe("/");
  }
  expect(attribute(line, "secure"), line).toBe(true);
  expect(attribute(line, "domain"), line).toBeUndefined();
}

describe("the storefront's cookies in production (issue 38)", () => {
  it("are all __Host- cookies (Secure, Path=/, no Domain) but the link tokens' __Secure- of their page", async () => {
    expect(config().cookieSecure).toBe(true);
    const lines = await everySetCookie();
    expect(lines.length).toBeGreaterThan(15);
    for (const line of lines) expectHostCookie(line);
    expect(lines.map((line) => line.slice(0, line.indexOf("=")))).toEqual(
      expect.arrayContaining([
        "__Host-cartToken",
        "__Host-userToken",
        "__Host-checkoutTokenConfirmed",
        "__Host-giftCards",
        "__Host-kassa_events",
        "__Host-kassa_flash",
        "__Host-kassa_consent",
        "__Host-wishlist",
        ...Object.keys(LINK_TOKEN_PATHS),
      ]),
    );
  });

  it("are expired by logout under those names", async () => {
    for (const line of await logoutCookies()) {
      expectHostCookie(line);
      expect(attribute(line, "max-age"), line).toBe("0");
    }
  });

  it("are read only under their prefixed names: a cookie a sibling planted without it is not", async () => {
    const cookies = storefrontCookies();
    const token = (await cookies.cartToken.serialize("the-shoppers-own")).split(";")[0];
    const planted = `cartToken=${btoa(JSON.stringify("planted"))}`;
    const request = (cookie: string) =>
      new Request("https://shop.example/cart", { headers: { Cookie: cookie } });
    expect(await readCartToken(request(`${planted}; ${token}`))).toBe("the-shoppers-own");
    expect(await readCartToken(request(planted))).toBeUndefined();

    expect(readConsent(request("__Host-kassa_consent=1.1.0.20261128"))).toMatchObject({
      statistics: true,
    });
    expect(readConsent(request("kassa_consent=1.1.0.20261128"))).toBeNull();

    const waiting = await pendingEventsCookie(request(""), [loginEvent()]);
    const pair = waiting[0]?.split(";")[0] ?? "";
    expect((await readPendingEvents(request(pair))).events).toHaveLength(1);
  });

  it("keep anonymous pages shared only with the prefixed language, market and consent", () => {
    const shared = (cookie: string) =>
      cacheHeadersFor({
        method: "GET",
        cookie,
        status: 200,
        cacheControl: "public, max-age=0, s-maxage=30",
        setsCookie: false,
        notes: { tags: new Set(), incomplete: false },
      })?.["Cache-Control"];
    expect(shared("__Host-lng=en; __Host-kassa_consent=1.1.0.20261128")).toMatch(/s-maxage/);
    // What production never writes is no proof of an anonymous visitor: private.
    expect(shared("lng=en")).toBe("private, no-store");
  });
});
