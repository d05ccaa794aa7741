import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { COOKIE_NAMES } from "@kassa/domain";
import { type Cookie, isCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { KEPT_ON_LOGOUT, storefrontCookies } from "~/modules/http/cookies.server";
import { settle } from "~/test-support/browser";

/**
 * Issue 28: logout left the Avarda purchase token and the saved gift cards (code and PIN) in the
 * browser, for a shared computer's next user. Logout now expires every cookie the storefront
 * makes, except a short list kept on purpose; a cookie added later is cleared unless it joins that
 * list, and a cookie made anywhere but `cookies.server.ts` fails the last test here.
 */

const APP_ROOT = join(import.meta.dirname, "..", "..");

/** The `Set-Cookie` values of the answer to `POST /logout`, by cookie name. */
async function loggedOut(): Promise<Map<string, string>> {
  const logout = await import("./logout");
  // Without a refresh token no platform is asked; what logout clears does not depend on it.
  const answer = (await settle(() =>
    logout.action({
      request: new Request("http://storefront.test/logout", { method: "POST" }),
      params: {},
      context: {},
    }),
  )) as Response;
  expect(answer.status).toBe(303);
  return new Map(
    answer.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]),
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

function everyCookie(): Cookie[] {
  return Object.values(storefrontCookies()).filter(isCookie);
}

describe("logout clears every shopper cookie (issue 28)", () => {
  it("keeps only the browser's market, language and cookie choice, a signup's token and the flash it writes", () => {
    expect([...KEPT_ON_LOGOUT].sort()).toEqual(
      [
        "kassa_flash",
        COOKIE_NAMES.language,
        COOKIE_NAMES.market,
        COOKIE_NAMES.consent,
        COOKIE_NAMES.signupToken,
      ].sort(),
    );
  });

  it("expires every other cookie the storefront makes, on the path it was set on", async () => {
    const answer = await loggedOut();
    const cookies = everyCookie();
    expect(cookies.length).toBeGreaterThan(10);
    for (const cookie of cookies) {
      const line = answer.get(cookie.name);
      if (KEPT_ON_LOGOUT.has(cookie.name)) {
        expect(line, cookie.name).toBeUndefined();
        continue;
      }
      expect(line, `logout leaves ${cookie.name}`).toBeDefined();
      expect(attribute(line ?? "", "max-age"), cookie.name).toBe("0");
      const setOn = attribute(await cookie.serialize("x"), "path");
      expect(attribute(line ?? "", "path"), cookie.name).toBe(setOn);
    }
    // The ones the review found left behind, and the confirmation a reload shows for an hour.
    for (const name of ["avardaPurchaseToken", "giftCards", "checkoutTokenConfirmed"]) {
      expect(attribute(answer.get(name) ?? "", "max-age"), name).toBe("0");
    }
    // The flash cookie is written anew with logout's own toast: what it held before is gone.
    expect(answer.get("kassa_flash")).toMatch(/^kassa_flash=[^;]+/);
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
          /\bcreateCookie(SessionStorage)?\(/.test(text) &&
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
    expect(everyCookie().map((cookie) => cookie.name)).toContain(COOKIE_NAMES.wishlist);
  });
});
