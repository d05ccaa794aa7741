import { SEED_FIXTURES } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { withPlatform } from "~/test-support/platform";
import { withBuiltStorefront } from "./built-storefront.testing";

/**
 * What a shared HTTP cache in front is told (ADR 0027), from the real production build (`pnpm
 * build` first) over a real platform: an anonymous visitor's catalogue page is public and names
 * the tags it was built from; the same page for a visitor with a cart, and every answer to a
 * form, is private. (Through a real Varnish: `shared-cache.varnish.test.ts`.)
 */
withPlatform();
const { slug, productParentId, variantId, categoryUri } = SEED_FIXTURES.simple;

const storefrontUrl = withBuiltStorefront();

async function visit(path: string, init: RequestInit = {}) {
  const response = await fetch(`${storefrontUrl()}${path}`, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    keys: response.headers.get("surrogate-key")?.split(" ") ?? [],
    cookies: response.headers.getSetCookie(),
  };
}

describe("an anonymous visitor's catalogue pages", () => {
  it("may be kept by a shared cache, keyed by everything they show", async () => {
    const product = await visit(`/sv-se/produkt/${slug}`);
    expect(product.status).toBe(200);
    expect(product.cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(product.keys).toEqual(
      expect.arrayContaining([
        "layout",
        "categories",
        `product-${productParentId}`,
        `price-${productParentId}`,
        `stock-${productParentId}`,
      ]),
    );

    const category = await visit(`/sv-se/kategori/${categoryUri}`);
    expect(category.cacheControl).toMatch(/^public/);
    expect(category.keys).toEqual(expect.arrayContaining(["layout", `price-${productParentId}`]));
    // Its own products only: a change to a hat purges no kitchen page.
    expect(category.keys).not.toContain("price-pp-1011");

    // A client-side navigation asks for the same data: the same rule.
    const data = await visit(`/sv-se/produkt/${slug}.data`);
    expect(data.cacheControl).toMatch(/^public/);
    expect(data.keys).toContain(`stock-${productParentId}`);
  });

  it("include the sitemaps, keyed so that a catalogue change purges them; a missing part is not kept", async () => {
    for (const path of ["/sitemap.xml", "/sitemaps/fi-fi-1.xml"]) {
      const sitemap = await visit(path);
      expect(sitemap.status, path).toBe(200);
      expect(sitemap.cacheControl, path).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(sitemap.keys, path).toEqual(["layout", "categories", "sitemap"]);
    }
    const missing = await visit("/sitemaps/fi-fi-9.xml");
    expect(missing.status).toBe(404);
    expect(missing.cacheControl).toBe("private, no-store");
  });

  it("are one per URL (ADR 0037); the answer that remembers a language is private", async () => {
    const switching = await fetch(`${storefrontUrl()}/sv-se/produkt/${slug}?lng=fi`, {
      redirect: "manual",
    });
    expect(switching.status).toBe(302);
    expect(switching.headers.get("location")).toBe(`/fi-se/produkt/${slug}`);
    expect(switching.headers.get("cache-control")).toBe("private, no-store");
    const [lng] = switching.headers.getSetCookie();
    expect(lng).toMatch(/^lng=/);
    // The remembered choices change nothing on a page whose URL names both: still shared.
    const finnish = await visit(`/fi-se/produkt/${slug}`, {
      headers: { cookie: (lng ?? "").split(";")[0] ?? "" },
    });
    expect(finnish.cacheControl).toMatch(/^public/);
    // An address from before answers with its new URL, privately (it read the visitor's cookies).
    const old = await fetch(`${storefrontUrl()}/produkt/${slug}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/sv-se/produkt/${slug}`);
    expect(old.headers.get("cache-control")).toBe("private, no-store");
  });

  it("are private as soon as the visitor has a cart, and the add itself is private", async () => {
    const added = await visit(`/sv-se/produkt/${slug}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: storefrontUrl() },
      body: new URLSearchParams({ intent: "add", productVariantId: variantId, quantity: "1" }),
    });
    expect(added.cacheControl).toBe("private, no-store");
    const cart = added.cookies.find((cookie) => cookie.startsWith("cartToken="));
    expect(cart).toBeDefined();
    const withCart = await visit(`/sv-se/produkt/${slug}`, {
      headers: { cookie: (cart ?? "").split(";")[0] ?? "" },
    });
    expect(withCart.status).toBe(200);
    expect(withCart.cacheControl).toBe("private, no-store");
    expect(withCart.keys).toEqual([]);
  });
});

describe("every other page", () => {
  it.each(["/cart", "/login", "/signup", "/my-account", "/sv-se/kategori/finns-inte", "/"])(
    "%s is private",
    async (path) => {
      expect((await visit(path)).cacheControl).toBe("private, no-store");
    },
  );

  it("keeps a file's own caching (the translations)", async () => {
    const root = await fetch(`${storefrontUrl()}/sv-se`).then((response) => response.text());
    const translations = /href="(\/locales\/sv\.json\?v=[^"]+)"/.exec(root)?.[1];
    expect(translations).toBeDefined();
    const file = await visit(translations ?? "", { headers: { cookie: "cartToken=x" } });
    expect(file.cacheControl).toMatch(/immutable/);
  });

  it("is private when the product does not exist", async () => {
    const missing = await visit("/sv-se/produkt/finns-inte");
    expect(missing.status).toBe(404);
    expect(missing.cacheControl).toBe("private, no-store");
  });
});
