import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join, relative } from "node:path";
import { isSafeRedirectPath } from "@kassa/domain";
import {
  SEED_FIXTURES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";
import { withBuiltStorefront } from "../../server/built-storefront.testing";

/**
 * Redirect targets that come from the request (`redirectTo` in a query or a form, and the
 * request's own path: `?locale=`, `?lng=`, old addresses, another market's prefix) never send the
 * shopper to another site: every `Location` the storefront answers stays on its own origin.
 * Issue 38: `GET //evil.example/?locale=sv-se` answered `Location: //evil.example/`.
 */
withPlatform();
const builtShop = withBuiltStorefront();

const SITE = "http://storefront.test";

/** Ways off the site, as they arrive in the handler (after the query or form is decoded once). */
const HOSTILE_TARGETS = [
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/\r\n/evil.example/",
  "//evil.example/",
  "///evil.example/",
  "/\\evil.example/",
  "\\\\evil.example/",
  "/%2F%2Fevil.example/",
  "/%2f/evil.example/",
  "/%5Cevil.example/",
  "/%09/evil.example/",
  "/%252F%252Fevil.example/",
  // Resolved on this site by a browser, but `new URL(path, base).pathname` is `//evil.example/`:
  // code that rewrites the path before sending it (the market selector, the customer card) sent that.
  "/a/..//evil.example/",
  "/cart/%2e%2e//evil.example/",
  "https://evil.example/",
  "https:/evil.example/",
  "javascript:alert(1)",
];

/** Where a browser goes with this `Location`: it drops tabs and newlines and reads `\` as `/`. */
function destination(location: string | null): URL {
  return new URL(location ?? "", `${SITE}/login`);
}

function expectOnSite(answer: unknown, target: string) {
  expect(answer, JSON.stringify(target)).toBeInstanceOf(Response);
  const location = (answer as Response).headers.get("Location");
  expect(location, JSON.stringify(target)).toMatch(/^\/[^/\\]/);
  expect(destination(location).origin, JSON.stringify(target)).toBe(SITE);
}

async function loggedIn(): Promise<Browser> {
  const browser = new Browser();
  await logInThroughForm(browser, SEED_USERS.customer.email, SEED_PASSWORD);
  return browser;
}

describe("/login?redirectTo= for a logged-in shopper", () => {
  it("goes to the account page instead of another site", async () => {
    const login = await import("./login/route");
    const browser = await loggedIn();
    for (const target of HOSTILE_TARGETS) {
      const answer = await settle(() =>
        login.loader({
          request: browser.request(`/login?redirectTo=${encodeURIComponent(target)}`),
          params: {},
          context: {},
        }),
      );
      expectOnSite(answer, target);
      expect((answer as Response).headers.get("Location")).toBe("/my-account/overview/");
    }
  });

  it("still follows a path on this site", async () => {
    const login = await import("./login/route");
    const browser = await loggedIn();
    const answer = (await settle(() =>
      login.loader({
        request: browser.request(`/login?redirectTo=${encodeURIComponent("/cart?x=1")}`),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/cart?x=1");
  });

  it("refuses a login form posted with such a target, and does not log in", async () => {
    const login = await import("./login/route");
    for (const target of HOSTILE_TARGETS) {
      const answer = await settle(() =>
        login.action({
          request: new Browser().form("/login", {
            intent: "log-in",
            email: SEED_USERS.customer.email,
            password: SEED_PASSWORD,
            redirectTo: target,
          }),
          params: {},
          context: {},
        }),
      );
      expect((answer as { init?: { status?: number } }).init?.status, JSON.stringify(target)).toBe(
        400,
      );
    }
  });
});

describe("POST /cart with redirectTo", () => {
  it("answers with the cart page, never another site", async () => {
    const cart = await import("./cart");
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId, 1);
    const line = (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} }))
      .data.cart?.items[0];
    expect(line).toBeDefined();

    for (const target of HOSTILE_TARGETS) {
      const posts: Record<string, string>[] = [
        { intent: "increase", itemId: line?.id ?? "", quantity: "1" },
        { intent: "set-quantity", itemId: "no-such-line", quantity: "1" },
        { intent: "not-an-intent" },
      ];
      for (const fields of posts) {
        const answer = await settle(() =>
          cart.action({
            request: browser.form("/cart", { ...fields, redirectTo: target }),
            params: {},
            context: {},
          }),
        );
        expectOnSite(answer, target);
        expect((answer as Response).headers.get("Location")).toBe("/cart");
      }
    }
  });
});

describe("POST /market with redirectTo", () => {
  it("never answers a Location off the site", async () => {
    const market = await import("./market");
    for (const target of HOSTILE_TARGETS) {
      const answer = await settle(() =>
        market.action({
          request: new Browser().form("/market", { market: "FI", redirectTo: target }),
          params: {},
          context: {},
        }),
      );
      // Refused, or on the shop: the new market's path is made from the target (issue 38).
      expect(answer, target).toBeInstanceOf(Response);
      if ((answer as Response).status === 400) continue;
      expectOnSite(answer, target);
    }
  });
});

describe("a product link of another market", () => {
  it("keeps the slug inside the product path, encoded", async () => {
    const product = await import("./$locale.$prefix.$slug/route");
    for (const slug of ["\r\nevil", "//evil.example", "\tx", "../../evil.example", "a\\b"]) {
      const answer = await settle(() =>
        product.loader({
          request: new Request(`${SITE}/sv-se/tuote/x`),
          params: { locale: "sv-se", prefix: "tuote", slug },
          context: {},
        }),
      );
      expectOnSite(answer, slug);
      // An encoded control character or backslash fails the one check (a proxy that decodes the
      // path again could act on it): the locale's home page instead, as for every such target.
      const encoded = `/sv-se/produkt/${encodeURIComponent(slug)}`;
      expect((answer as Response).headers.get("Location")).toBe(
        /[\r\n\t\\]/.test(slug) ? "/sv-se" : encoded,
      );
    }
  });
});

describe("the customer card's answer, rewritten from redirectTo", () => {
  it("never sends a path the rewriting turned into another host", async () => {
    const cart = await import("./cart");
    const browser = new Browser();
    await logInThroughForm(browser, SEED_USERS.agent.email, SEED_PASSWORD);
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId, 1);
    for (const target of HOSTILE_TARGETS) {
      const answer = await settle(() =>
        cart.action({
          request: browser.form("/cart", {
            intent: "card-company",
            organisationId: SEED_ORGANISATIONS.nordtrade.id,
            redirectTo: target,
          }),
          params: {},
          context: {},
        }),
      );
      expectOnSite(answer, target);
      expect((answer as Response).headers.get("Location"), target).toMatch(/^\/cart(\?|$)/);
    }
  });
});

describe("a link with ?locale= to a path that is no page of the shop", () => {
  it("remembers the locale and leads to its home page, not to the path", async () => {
    const root = await import("~/root");
    for (const path of ["//evil.example/", "/%2F%2Fevil.example/", "/%5Cevil.example/"]) {
      for (const query of ["?locale=sv-se", "?locale=fi-fi&x=1", "?locale=nope"]) {
        const answer = await settle(() =>
          root.loader({
            request: new Request(`${SITE}${path}${query}`),
            params: {},
            context: {},
          }),
        );
        expectOnSite(answer, `${path}${query}`);
        const location = (answer as Response).headers.get("Location");
        expect(location, `${path}${query}`).toBe(query.includes("fi-fi") ? "/fi-fi" : "/sv-se");
      }
    }
  });

  it("still leads to the page's own address when it is one", async () => {
    const root = await import("~/root");
    const answer = (await settle(() =>
      root.loader({
        request: new Request(`${SITE}/cart?locale=fi-fi&x=1`),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/cart?x=1");
  });
});

// ---------------------------------------------------------------------------------------------
// The built shop, as a browser or a phishing mail's link reaches it: raw request targets (fetch
// and `new URL` would normalise `//` and `\` before sending), through the server, Remix's
// routing and every route that answers a redirect.
// ---------------------------------------------------------------------------------------------

/** Ways off the site as a request's path: as sent, and percent-encoded. */
const HOSTILE_PATHS = [
  "//evil.example/",
  "/\\evil.example/",
  "/%2F%2Fevil.example/",
  "/%5Cevil.example/",
];

/**
 * Where a hostile path can start: nothing (the splat, `/`), a locale (the `?lng=` redirect), an
 * old address (`/kategori/…`, `/produkt/…`, a shop page's slug, `/search`), another market's
 * prefix (`/sv-se/kategoria/…`, `/fi-fi/produkt/…`), a shop page in another language, and the
 * person's own pages (`?locale=`, the login's `?redirectTo=`, the link-token pages).
 */
const PREFIXES = [
  "",
  "/sv-se",
  "/kategori",
  "/produkt",
  "/tuote",
  "/search",
  "/kopvillkor",
  "/sv-se/kategoria",
  "/fi-fi/produkt",
  "/fi-fi/kopvillkor",
  "/cart",
  "/login",
  "/my-account/overview",
  "/reset-password",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
];

/** The queries that make a page answer a redirect. */
const QUERIES = ["", "?locale=sv-se", "?lng=fi", "?locale=fi-fi&lng=en", "?token=t&locale=sv-se"];

interface RawAnswer {
  status: number;
  location: string | undefined;
}

/** Sends `target` as the request line's target, byte for byte. */
function rawRequest(
  base: string,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: hostname, port, path: target, method: init.method ?? "GET", headers: init.headers },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
        );
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

/** A `Location` stays on the shop: a path by the one rule, which a browser resolves on this origin. */
function expectLocationOnShop(answer: RawAnswer, sent: string) {
  if (answer.location === undefined) return;
  const what = `${sent} → ${answer.status} ${answer.location}`;
  expect(isSafeRedirectPath(answer.location), what).toBe(true);
  expect(new URL(answer.location, "http://shop.test/a/b").origin, what).toBe("http://shop.test");
}

describe("every redirect of the built shop, for raw request targets", () => {
  it("keeps the Location on the shop for every path, prefix and query", async () => {
    const base = builtShop();
    let redirects = 0;
    for (const prefix of PREFIXES) {
      for (const path of HOSTILE_PATHS) {
        for (const query of QUERIES) {
          const target = `${prefix}${path}${query}`;
          const answer = await rawRequest(base, target, { headers: { Accept: "text/html" } });
          expect(answer.status, target).toBeLessThan(500);
          expectLocationOnShop(answer, target);
          if (answer.location) redirects++;
        }
      }
    }
    // Not vacuous: `?locale=` alone redirects every person's page, hostile or not.
    expect(redirects).toBeGreaterThan(PREFIXES.length * HOSTILE_PATHS.length);
  });

  it("answers the phishing link of issue 38 with the locale's home page", async () => {
    for (const path of HOSTILE_PATHS) {
      const answer = await rawRequest(builtShop(), `${path}?locale=sv-se`);
      expect(answer, path).toEqual({ status: 302, location: "/sv-se" });
    }
  });

  it("keeps form posts' redirectTo on the shop (market, consent, cart)", async () => {
    const base = builtShop();
    const origin = new URL(base).origin;
    const targets = [...HOSTILE_PATHS, "/a/..//evil.example/", "/%09/evil.example/"];
    const forms: { action: string; fields: Record<string, string> }[] = [
      { action: "/market", fields: { market: "FI" } },
      { action: "/consent", fields: { intent: "reject-all" } },
      { action: "/cart", fields: { intent: "increase", itemId: "none", quantity: "1" } },
    ];
    for (const { action, fields } of forms) {
      for (const redirectTo of targets) {
        const body = new URLSearchParams({ ...fields, redirectTo }).toString();
        const answer = await rawRequest(base, action, {
          method: "POST",
          headers: {
            Origin: origin,
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": String(Buffer.byteLength(body)),
          },
          body,
        });
        // The market's form refuses a bad target (400); the others lead to their own page.
        expect([303, 400], `${action} ${redirectTo}`).toContain(answer.status);
        expectLocationOnShop(answer, `${action} ${redirectTo}`);
      }
    }
  });
});

describe("one check for every redirect", () => {
  it("is the only maker of redirects: no other module imports Remix's redirect or sets Location", async () => {
    const root = join(import.meta.dirname, "..", "..");
    const offenders: string[] = [];
    for (const folder of ["app", "server"]) {
      for (const file of await readdir(join(root, folder), { recursive: true })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        const path = relative(root, join(root, folder, file));
        if (path === "app/modules/http/redirect-to.ts" || path.startsWith("app/test-support/")) {
          continue;
        }
        // The code, without its comments (which quote Locations).
        const code = (await readFile(join(root, path), "utf8"))
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/^\s*\/\/.*$/gm, "");
        const fromRemix = code.matchAll(
          /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"@remix-run\/(?:node|server-runtime|react)"/g,
        );
        for (const [, names] of fromRemix) {
          if (/(^|[\s,])(redirect|replace|redirectDocument)([\s,]|$)/.test(names ?? "")) {
            offenders.push(`${path} imports a redirect from Remix`);
          }
        }
        // A Location header written by hand (`{ Location: … }`, `.set("Location", …)`), Express's
        // `res.redirect`, or a script sending the browser somewhere.
        if (
          /\bLocation["']?\s*:|["']Location["']\s*,|\.redirect\(|(?:\b(?:window|document|globalThis)\.location|\blocation\.href)\s*=(?!=)|\blocation\.(?:assign|replace)\(/.test(
            code,
          )
        ) {
          offenders.push(`${path} sets a Location by hand`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
