import type {
  Category,
  PlatformErrorBody,
  Product,
  ProductPage,
  ProductParentPrices,
  ProductParentStocks,
  StoreGroupMarkets,
} from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_VERSION } from "../src/modules/catalogue/image-urls.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

const SE = { storeGroupSlug: "default", market: "SE", language: "sv" };

/** A product wrapper call as the storefront makes it: with its token, which reads any store group. */
function lookup<Body = ProductPage>(path: string, body: Record<string, unknown>) {
  return platform.request<Body & PlatformErrorBody>("POST", `/enad/${path}/`, {
    body,
    storefront: true,
  });
}

const PRODUCT_KEYS = [
  "brand",
  "categoryIds",
  "childItems",
  "description",
  "id",
  "imageUrl",
  "isAvailable",
  "name",
  "orderLimit",
  "price",
  "slug",
  "tags",
  "variants",
];

describe("prices and stock", () => {
  it("answers the prices of a product parent in a store group and market", async () => {
    const { onSale } = SEED_FIXTURES;
    const parentId = "pp-1033";
    const { status, body } = await platform.request<ProductParentPrices>(
      "GET",
      `/shopper/prices/product-parents/${parentId}/store-groups/default/markets/SE`,
    );
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["productParent"]);
    expect(keysOf(body.productParent)).toEqual([
      "currencyCode",
      "id",
      "isTaxIncludedInPrice",
      "productVariants",
    ]);
    expect(body.productParent).toMatchObject({
      id: parentId,
      currencyCode: "SEK",
      isTaxIncludedInPrice: true,
    });
    expect(body.productParent.productVariants.length).toBeGreaterThan(1);
    for (const variant of body.productParent.productVariants) {
      expect(keysOf(variant)).toEqual([
        "basePriceAmount",
        "discountAmount",
        "id",
        "salePriceAmount",
        "taxPercentage",
      ]);
      expect(Number.isInteger(variant.basePriceAmount)).toBe(true);
      expect(variant.discountAmount).toBe(variant.basePriceAmount - variant.salePriceAmount);
      expect(variant.taxPercentage).toBe(2500);
    }
    const saleVariant = body.productParent.productVariants.find(
      (variant) => variant.id === onSale.variantId,
    );
    expect(saleVariant?.discountAmount).toBeGreaterThan(0);

    const business = await platform.request<ProductParentPrices>(
      "GET",
      `/shopper/prices/product-parents/${parentId}/store-groups/business/markets/FI`,
      { storefront: true },
    );
    expect(business.body.productParent).toMatchObject({
      currencyCode: "EUR",
      isTaxIncludedInPrice: false,
    });
    expect(business.body.productParent.productVariants[0]?.taxPercentage).toBe(2550);
  });

  it("answers the stock of a product parent in a market", async () => {
    const { lowStock } = SEED_FIXTURES;
    const { status, body } = await platform.request<ProductParentStocks>(
      "GET",
      "/shopper/stocks/product-parents/pp-1014/store-groups/default/markets/SE",
    );
    expect(status).toBe(200);
    expect(keysOf(body.productParent)).toEqual(["id", "productVariants"]);
    const variant = body.productParent.productVariants.find(
      (candidate) => candidate.id === lowStock.variantId,
    );
    expect(variant).toEqual({
      id: lowStock.variantId,
      isAvailable: true,
      stockQuantity: 3,
      reservedQuantity: 1,
      availableQuantity: 2,
    });
    for (const candidate of body.productParent.productVariants) {
      expect(candidate.availableQuantity).toBe(
        Math.max(0, candidate.stockQuantity - candidate.reservedQuantity),
      );
      expect(candidate.isAvailable).toBe(candidate.availableQuantity > 0);
    }
  });

  it("answers 404 for an unknown product parent, store group or market", async () => {
    for (const path of [
      "/shopper/prices/product-parents/pp-0000/store-groups/default/markets/SE",
      "/shopper/stocks/product-parents/pp-0000/store-groups/default/markets/SE",
      "/shopper/prices/product-parents/pp-1001/store-groups/nope/markets/SE",
      "/shopper/stocks/product-parents/pp-1001/store-groups/default/markets/DE",
    ]) {
      const { status, body } = await platform.request<PlatformErrorBody>("GET", path);
      expect(status, path).toBe(404);
      expect(body.statusCode).toBe(404);
    }
  });
});

describe("GET /shopper/store-groups/{id}/markets", () => {
  it("lists the markets of a store group", async () => {
    const { status, body } = await platform.request<StoreGroupMarkets>(
      "GET",
      "/shopper/store-groups/business/markets",
      { storefront: true },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      storeGroupId: "business",
      markets: [
        { countryCode: "SE", currencyCode: "SEK", languageCode: "sv", isTaxIncludedInPrice: false },
        { countryCode: "FI", currencyCode: "EUR", languageCode: "fi", isTaxIncludedInPrice: false },
      ],
    });
    expect((await platform.request("GET", "/shopper/store-groups/nope/markets")).status).toBe(404);
  });
});

describe("categories", () => {
  it("lists categories with translated names, images and product counts", async () => {
    const { status, body } = await lookup<{ data: Category[] }>("get-categories", {
      ...SE,
      language: "en",
    });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    for (const category of body.data) {
      expect(keysOf(category)).toEqual([
        "description",
        "id",
        "imageUrl",
        "name",
        "parentId",
        "productCount",
        "uri",
      ]);
    }
    const sweaters = body.data.find((category) => category.uri === "klader/trojor");
    const clothing = body.data.find((category) => category.uri === "klader");
    expect(sweaters).toMatchObject({ name: "Sweaters", parentId: clothing?.id });
    expect(sweaters?.imageUrl).toBe(
      `${platform.url}/media/categories/${sweaters?.id}.svg?v=${IMAGE_VERSION}`,
    );
    const children = body.data.filter((category) => category.parentId === clothing?.id);
    expect(clothing?.productCount).toBe(
      children.reduce((sum, child) => sum + child.productCount, 0),
    );
  });
});

describe("product lookups", () => {
  it("pages through a category by uri, with child-category products by default", async () => {
    const first = await lookup("get-products-by-category-uri", {
      ...SE,
      categoryUri: "klader",
      page: 1,
      per_page: 10,
    });
    expect(first.status).toBe(200);
    expect(keysOf(first.body)).toEqual(["data", "page", "total", "total_pages"]);
    expect(first.body.total).toBe(25);
    expect(first.body.total_pages).toBe(3);
    expect(first.body.page).toBe(1);
    expect(first.body.data).toHaveLength(10);

    const last = await lookup("get-products-by-category-uri", {
      ...SE,
      categoryUri: "/klader/",
      page: 3,
      per_page: 10,
    });
    expect(last.body.data).toHaveLength(5);
    const ids = new Set([...first.body.data, ...last.body.data].map((product) => product.id));
    expect(ids.size).toBe(15);

    const beyond = await lookup("get-products-by-category-uri", {
      ...SE,
      categoryUri: "klader",
      page: 9,
    });
    expect(beyond.body).toMatchObject({ data: [], total: 25, total_pages: 2, page: 9 });

    const own = await lookup("get-products-by-category-uri", {
      ...SE,
      categoryUri: "klader",
      include_child_category_products: false,
    });
    expect(own.body).toEqual({ data: [], total: 0, total_pages: 0, page: 1 });
  });

  it("answers full products with the market's lowest price and availability", async () => {
    const { body } = await lookup("get-products-by-category-uri", {
      ...SE,
      categoryUri: SEED_FIXTURES.simple.categoryUri,
    });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBe(body.total);
    for (const product of body.data) expect(keysOf(product)).toEqual(PRODUCT_KEYS);
    const mug = body.data.find((product) => product.slug === SEED_FIXTURES.simple.slug) as Product;
    expect(mug).toMatchObject({
      id: SEED_FIXTURES.simple.productParentId,
      name: "Emaljmugg Koli",
      brand: expect.any(String),
      categoryIds: ["cat-kok"],
      orderLimit: null,
      childItems: [],
      isAvailable: true,
      price: { currencyCode: "SEK", hasPriceRange: false },
    });
    expect(mug.variants).toEqual([
      {
        id: SEED_FIXTURES.simple.variantId,
        sku: "KS1039-OWH",
        name: "Naturvit",
        color: "Naturvit",
        colorHex: "#f1ece1",
        imageUrl: `${platform.url}/media/products/${SEED_FIXTURES.simple.variantId}.svg?v=${IMAGE_VERSION}`,
      },
    ]);
  });

  it("looks products up by category id", async () => {
    const { status, body } = await lookup("get-products-by-category-id", {
      ...SE,
      categoryId: "cat-trojor",
      per_page: 100,
    });
    expect(status).toBe(200);
    expect(body.total).toBe(10);
    expect(body.data.every((product) => product.categoryIds.includes("cat-trojor"))).toBe(true);
    const unknown = await lookup("get-products-by-category-id", { ...SE, categoryId: "cat-nope" });
    expect(unknown.status).toBe(404);
  });

  it("answers 404 for an unknown category uri", async () => {
    const { status, body } = await lookup("get-products-by-category-uri", {
      ...SE,
      categoryUri: "nope",
    });
    expect(status).toBe(404);
    expect(body.error).toBe("category not found");
  });

  it("looks products up by tag, sorted as asked, hiding inactive products unless only_active is false", async () => {
    const featured = await lookup("get-products-by-tag", { ...SE, tag: "featured", per_page: 100 });
    expect(featured.body.total).toBe(8);

    const byPrice = await lookup("get-products-by-tag", {
      ...SE,
      tag: "featured",
      sort: "price_asc",
    });
    const prices = byPrice.body.data.map((product) => product.price?.salePriceAmount ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byPriceDesc = await lookup("get-products-by-tag", {
      ...SE,
      tag: "featured",
      sort: "price_desc",
    });
    expect(byPriceDesc.body.data.map((product) => product.price?.salePriceAmount)).toEqual(
      [...prices].reverse().map((price) => price),
    );

    const byName = await lookup("get-products-by-tag", { ...SE, tag: "featured", sort: "name" });
    const names = byName.body.data.map((product) => product.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("sv").compare));

    const newest = await lookup("get-products-by-tag", { ...SE, tag: "new", sort: "newest" });
    expect(newest.body.total).toBeGreaterThan(1);

    const sale = await lookup("get-products-by-tag", { ...SE, tag: "sale", per_page: 100 });
    const saleAll = await lookup("get-products-by-tag", {
      ...SE,
      tag: "sale",
      only_active: false,
      per_page: 100,
    });
    expect(saleAll.body.total).toBe(sale.body.total + 1);
    expect(sale.body.data.some((product) => product.id === "pp-1048")).toBe(false);
    expect(saleAll.body.data.some((product) => product.id === "pp-1048")).toBe(true);

    const bad = await lookup("get-products-by-tag", { ...SE, tag: "featured", sort: "random" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatch(/^sort: /);
  });

  it("looks products up by one SKU or a comma-separated list, in the order asked", async () => {
    const one = await lookup("get-products-by-sku", { ...SE, skuQuery: "ks1039-owh" });
    expect(one.body.data.map((product) => product.id)).toEqual(["pp-1039"]);

    const many = await lookup("get-products-by-sku", {
      ...SE,
      skuQuery: "KS1019-GRY-4043, KS1001-NAV-M,KS1001-GRN-L, nope",
      isMultiple: true,
    });
    expect(many.body.data.map((product) => product.id)).toEqual(["pp-1019", "pp-1001"]);
    expect(many.body.total).toBe(2);

    const notSplit = await lookup("get-products-by-sku", {
      ...SE,
      skuQuery: "KS1039-OWH,KS1001-NAV-M",
    });
    expect(notSplit.body.total).toBe(0);
  });

  it("finds a product by slug, or answers data null", async () => {
    const found = await lookup<{ data: Product | null }>("get-product-by-slug", {
      ...SE,
      language: "fi",
      slug: SEED_FIXTURES.withChildItem.slug,
    });
    expect(found.status).toBe(200);
    expect(keysOf(found.body)).toEqual(["data"]);
    expect(found.body.data?.name).toBe("Lahjasetti Mys");
    expect(found.body.data?.childItems).toEqual([
      {
        productVariantId: SEED_FIXTURES.withChildItem.childVariantId,
        productParentId: "pp-1047",
        name: "Lahjarasia",
      },
    ]);

    const missing = await lookup<{ data: Product | null }>("get-product-by-slug", {
      ...SE,
      slug: "nope",
    });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ data: null });
  });

  it("falls back to Swedish for an unknown language and fails for an unknown market", async () => {
    const german = await lookup<{ data: Product | null }>("get-product-by-slug", {
      ...SE,
      language: "de",
      slug: SEED_FIXTURES.simple.slug,
    });
    expect(german.body.data?.name).toBe("Emaljmugg Koli");

    const badMarket = await lookup("get-categories", { ...SE, market: "DE" });
    expect(badMarket.status).toBe(400);
    expect(badMarket.body.errors).toEqual(['market: unknown market "DE"']);
  });

  it("answers paging errors with 400", async () => {
    for (const paging of [{ page: 0 }, { per_page: 101 }, { per_page: 0 }, { page: 1.5 }]) {
      const { status } = await lookup("get-products-by-category-uri", {
        ...SE,
        categoryUri: "klader",
        ...paging,
      });
      expect(status, JSON.stringify(paging)).toBe(400);
    }
  });

  it("prices products per store group and market", async () => {
    const slug = SEED_FIXTURES.onSale.slug;
    const bySlug = async (storeGroupSlug: string, market: string) =>
      (
        await lookup<{ data: Product }>("get-product-by-slug", {
          storeGroupSlug,
          market,
          language: "sv",
          slug,
        })
      ).body.data;
    const se = await bySlug("default", "SE");
    const fi = await bySlug("default", "FI");
    const seNet = await bySlug("business", "SE");
    expect(se.price?.currencyCode).toBe("SEK");
    expect(fi.price?.currencyCode).toBe("EUR");
    expect(seNet.price?.salePriceAmount).toBe(
      Math.round(((se.price?.salePriceAmount ?? 0) * 10_000) / 12_500),
    );
    expect(se.price?.salePriceAmount).toBeLessThan(se.price?.basePriceAmount ?? 0);
  });
});
