import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createManagementClient } from "@kassa/api-client";
import { freePort } from "@kassa/node-server/testing";
import {
  DEVELOPMENT_OAUTH_CLIENT,
  SEED_FIXTURES,
  SEED_USERS,
  type StartedPlatform,
  startPlatform,
} from "@kassa/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "~/test-support/browser";
import { findVarnishd, type StartedVarnish, startVarnish } from "../../../deploy/varnish/start.mjs";

/**
 * A real Varnish (deploy/varnish/kassa.vcl, started as `npm run varnish` starts it) in front of
 * the storefront's production server (`build/express/main.js`, its own process, as deployed) over
 * a real platform: anonymous catalogue pages are kept and served again, a shopper with a cart or a
 * login always gets their own page, a price change through the management API purges exactly the
 * pages that showed the product, and the shop works with JavaScript off (plain form posts).
 * What the storefront answers on its own: shared-cache.test.ts; the VCL alone: shared-cache-vcl.
 */
const storefrontFolder = fileURLToPath(new URL("..", import.meta.url));
const serverFile = fileURLToPath(new URL("../build/express/main.js", import.meta.url));
const installed = findVarnishd() !== undefined;
if (!installed) {
  console.warn(
    "shared-cache.varnish.test.ts skipped: varnishd is not installed (Debian: apt-get install varnish varnish-modules; `npm test` as root installs them)",
  );
}

const { simple, multiVariant } = SEED_FIXTURES;
const productPage = `/sv-se/produkt/${simple.slug}`;
const categoryPage = `/sv-se/kategori/${simple.categoryUri}`;
// A product in no way related to the one whose price changes.
const unrelatedPage = `/sv-se/produkt/${multiVariant.slug}`;

let platform: StartedPlatform | undefined;
/** The shop's own token, the platform's and the production storefront's (ADR 0048). */
const STOREFRONT_TOKEN = "varnish-test-storefront-token-0123456789";
let varnish: StartedVarnish | undefined;
let storefront: ChildProcess | undefined;
let storefrontUrl = "";

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000) {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs} ms${last ? ` (${String(last)})` : ""}`);
}

interface Visit {
  status: number;
  cache: string | null;
  cacheControl: string | null;
  location: string | null;
  html: string;
  headers: Headers;
}

/** A request through Varnish, as a browser with `browser`'s cookies (none: anonymous). */
async function visit(path: string, browser?: Browser, init: RequestInit = {}): Promise<Visit> {
  const headers = new Headers(init.headers);
  const cookie = browser?.cookieHeader();
  if (cookie) headers.set("Cookie", cookie);
  const response = await fetch(`${varnish?.url}${path}`, { ...init, headers, redirect: "manual" });
  browser?.keep(response);
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    cacheControl: response.headers.get("cache-control"),
    location: response.headers.get("location"),
    html: await response.text(),
    headers: response.headers,
  };
}

/** A form posted as a browser posts it with JavaScript off: urlencoded, from this origin. */
function post(path: string, fields: Record<string, string>, browser: Browser) {
  return visit(path, browser, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: varnish?.url ?? "",
      "Sec-Fetch-Site": "same-origin",
    },
  });
}

/** This storefront process's figures (asked directly: `/healthz/cache` is for loopback). */
async function cacheReport(): Promise<{
  notices: { connected: boolean };
  sharedCachePurges: { sent: number; failed: number } | null;
}> {
  return (await fetch(`${storefrontUrl}/healthz/cache`)).json();
}

beforeAll(async () => {
  if (!installed) return;
  if (!existsSync(serverFile)) {
    throw new Error(`${serverFile} is missing: build the storefront first`);
  }
  platform = await startPlatform({ storefrontTokens: [STOREFRONT_TOKEN] });
  const port = await freePort();
  storefrontUrl = `http://127.0.0.1:${port}`;
  varnish = await startVarnish({
    listen: "127.0.0.1:0",
    backend: `127.0.0.1:${port}`,
    memory: "64m",
    quiet: true,
  });
  storefront = spawn(process.execPath, [serverFile], {
    cwd: storefrontFolder,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      KASSA_SHOPPER_API_URL: platform.url,
      KASSA_PRODUCT_API_URL: platform.url,
      KASSA_ACCOUNT_API_URL: platform.url,
      KASSA_ORDER_API_URL: platform.url,
      KASSA_MEDIA_API_URL: platform.url,
      KASSA_MARKETING_API_URL: platform.url,
      SESSION_SECRET: "storefront-test-secret-0123456789",
      KASSA_STOREFRONT_TOKEN: STOREFRONT_TOKEN,
      KASSA_COOKIE_SECURE: "false",
      // The shop's address is Varnish's: its links are built on it, whatever a request says.
      KASSA_PUBLIC_ORIGIN: varnish.url,
      // Varnish on the same machine is the proxy: the storefront sees the shopper's address.
      KASSA_TRUSTED_PROXIES: "loopback",
      KASSA_SHARED_CACHE_PURGE_URLS: varnish.url,
      // Far longer than the test: a page that changes was purged, not aged out.
      KASSA_PAGE_CACHE_SECONDS: "600",
    },
  });
  // Through Varnish: its probe has found the storefront healthy.
  await until("the storefront answers through Varnish", async () =>
    (await fetch(`${varnish?.url}/healthz`)).ok ? true : undefined,
  );
  // A change made before the storefront listens to the platform's notices would purge nothing.
  await until("the storefront hears the platform's cache-tag notices", async () =>
    (await cacheReport()).notices.connected ? true : undefined,
  );
}, 120_000);

afterAll(async () => {
  if (storefront && storefront.exitCode === null) {
    const exited = new Promise((resolve) => storefront?.once("exit", resolve));
    storefront.kill("SIGTERM");
    await exited;
  }
  await varnish?.stop();
  await platform?.close();
});

describe.skipIf(!installed)("the storefront behind a real Varnish", () => {
  it("serves an anonymous visitor's second view of a catalogue page from the cache", async () => {
    for (const path of [productPage, categoryPage]) {
      const first = await visit(path);
      expect(first.status).toBe(200);
      expect(first.cache).toBe("MISS");
      const second = await visit(path);
      expect(second.status).toBe(200);
      expect(second.cache).toBe("HIT");
      expect(second.html).toBe(first.html);
      // Browsers revalidate every time; the keys stay between the storefront and Varnish.
      expect(second.cacheControl).toMatch(/^public, max-age=0, s-maxage=600/);
      expect(second.headers.get("surrogate-key")).toBeNull();
      expect(second.headers.get("xkey")).toBeNull();
    }
    // The market and language are in the URL (ADR 0037): the Finnish page is a copy of its own,
    // in euros, shared by a visitor with Finnish cookies and one with none; the Swedish copy stays
    // Swedish, whatever the cookies of the one who asks.
    const finnish = new Browser();
    const switched = await post("/market", { market: "FI", redirectTo: productPage }, finnish);
    expect(switched.status).toBe(303);
    const finnishPage = switched.location ?? "";
    expect(finnishPage).toBe(`/fi-fi/tuote/${simple.slug}`);
    const inFinland = { headers: { Cookie: onlyLanguageAndMarket(finnish) } };
    const inEuros = await visit(finnishPage, undefined, inFinland);
    expect(inEuros.status).toBe(200);
    expect(inEuros.cache).toBe("MISS");
    expect(inEuros.html).toContain("€");
    expect((await visit(finnishPage)).cache).toBe("HIT");
    const swedish = await visit(productPage, undefined, inFinland);
    expect(swedish.cache).toBe("HIT");
    expect(swedish.html).not.toContain("€");
  });

  it("shares pages per cookie choice: the banner only in the copy for a first visit (ADR 0038)", async () => {
    const path = "/sv-se/kopvillkor?from=consent";
    const first = await visit(path);
    expect(first.cache).toBe("MISS");
    expect(first.html).toContain('data-testid="consent-banner"');
    expect((await visit(path)).cache).toBe("HIT");

    const chooser = new Browser();
    const chosen = await post("/consent", { intent: "reject-all", redirectTo: path }, chooser);
    expect(chosen.status).toBe(303);
    expect(chosen.location).toBe(path);
    const consent = chooser
      .cookieHeader()
      .split("; ")
      .find((pair) => pair.startsWith("kassa_consent="));
    expect(consent).toMatch(/^kassa_consent=\d+\.0\.0\.\d{8}$/);
    const asChooser = { headers: { Cookie: consent ?? "" } };
    const without = await visit(path, undefined, asChooser);
    expect(without.cache).toBe("MISS");
    expect(without.cacheControl).toMatch(/^public/);
    expect(without.html).not.toContain('data-testid="consent-banner"');
    expect(without.html).toContain('"consent","update"');
    // The same choice made on another day is the same copy; a first visit still gets the banner.
    const otherDay = { headers: { Cookie: (consent ?? "").replace(/\d{8}$/, "20250101") } };
    expect((await visit(path, undefined, otherDay)).cache).toBe("HIT");
    const stranger = await visit(path);
    expect(stranger.cache).toBe("HIT");
    expect(stranger.html).toContain('data-testid="consent-banner"');
  });

  it("keeps no client's forwarded host in a shared page, whose policy names its own scripts (issue 28)", async () => {
    const path = "/sv-se/kopvillkor?from=forwarded-host";
    const poisoned = await visit(path, undefined, {
      headers: {
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
        Forwarded: "host=evil.example;proto=https",
      },
    });
    expect(poisoned.status).toBe(200);
    expect(poisoned.cache).toBe("MISS");
    expect(poisoned.html).not.toContain("evil.example");
    const next = await visit(path);
    expect(next.cache).toBe("HIT");
    expect(next.html).not.toContain("evil.example");
    expect(next.html).toContain(`hrefLang="fi-FI" href="${varnish?.url}/fi-fi/ostoehdot"`);
    // The copy everyone gets keeps its Content-Security-Policy (ADR 0032): no nonce, which the
    // cache would hand to everyone, and the hash of each inline script in it.
    const policy = next.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).not.toContain("'nonce-");
    const scripts = [...next.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(attributes ?? ""),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , text = ""] of scripts) {
      expect(policy).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
  });

  it("never keeps nor serves a shared copy to a shopper who is logged in", async () => {
    await visit(productPage);
    const anonymous = await visit(productPage);
    expect(anonymous.cache).toBe("HIT");
    expect(anonymous.html).toContain("Logga in");

    const shopper = new Browser();
    const login = await post(
      "/login",
      {
        intent: "log-in",
        email: SEED_USERS.customer.email,
        password: SEED_USERS.customer.password,
        redirectTo: "",
      },
      shopper,
    );
    expect(login.status).toBe(303);
    expect(login.cache).toBe("MISS");
    expect(shopper.cookieHeader()).toContain("userToken=");
    for (const _ of [1, 2]) {
      const own = await visit(productPage, shopper);
      expect(own.status).toBe(200);
      expect(own.cache).toBe("MISS");
      expect(own.cacheControl).toBe("private, no-store");
      expect(own.html).toContain("Logga ut");
      expect(own.html).not.toContain("Logga in");
    }
    // And the next anonymous visitor still gets the anonymous page, not the shopper's.
    const next = await visit(productPage);
    expect(next.cache).toBe("HIT");
    expect(next.html).toContain("Logga in");
    expect(next.html).not.toContain("Logga ut");
  });

  it("purges exactly the pages that showed a product whose price changed, and shows the new price", async () => {
    for (const path of [productPage, categoryPage, unrelatedPage]) {
      await visit(path);
      expect((await visit(path)).cache).toBe("HIT");
    }
    const before = (await cacheReport()).sharedCachePurges?.sent ?? 0;
    const price = 87_654;
    await createManagementClient({
      baseUrl: platform?.url ?? "",
      clientId: DEVELOPMENT_OAUTH_CLIENT.id,
      clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
    }).setPrice(
      { productVariantId: simple.variantId, storeGroupId: "default", countryCode: "SE" },
      { basePriceAmount: price, salePriceAmount: price },
    );
    // The notice went platform → storefront → PURGE to Varnish, answered 200.
    await until("the storefront purges Varnish", async () =>
      ((await cacheReport()).sharedCachePurges?.sent ?? 0) > before ? true : undefined,
    );
    expect((await cacheReport()).sharedCachePurges?.failed).toBe(0);

    const product = await visit(productPage);
    expect(product.cache).toBe("MISS");
    expect(product.html).toContain(String(price));
    const category = await visit(categoryPage);
    expect(category.cache).toBe("MISS");
    expect(category.html).toContain(String(price));
    expect((await visit(unrelatedPage)).cache).toBe("HIT");
    // The new copies are kept again.
    expect((await visit(productPage)).cache).toBe("HIT");
  });

  it("works with JavaScript off: the cart is the shopper's own from the first form post on", async () => {
    await visit(productPage);
    expect((await visit(productPage)).html).toContain("Varukorg, 0 varor");

    const shopper = new Browser();
    const page = await visit(productPage, shopper);
    // The add-to-cart form as the page renders it (the one naming the variant), posted as the
    // browser would.
    const action = [...page.html.matchAll(/<form method="post" action="([^"]+)"[\s\S]*?<\/form>/g)]
      .find(([form]) => form.includes(`name="productVariantId" value="${simple.variantId}"`))
      ?.at(1);
    expect(action).toBe(productPage);
    const added = await post(
      action ?? productPage,
      { intent: "add", productVariantId: simple.variantId, quantity: "1" },
      shopper,
    );
    expect(added.status).toBe(303);
    expect(added.cache).toBe("MISS");
    expect(shopper.cookieHeader()).toContain("cartToken=");

    // The redirect, then the cart: both the shopper's own, with the line in it.
    const landed = await visit(added.location ?? "/", shopper);
    expect(landed.status).toBe(200);
    expect(landed.cache).toBe("MISS");
    expect(landed.html).toContain("Varukorg, 1 vara");
    const cart = await visit("/cart", shopper);
    expect(cart.status).toBe(200);
    expect(cart.cacheControl).toBe("private, no-store");
    expect(cart.html).toContain("Emaljmugg Koli");
    expect(cart.html).toContain(simple.variantId);

    // Every page after that is the shopper's, never kept: twice the same page, twice a miss.
    for (const path of [productPage, categoryPage, productPage]) {
      const own = await visit(path, shopper);
      expect(own.cache).toBe("MISS");
      expect(own.cacheControl).toBe("private, no-store");
      expect(own.html).toContain("Varukorg, 1 vara");
    }
    // Nobody else sees that cart.
    const anonymous = await visit(productPage);
    expect(anonymous.cache).toBe("HIT");
    expect(anonymous.html).toContain("Varukorg, 0 varor");
  });
});

/** The language and market cookies `browser` was given: an anonymous visitor's only ones. */
function onlyLanguageAndMarket(browser: Browser): string {
  const pairs = browser
    .cookieHeader()
    .split("; ")
    .filter((pair) => pair.startsWith("lng=") || pair.startsWith("market="));
  if (pairs.length !== 2) throw new Error(`no language and market in ${browser.cookieHeader()}`);
  return pairs.join("; ");
}
