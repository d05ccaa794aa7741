import { describe, expect, it } from "vitest";
import { Browser } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The search page's loader, the search box's suggestion route and the not-found pages against a
 * real platform: what a shopper gets for a query, in their language and market.
 */
withPlatform();

/** The search page of a locale (`sv-se` unless told): `searchPage("/search?q=x")`. */
async function searchPage(path: string, locale = "sv-se", browser = new Browser()) {
  const search = await import("./$locale.search");
  return search.loader({
    request: browser.request(`/${locale}${path}`),
    params: { locale },
    context: {},
  });
}

async function suggestions(path: string, locale = "sv-se", browser = new Browser()) {
  const route = await import("./$locale.search_.suggestions");
  const response = await route.loader({
    request: browser.request(`/${locale}${path}`),
    params: { locale },
    context: {},
  });
  return { response, body: await response.json() };
}

async function thrownBy(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (thrown) {
    return thrown as { init?: { status?: number }; data?: { reason?: string; title?: string } };
  }
  throw new Error("expected the loader to throw");
}

describe("the search page", () => {
  it("finds Swedish word forms, counts them, and prices them in kronor", async () => {
    const page = await searchPage("/search?q=tr%C3%B6jor");
    expect(page.query).toBe("tröjor");
    expect(page.title).toBe("Sökresultat för ”tröjor” – Kassa");
    expect(page.total).toBeGreaterThan(0);
    expect(page.products.map((product) => product.name)).toContain("Ulltröja Fjäll");
    expect(page.products[0]?.price?.currencyCode).toBe("SEK");
    expect(page.market.productBase).toBe("/sv-se/produkt");
    expect(page.suggestion).toBeNull();
  });

  it("pages the results twelve at a time with plain page numbers", async () => {
    const first = await searchPage("/search?q=kl%C3%A4der");
    expect(first.total).toBeGreaterThan(12);
    expect(first.products).toHaveLength(12);
    expect(first.totalPages).toBe(Math.ceil(first.total / 12));
    const second = await searchPage("/search?q=kl%C3%A4der&page=2");
    expect(second.page).toBe(2);
    const firstIds = new Set(first.products.map((product) => product.id));
    expect(second.products.some((product) => firstIds.has(product.id))).toBe(false);
    expect((await searchPage("/search?q=kl%C3%A4der&page=nonsense")).page).toBe(1);
  });

  it("searches Finnish on a Finnish page and offers a spelling for a typo", async () => {
    const finnish = await searchPage("/search?q=villasukkia", "fi-se");
    expect(finnish.title).toBe("Hakutulokset: ”villasukkia” – Kassa");
    expect(finnish.products.map((product) => product.name)).toContain("Villasukat Fjäll");

    const typo = await searchPage("/search?q=tr%C3%B6ija+qqqzz");
    expect(typo).toMatchObject({ total: 0, products: [], suggestion: "tröjor" });
  });

  it("shows the box alone when opened without a query, and cuts an overlong one", async () => {
    expect(await searchPage("/search")).toMatchObject({
      query: "",
      total: 0,
      title: "Sök – Kassa",
    });
    const long = await searchPage(`/search?q=${encodeURIComponent("pläd ".repeat(60))}`);
    expect(long.query.length).toBeLessThanOrEqual(100);
    expect(long.total).toBeGreaterThan(0);
  });
});

describe("the search box's suggestions", () => {
  it("names products with their page and categories with theirs, then counts the products", async () => {
    const { response, body } = await suggestions("/search/suggestions?q=tr%C3%B6j");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=60");
    expect(body.items[0]).toMatchObject({
      kind: "product",
      href: expect.stringMatching(/^\/sv-se\/produkt\//),
    });
    expect(body.items).toContainEqual({
      kind: "category",
      id: "category-cat-trojor",
      label: "Tröjor",
      href: "/sv-se/kategori/klader/trojor",
    });
    expect(body.total).toBeGreaterThan(body.items.length - 1);
  });

  it("speaks the page's language, and asks nothing for a single letter", async () => {
    const finnish = await suggestions("/search/suggestions?q=neul", "fi-fi");
    expect(finnish.body.items.map((item: { label: string }) => item.label)).toContain("Neuleet");
    expect((await suggestions("/search/suggestions?q=u")).body).toEqual({
      query: "u",
      items: [],
      total: 0,
    });
  });
});

describe("an address that does not exist", () => {
  it("answers 404 with the not-found page's title, one segment or many", async () => {
    const page = await import("./$locale.$page");
    const one = await thrownBy(() =>
      page.loader({
        request: new Request("http://storefront.test/sv-se/finns-inte"),
        params: { locale: "sv-se", page: "finns-inte" },
        context: {},
      }),
    );
    expect(one.init?.status).toBe(404);
    expect(one.data?.title).toBe("Sidan hittades inte – Kassa");

    const splat = await import("./$");
    const many = await thrownBy(() =>
      splat.loader({
        request: new Request("http://storefront.test/a/b/c?lng=fi"),
        params: { "*": "a/b/c" },
        context: {},
      }),
    );
    expect(many.init?.status).toBe(404);
    expect(many.data?.title).toBe("Sivua ei löytynyt – Kassa");
  });
});

describe("a product or category that does not exist", () => {
  it("answers 404 with the not-found page's title, so the tab does not just say 'Kassa'", async () => {
    const category = await import("./$locale.kategori.$");
    const noCategory = await thrownBy(() =>
      category.loader({
        request: new Request("http://storefront.test/sv-se/kategori/finns-inte"),
        params: { locale: "sv-se", "*": "finns-inte" },
        context: {},
      }),
    );
    expect(noCategory.init?.status).toBe(404);
    expect(noCategory.data?.title).toBe("Sidan hittades inte – Kassa");

    const product = await import("./$locale.$prefix.$slug/route");
    const noProduct = await thrownBy(() =>
      product.loader({
        request: new Request("http://storefront.test/en-se/produkt/finns-inte"),
        params: { locale: "en-se", prefix: "produkt", slug: "finns-inte" },
        context: {},
      }),
    );
    expect(noProduct.init?.status).toBe(404);
    expect(noProduct.data?.title).toMatch(/Kassa$/);
    expect(noProduct.data?.title).not.toBe("Kassa");
  });
});
