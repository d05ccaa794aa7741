import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { COOKIE_NAMES } from "@kassa/domain";
import { type Cookie, isCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loginEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie, readPendingEvents } from "~/modules/analytics/pending-events.server";
import {
  type CookieSession,
  everyStorefrontCookie,
  KEPT_ON_LOGOUT,
  type StorefrontCookieKey,
  storefrontCookies,
} from "~/modules/http/cookies.server";
import { wishlistCookieString } from "~/modules/wishlist/wishlist-cookie";
import { Browser, settle } from "~/test-support/browser";

/**
 * Issue 28: logout left the Avarda purchase token and the saved gift cards (code and PIN) in the
 * browser, for a shared computer's next user. Logout now expires every cookie the storefront
 * makes, except a short list kept on purpose; a cookie added later is cleared unless it joins that
 * list, and a cookie made anywhere but `cookies.server.ts` fails the last test here.
 */

const APP_ROOT = join(import.meta.dirname, "..", "..");

/** The answer to `POST /logout` from `browser` (a fresh one unless given), kept by it. */
async function logOut(browser = new Browser()): Promise<Response> {
  const logout = await import("./logout");
  // Without a refresh token no platform is asked; what logout clears does not depend on it.
  const answer = (await settle(() =>
    logout.action({ request: browser.form("/logout", {}), params: {}, context: {} }),
  )) as Response;
  expect(answer.status).toBe(303);
  browser.keep(answer);
  return answer;
}

/** The `Set-Cookie` values of the answer to `POST /logout`, by cookie name. */
async function loggedOut(): Promise<Map<string, string>> {
  return new Map(
    (await logOut()).headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]),
  );
}

/** An attribute of a `Set-Cookie` line (lower-cased name), or undefined. */
function attribute(line: string, name: string): string | undefined {
  for (const part of line.split(";").slice(1)) {
    const [key, ...value] = part.trim().split("=");
    if (key?.toLowerCase() === name) return value.join("=");
  }
  return undefined;
}

/** The name a `Set-Cookie` line sets. */
function nameOf(line: string): string {
  return line.slice(0, line.indexOf("="));
}

/**
 * Every `Set-Cookie` the storefront can write, by the key of the registry entry that wrote it:
 * each entry is made to write, a plain cookie by `serialize`, a session by `commitSession` (as the
 * toasts and the analytics events do). Not read from a list of names: what logout must clear is
 * what the shop actually writes.
 */
async function everySetCookie(): Promise<Map<StorefrontCookieKey, string>> {
  const written = new Map<StorefrontCookieKey, string>();
  const entries: [string, Cookie | CookieSession][] = Object.entries(storefrontCookies());
  for (const [key, entry] of entries as [StorefrontCookieKey, Cookie | CookieSession][]) {
    if (isCookie(entry)) {
      written.set(key, await entry.serialize("x"));
    } else {
      const storage = entry;
      const session = await storage.getSession();
      session.flash("x", "x");
      written.set(key, await storage.commitSession(session));
    }
  }
  return written;
}

describe("logout clears every shopper cookie (issue 28)", () => {
  it("keeps only the browser's market, language and cookie choice, a signup's token and the flash it writes", () => {
    expect([...KEPT_ON_LOGOUT].sort()).toEqual(
      ["flash", "language", "market", "consent", "signupToken"].sort(),
    );
    const names = new Map(everyStorefrontCookie());
    expect([...KEPT_ON_LOGOUT].map((key) => names.get(key)?.name).sort()).toEqual(
      [
        "kassa_flash",
        COOKIE_NAMES.language,
        COOKIE_NAMES.market,
        COOKIE_NAMES.consent,
        COOKIE_NAMES.signupToken,
      ].sort(),
    );
  });

  it("expires every cookie the storefront can write, sessions included, on the path it was set on", async () => {
    const answer = await loggedOut();
    const written = await everySetCookie();
    expect(written.size).toBeGreaterThan(15);
    // Each entry writes a cookie of its own name, and that name is the registry's.
    const registry = new Map(everyStorefrontCookie());
    for (const [key, line] of written) expect(nameOf(line), key).toBe(registry.get(key)?.name);
    expect(new Set([...written.values()].map(nameOf)).size).toBe(written.size);
    for (const [key, line] of written) {
      const name = nameOf(line);
      const expired = answer.get(name);
      if (KEPT_ON_LOGOUT.has(key)) {
        if (key !== "flash") expect(expired, name).toBeUndefined();
        continue;
      }
      expect(expired, `logout leaves ${name}`).toBeDefined();
      expect(attribute(expired ?? "", "max-age"), name).toBe("0");
      expect(attribute(expired ?? "", "path"), name).toBe(attribute(line, "path"));
    }
    // The ones the reviews found left behind: the Avarda token and the saved gift cards (issue
    // 28), the analytics events of a post whose redirect was not followed (issue 38); and the
    // confirmation a reload shows for an hour.
    for (const name of [
      "avardaPurchaseToken",
      "giftCards",
      "checkoutTokenConfirmed",
      "kassa_events",
    ]) {
      expect(attribute(answer.get(name) ?? "", "max-age"), name).toBe("0");
    }
    // The flash cookie is written anew with logout's own toast: what it held before is gone.
    expect(answer.get("kassa_flash")).toMatch(/^kassa_flash=[^;]+/);
    // The wishlist's scripts write its cookie by hand, under the registry's name.
    expect(nameOf(wishlistCookieString(["1"], false))).toBe(registry.get("wishlist")?.name);
  });

  it("leaves no analytics event of the last shopper for the next page (issue 38)", async () => {
    // An add to the cart answered with its event in the cookie, and the redirect not followed.
    const browser = new Browser();
    const added = new Headers();
    for (const line of await pendingEventsCookie(browser.request("/produkt/a"), [loginEvent()])) {
      added.append("Set-Cookie", line);
    }
    browser.keep(new Response(null, { status: 303, headers: added }));
    expect((await readPendingEvents(browser.request("/"))).events).toHaveLength(1);

    await logOut(browser);
    expect((await readPendingEvents(browser.request("/"))).events).toEqual([]);
  });

  it("finds every cookie in cookies.server.ts: nothing else makes or writes one", async () => {
    const offenders: string[] = [];
    const wishlistFiles = [
      "app/modules/wishlist/wishlist-cookie.ts",
      "app/modules/wishlist/wishlist-store.ts",
    ];
    for (const folder of ["app", "server"]) {
      const files = await readdir(join(APP_ROOT, folder), { recursive: true });
      for (const file of files) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const path = relative(APP_ROOT, join(APP_ROOT, folder, file));
        const text = await readFile(join(APP_ROOT, path), "utf8");
        if (
          /\bcreate(Cookie|CookieSessionStorage|SessionStorage|MemorySessionStorage|FileSessionStorage)\(/.test(
            text,
          ) &&
          path !== "app/modules/http/cookies.server.ts"
        ) {
          offenders.push(`${path} makes a cookie`);
        }
        // By hand: only the wishlist's cookie, whose definition is in cookies.server.ts (scripts
        // write it beside the browser's storage).
        if (/document\.cookie\s*=|\bMax-Age=/.test(text) && !wishlistFiles.includes(path)) {
          offenders.push(`${path} writes a cookie by hand`);
        }
      }
    }
    expect(offenders).toEqual([]);
    expect(everyStorefrontCookie().map(([, cookie]) => cookie.name)).toContain(
      COOKIE_NAMES.wishlist,
    );
  });
});
