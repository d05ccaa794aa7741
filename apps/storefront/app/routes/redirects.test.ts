import { SEED_FIXTURES, SEED_PASSWORD, SEED_USERS } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * Redirect targets that come from the request (`redirectTo` in a query or a form) never send the
 * shopper to another site: every `Location` the storefront answers stays on its own origin.
 */
withPlatform();

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
      const location = answer instanceof Response ? answer.headers.get("Location") : null;
      if (location) expect(destination(location).origin, JSON.stringify(target)).toBe(SITE);
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
      expect((answer as Response).headers.get("Location")).toBe(
        `/sv-se/produkt/${encodeURIComponent(slug)}`,
      );
    }
  });
});
