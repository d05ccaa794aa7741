import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError, type KassaApiError, UnexpectedError } from "./errors.js";
import { createProductClient, emptyProductPage } from "./products.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const base = { storeGroupSlug: "default", market: "SE", language: "sv" };
const product = { id: "p1", slug: "trojan", name: "Tröjan" };
const page = { data: [product], total: 1, total_pages: 1, page: 1 };

function client(onLookupError?: (error: KassaApiError, path: string) => void) {
  return createProductClient({ baseUrl: server.baseUrl, sleep: async () => {}, onLookupError });
}

describe("createProductClient: list lookups", () => {
  const lookups = [
    {
      method: "byCategoryUri",
      path: "/enad/get-products-by-category-uri/",
      query: {
        ...base,
        categoryUri: "klader/trojor",
        page: 2,
        per_page: 24,
        include_child_category_products: true,
      },
    },
    {
      method: "byCategoryId",
      path: "/enad/get-products-by-category-id/",
      query: { ...base, categoryId: "cat-1", page: 1, per_page: 12 },
    },
    {
      method: "byTag",
      path: "/enad/get-products-by-tag/",
      query: { ...base, tag: "nyheter", only_active: true, sort: "newest" },
    },
    {
      method: "bySku",
      path: "/enad/get-products-by-sku/",
      query: { ...base, skuQuery: "TS-001", isMultiple: false },
    },
    {
      method: "byIds",
      path: "/enad/get-products-by-ids/",
      query: { ...base, productIds: ["pp-1002", "pp-1001"], per_page: 2 },
    },
  ] as const;

  for (const lookup of lookups) {
    it(`${lookup.method} POSTs the query to ${lookup.path}`, async () => {
      server.on("POST", lookup.path, { json: page });
      // biome-ignore lint/suspicious/noExplicitAny: one loop over five differently typed methods
      const call = (client() as any)[lookup.method] as (query: unknown) => Promise<unknown>;

      await expect(call(lookup.query)).resolves.toEqual(page);

      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]).toMatchObject({ method: "POST", url: lookup.path });
      expect(JSON.parse(server.requests[0]!.body)).toEqual(lookup.query);
    });
  }

  it("answers the empty page when the lookup fails, and tells onLookupError", async () => {
    server.on("POST", "/enad/get-products-by-sku/", { status: 500, json: { error: "boom" } });
    server.on("POST", "/enad/get-products-by-tag/", { status: 502, text: "bad gateway" });
    const onLookupError = vi.fn();
    const products = client(onLookupError);

    await expect(products.bySku({ ...base, skuQuery: "X" })).resolves.toEqual({
      data: [],
      total: 0,
      total_pages: 0,
      page: 1,
    });
    await expect(products.byTag({ ...base, tag: "x" })).resolves.toEqual(emptyProductPage());

    expect(onLookupError).toHaveBeenCalledTimes(2);
    expect(onLookupError.mock.calls[0]![0]).toBeInstanceOf(HttpError);
    expect(onLookupError.mock.calls[0]![1]).toBe("/enad/get-products-by-sku/");
    expect(onLookupError.mock.calls[1]![0]).toBeInstanceOf(UnexpectedError);
  });
});

describe("createProductClient: byIds", () => {
  it("answers the empty page when the platform refuses the ids (400), as every list lookup does", async () => {
    server.on("POST", "/enad/get-products-by-ids/", {
      status: 400,
      json: { error: "BAD_REQUEST", message: "The request body is invalid", errors: [] },
    });
    const onLookupError = vi.fn();
    await expect(client(onLookupError).byIds({ ...base, productIds: [] })).resolves.toEqual(
      emptyProductPage(),
    );
    expect(onLookupError).toHaveBeenCalledWith(expect.any(HttpError), "/enad/get-products-by-ids/");
  });

  it("retries an unexpected failure: the lookup only reads", async () => {
    server.on("POST", "/enad/get-products-by-ids/", { status: 503, text: "busy" }, { json: page });
    await expect(client().byIds({ ...base, productIds: ["p1"] })).resolves.toEqual(page);
    expect(server.requests).toHaveLength(2);
  });
});

describe("createProductClient: bySlug", () => {
  it("answers the product", async () => {
    server.on("POST", "/enad/get-product-by-slug/", { json: { data: product } });
    await expect(client().bySlug({ ...base, slug: "trojan" })).resolves.toEqual(product);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ ...base, slug: "trojan" });
  });

  it("answers null when there is no such product", async () => {
    server.on("POST", "/enad/get-product-by-slug/", { json: { data: null } });
    await expect(client().bySlug({ ...base, slug: "none" })).resolves.toBeNull();
  });

  it("answers null on 404 and throws other failures", async () => {
    server.on(
      "POST",
      "/enad/get-product-by-slug/",
      { status: 404, json: { error: "not found" } },
      { status: 500, json: { error: "database down" } },
    );
    const products = client();
    await expect(products.bySlug({ ...base, slug: "x" })).resolves.toBeNull();
    await expect(products.bySlug({ ...base, slug: "x" })).rejects.toMatchObject({
      status: 500,
      message: "database down",
    });
  });
});

describe("createProductClient: categories", () => {
  it("answers the categories", async () => {
    const categories = [{ id: "c1", uri: "klader", name: "Kläder" }];
    server.on("POST", "/enad/get-categories/", { json: { data: categories } });
    await expect(client().categories(base)).resolves.toEqual(categories);
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/enad/get-categories/" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(base);
  });
});

describe("createProductClient: sitemapProducts", () => {
  const reply = {
    data: [{ id: "pp-1", slug: "trojan", updatedAt: "2026-01-02T03:04:05.000Z" }],
    next: "pp-1",
    total: 2,
  };

  it("posts the cursor and answers the page as it came", async () => {
    server.on("POST", "/enad/get-sitemap-products/", { json: reply });
    const query = { storeGroupSlug: "default", market: "SE", after: "pp-0", limit: 1 };
    await expect(client().sitemapProducts(query)).resolves.toEqual(reply);
    expect(JSON.parse(server.requests[0]!.body)).toEqual(query);
  });

  it("retries an unexpected failure, then throws: no empty page stands in for a sitemap", async () => {
    server.on(
      "POST",
      "/enad/get-sitemap-products/",
      { status: 503, text: "busy" },
      { json: reply },
    );
    await expect(
      client().sitemapProducts({ storeGroupSlug: "default", market: "SE" }),
    ).resolves.toEqual(reply);
    server.on("POST", "/enad/get-sitemap-products/", {
      status: 400,
      json: { error: "BAD_REQUEST" },
    });
    await expect(
      client().sitemapProducts({ storeGroupSlug: "default", market: "XX" }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
