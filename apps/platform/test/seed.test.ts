import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type {
  Category,
  Product,
  ProductPage,
  ProductParentPrices,
  ProductParentStocks,
} from "@kassa/api-client";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productParents, productVariants, variantPrices, variantStocks } from "../src/db/schema.js";
import { packageRoot } from "../src/package-root.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { generateCatalogue } from "../src/seed/generate-catalogue.js";
import { giftCardProductRows } from "../src/seed/gift-card-product-data.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  // This file checks what the seed stores: it seeds its own database rather than copy the run's.
  platform = await startTestPlatform({ seed: "fresh" });
});

afterAll(async () => {
  await platform?.close();
});

const MARKETS = ["SE", "FI"] as const;
const STORE_GROUPS = ["default", "business"] as const;

async function productBySlug(
  slug: string,
  market = "SE",
  storeGroupSlug = "default",
  language = "sv",
) {
  const { body } = await platform.request<{ data: Product | null }>(
    "POST",
    "/enad/get-product-by-slug/",
    // As the storefront reads them: with its token, which any store group but `default` needs.
    { body: { storeGroupSlug, market, language, slug }, storefront: true },
  );
  if (!body.data) throw new Error(`no product ${slug}`);
  return body.data;
}

async function stocks(productParentId: string, market: string) {
  const { body } = await platform.request<ProductParentStocks>(
    "GET",
    `/shopper/stocks/product-parents/${productParentId}/store-groups/default/markets/${market}`,
  );
  return new Map(body.productParent.productVariants.map((variant) => [variant.id, variant]));
}

async function prices(productParentId: string, storeGroup: string, market: string) {
  const { body } = await platform.request<ProductParentPrices>(
    "GET",
    `/shopper/prices/product-parents/${productParentId}/store-groups/${storeGroup}/markets/${market}`,
    { storefront: true },
  );
  return new Map(body.productParent.productVariants.map((variant) => [variant.id, variant]));
}

describe("seed determinism", () => {
  it("generates the same catalogue on every call", () => {
    expect(generateCatalogue()).toEqual(generateCatalogue());
  });

  it("uses no unseeded randomness or clock in the seed code", () => {
    const dir = join(packageRoot(), "src", "seed");
    for (const file of readdirSync(dir).filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"),
    )) {
      const source = readFileSync(join(dir, file), "utf8");
      expect(source, file).not.toMatch(/Math\.random|Date\.now|new Date\(\)/);
    }
  });

  it("stores exactly the generated rows", async () => {
    // The generated catalogue, plus the unlisted gift-card product (its own seed file).
    const generated = generateCatalogue();
    const giftCard = giftCardProductRows();
    const catalogue = {
      productParents: [...generated.productParents, giftCard.parent],
      productVariants: [...generated.productVariants, giftCard.variant],
      variantPrices: [...generated.variantPrices, ...giftCard.prices],
      variantStocks: generated.variantStocks,
    };
    const parents = await platform.db.select().from(productParents).orderBy(asc(productParents.id));
    expect(
      parents.map((parent) => [parent.id, parent.slug, parent.createdAt.toISOString()]),
    ).toEqual(
      [...catalogue.productParents]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((parent) => [parent.id, parent.slug, parent.createdAt?.toISOString()]),
    );
    const variants = await platform.db.select().from(productVariants);
    expect(variants).toHaveLength(catalogue.productVariants.length);
    const storedPrices = await platform.db.select().from(variantPrices);
    const key = (row: { productVariantId: string; storeGroupId: string; countryCode: string }) =>
      `${row.productVariantId}/${row.storeGroupId}/${row.countryCode}`;
    expect(new Map(storedPrices.map((row) => [key(row), row.salePriceAmount]))).toEqual(
      new Map(catalogue.variantPrices.map((row) => [key(row), row.salePriceAmount])),
    );
    const storedStocks = await platform.db.select().from(variantStocks);
    const stockKey = (row: { productVariantId: string; countryCode: string }) =>
      `${row.productVariantId}/${row.countryCode}`;
    expect(new Map(storedStocks.map((row) => [stockKey(row), row.stockQuantity]))).toEqual(
      new Map(catalogue.variantStocks.map((row) => [stockKey(row), row.stockQuantity])),
    );
  });
});

describe("seed catalogue", () => {
  it("is a realistic Nordic catalogue", async () => {
    const catalogue = generateCatalogue();
    expect(catalogue.categories.length).toBeGreaterThanOrEqual(4);
    const listed = catalogue.productParents.filter(
      (parent) => parent.isListed !== false && parent.isActive !== false,
    );
    expect(listed.length).toBeGreaterThanOrEqual(40);
    for (const parent of catalogue.productParents) {
      for (const language of ["sv", "fi", "en"] as const) {
        expect(parent.name[language], parent.id).toBeTruthy();
        expect(parent.description[language], parent.id).toBeTruthy();
      }
    }
    expect(
      catalogue.productParents.filter((parent) => parent.tags?.includes("featured")),
    ).toHaveLength(8);
    expect(
      catalogue.productParents.filter((parent) => parent.orderLimit).length,
    ).toBeGreaterThanOrEqual(3);
    expect(catalogue.productChildItems.length).toBeGreaterThanOrEqual(1);

    const withColourAndSize = catalogue.productParents.filter((parent) => {
      const own = catalogue.productVariants.filter(
        (variant) => variant.productParentId === parent.id,
      );
      return (
        new Set(own.map((v) => v.colorHex)).size > 1 && new Set(own.map((v) => v.size)).size > 1
      );
    });
    expect(withColourAndSize.length).toBeGreaterThanOrEqual(10);

    const onSale = catalogue.variantPrices.filter(
      (price) => price.salePriceAmount < price.basePriceAmount,
    );
    expect(onSale.length).toBeGreaterThan(0);
    const soldOut = catalogue.variantStocks.filter((stock) => stock.stockQuantity === 0);
    expect(soldOut.length).toBeGreaterThan(2);

    // Every variant has a price in each store group and market; business prices are net of VAT.
    for (const variant of catalogue.productVariants) {
      for (const market of MARKETS) {
        const gross = catalogue.variantPrices.find(
          (p) =>
            p.productVariantId === variant.id &&
            p.countryCode === market &&
            p.storeGroupId === "default",
        );
        const net = catalogue.variantPrices.find(
          (p) =>
            p.productVariantId === variant.id &&
            p.countryCode === market &&
            p.storeGroupId === "business",
        );
        expect(gross?.currencyCode).toBe(market === "SE" ? "SEK" : "EUR");
        const rate = gross?.taxPercentage ?? 0;
        expect(net?.basePriceAmount).toBe(
          Math.round(((gross?.basePriceAmount ?? 0) * 10_000) / (10_000 + rate)),
        );
      }
    }
  });
});

describe("SEED_FIXTURES", () => {
  it("simple: one variant, plenty in stock in SE and FI, listed in its category", async () => {
    const { simple } = SEED_FIXTURES;
    const product = await productBySlug(simple.slug);
    expect(product.id).toBe(simple.productParentId);
    expect(product.variants.map((variant) => variant.id)).toEqual([simple.variantId]);
    for (const market of MARKETS) {
      expect(
        (await stocks(simple.productParentId, market)).get(simple.variantId)?.availableQuantity,
      ).toBeGreaterThanOrEqual(100);
    }
    const { body } = await platform.request<ProductPage>(
      "POST",
      "/enad/get-products-by-category-uri/",
      {
        body: {
          storeGroupSlug: "default",
          market: "SE",
          language: "sv",
          categoryUri: simple.categoryUri,
          per_page: 100,
        },
      },
    );
    expect(body.data.map((candidate) => candidate.id)).toContain(simple.productParentId);
  });

  it("multiVariant: every colour × size exists and is in stock in SE and FI", async () => {
    const { multiVariant } = SEED_FIXTURES;
    const product = await productBySlug(multiVariant.slug);
    expect([...new Set(product.variants.map((variant) => variant.color))]).toEqual([
      ...multiVariant.colors,
    ]);
    expect([...new Set(product.variants.map((variant) => variant.size))]).toEqual([
      ...multiVariant.sizes,
    ]);
    expect(product.variants).toHaveLength(multiVariant.colors.length * multiVariant.sizes.length);
    for (const market of MARKETS) {
      const stock = await stocks(product.id, market);
      for (const variant of product.variants)
        expect(stock.get(variant.id)?.isAvailable, variant.id).toBe(true);
    }
  });

  it("soldOut: one variant sold out in SE and FI, another in stock", async () => {
    const { soldOut } = SEED_FIXTURES;
    const product = await productBySlug(soldOut.slug);
    const ids = product.variants.map((variant) => variant.id);
    expect(ids).toContain(soldOut.soldOutVariantId);
    expect(ids).toContain(soldOut.availableVariantId);
    for (const market of MARKETS) {
      const stock = await stocks(product.id, market);
      expect(stock.get(soldOut.soldOutVariantId)).toMatchObject({
        isAvailable: false,
        availableQuantity: 0,
      });
      expect(stock.get(soldOut.availableVariantId)?.availableQuantity).toBeGreaterThanOrEqual(5);
    }
    expect(product.isAvailable).toBe(true);
  });

  it("soldOutSize: one size of a colour sold out in SE and FI, two others in stock", async () => {
    const { soldOutSize } = SEED_FIXTURES;
    const product = await productBySlug(soldOutSize.slug);
    expect(product.id).toBe(soldOutSize.productParentId);
    const soldOut = product.variants.find((variant) => variant.id === soldOutSize.soldOutVariantId);
    expect(soldOut).toMatchObject({ color: soldOutSize.color, size: soldOutSize.soldOutSize });
    for (const id of soldOutSize.availableVariantIds) {
      expect(product.variants.find((variant) => variant.id === id)?.color).toBe(soldOutSize.color);
    }
    for (const market of MARKETS) {
      const stock = await stocks(product.id, market);
      expect(stock.get(soldOutSize.soldOutVariantId)?.availableQuantity).toBe(0);
      for (const id of soldOutSize.availableVariantIds)
        expect(stock.get(id)?.availableQuantity, id).toBeGreaterThanOrEqual(5);
    }
  });

  it("lowStock: exactly the stated quantity available in SE and FI", async () => {
    const { lowStock } = SEED_FIXTURES;
    const product = await productBySlug(lowStock.slug);
    expect(product.variants.map((variant) => variant.id)).toContain(lowStock.variantId);
    for (const market of MARKETS) {
      expect((await stocks(product.id, market)).get(lowStock.variantId)?.availableQuantity).toBe(
        lowStock.availableQuantity,
      );
    }
  });

  it("orderLimit: the parent's limit, two variants of it in stock above the limit", async () => {
    const { orderLimit } = SEED_FIXTURES;
    const product = await productBySlug(orderLimit.slug);
    expect(product.id).toBe(orderLimit.productParentId);
    expect(product.orderLimit).toBe(orderLimit.orderLimit);
    for (const market of MARKETS) {
      const stock = await stocks(product.id, market);
      for (const id of orderLimit.variantIds) {
        expect(stock.get(id)?.availableQuantity, id).toBeGreaterThan(orderLimit.orderLimit);
      }
    }
  });

  it("withChildItem: a child item with its own price, not listed in categories", async () => {
    const { withChildItem } = SEED_FIXTURES;
    const product = await productBySlug(withChildItem.slug);
    expect(product.variants.map((variant) => variant.id)).toContain(withChildItem.variantId);
    const child = product.childItems.find(
      (item) => item.productVariantId === withChildItem.childVariantId,
    );
    expect(child).toBeDefined();
    for (const market of MARKETS) {
      for (const storeGroup of STORE_GROUPS) {
        const price = (await prices(child?.productParentId ?? "", storeGroup, market)).get(
          withChildItem.childVariantId,
        );
        expect(price?.salePriceAmount).toBeGreaterThan(0);
      }
      const stock = await stocks(product.id, market);
      expect(stock.get(withChildItem.variantId)?.isAvailable).toBe(true);
      expect(
        (await stocks(child?.productParentId ?? "", market)).get(withChildItem.childVariantId)
          ?.availableQuantity,
      ).toBeGreaterThan(100);
    }
    const { body: categories } = await platform.request<{ data: Category[] }>(
      "POST",
      "/enad/get-categories/",
      {
        body: { storeGroupSlug: "default", market: "SE", language: "sv" },
      },
    );
    for (const category of categories.data) {
      const { body } = await platform.request<ProductPage>(
        "POST",
        "/enad/get-products-by-category-id/",
        {
          body: {
            storeGroupSlug: "default",
            market: "SE",
            language: "sv",
            categoryId: category.id,
            per_page: 100,
          },
        },
      );
      expect(body.data.map((candidate) => candidate.id)).not.toContain(child?.productParentId);
    }
  });

  it("onSale: sale price below base price in SE and FI, in both store groups", async () => {
    const { onSale } = SEED_FIXTURES;
    const product = await productBySlug(onSale.slug);
    for (const market of MARKETS) {
      for (const storeGroup of STORE_GROUPS) {
        const price = (await prices(product.id, storeGroup, market)).get(onSale.variantId);
        expect(price?.salePriceAmount).toBeLessThan(price?.basePriceAmount ?? 0);
      }
      expect((await stocks(product.id, market)).get(onSale.variantId)?.isAvailable).toBe(true);
    }
  });
});
