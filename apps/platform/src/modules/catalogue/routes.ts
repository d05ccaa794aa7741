import type { CategoriesReply } from "@kassa/api-client";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { MAX_ID_LENGTH, MAX_LANGUAGE_LENGTH } from "../../http/field-limits.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { parseJsonBody } from "../../http/json-body.js";
import { assertStoreGroupAllowed } from "../../http/storefront-caller.js";
import { listCategories } from "./categories.js";
import { languageOrDefault } from "./language.js";
import {
  type MarketContext,
  resolveMarket,
  resolveStoreGroup,
  storeGroupMarkets,
} from "./markets.js";
import { getProductParentPrices } from "./prices.js";
import {
  MAX_PER_PAGE,
  MAX_PRODUCT_IDS,
  productBySlug,
  productsByCategoryId,
  productsByCategoryUri,
  productsByIds,
  productsBySku,
  productsByTag,
} from "./product-queries.js";
import type { ProductContext } from "./products.js";
import { MAX_SITEMAP_PAGE, sitemapProducts } from "./sitemap-products.js";
import { getProductParentStocks } from "./stocks.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
}

/**
 * Store group and market named in a path: unknown ones are missing resources (404). A store group
 * other than the public one is the shop's (ADR 0048): 403 without its storefront token.
 */
function pathMarketContext(
  c: Context<AppEnv>,
  storeGroupId: string,
  countryCode: string,
): MarketContext {
  const storeGroup = resolveStoreGroup(storeGroupId);
  if (!storeGroup) throw notFound("store group not found", `No store group ${storeGroupId}`);
  const market = resolveMarket(countryCode);
  if (!market) throw notFound("market not found", `No market ${countryCode}`);
  assertStoreGroupAllowed(c, storeGroup.id);
  return { storeGroup, market };
}

/**
 * Prices, stock and markets under `/shopper`: reads without a session token; the public store
 * group's for anyone, another's for the shop (its storefront token) only.
 */
export function catalogueShopperRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(
    "/prices/product-parents/:productParentId/store-groups/:storeGroupId/markets/:countryCode",
    async (c) => {
      const { productParentId, storeGroupId, countryCode } = c.req.param();
      const context = pathMarketContext(c, storeGroupId, countryCode);
      return c.json(await getProductParentPrices(db, productParentId, context));
    },
  );

  app.get(
    "/stocks/product-parents/:productParentId/store-groups/:storeGroupId/markets/:countryCode",
    async (c) => {
      const { productParentId, storeGroupId, countryCode } = c.req.param();
      const { market } = pathMarketContext(c, storeGroupId, countryCode);
      return c.json(await getProductParentStocks(db, productParentId, market));
    },
  );

  app.get("/store-groups/:storeGroupId/markets", (c) => {
    const storeGroupId = c.req.param("storeGroupId");
    const storeGroup = resolveStoreGroup(storeGroupId);
    if (!storeGroup) throw notFound("store group not found", `No store group ${storeGroupId}`);
    assertStoreGroupAllowed(c, storeGroup.id);
    return c.json(storeGroupMarkets(storeGroup));
  });

  return app;
}

// ---------------------------------------------------------------------------------------------
// The product wrapper (`/enad/…`): POST with a JSON body naming store group, market and language
// ---------------------------------------------------------------------------------------------

/** A category uri is a path of slugs (`klader/troejor`). */
const MAX_CATEGORY_URI_LENGTH = 500;
/** A comma-separated list of SKUs: room for a full page of them. */
const MAX_SKU_QUERY_LENGTH = 4000;

const id = z.string().min(1).max(MAX_ID_LENGTH);

export const queryBase = {
  storeGroupSlug: id,
  market: id,
  /** Unknown or missing languages fall back to Swedish rather than failing the page. */
  language: z.string().max(MAX_LANGUAGE_LENGTH).optional(),
};

export const paging = {
  page: z.int().min(1).optional(),
  per_page: z.int().min(1).max(MAX_PER_PAGE).optional(),
};

export const byCategoryUriBody = z.object({
  ...queryBase,
  ...paging,
  categoryUri: z.string().min(1).max(MAX_CATEGORY_URI_LENGTH),
  include_child_category_products: z.boolean().optional(),
});

export const byCategoryIdBody = z.object({
  ...queryBase,
  ...paging,
  categoryId: id,
  include_child_category_products: z.boolean().optional(),
});

export const byTagBody = z.object({
  ...queryBase,
  ...paging,
  tag: id,
  only_active: z.boolean().optional(),
  sort: z.enum(["name", "price_asc", "price_desc", "newest"]).optional(),
  revalidate: z.boolean().optional(),
});

export const bySkuBody = z.object({
  ...queryBase,
  ...paging,
  skuQuery: z.string().max(MAX_SKU_QUERY_LENGTH),
  isMultiple: z.boolean().optional(),
});

/** Product (parent) ids as the catalogue hands them out: a wishlist entry's id is at most 64. */
const MAX_PRODUCT_ID_LENGTH = 64;

export const byIdsBody = z.object({
  ...queryBase,
  ...paging,
  productIds: z.array(z.string().min(1).max(MAX_PRODUCT_ID_LENGTH)).min(1).max(MAX_PRODUCT_IDS),
});

export const bySlugBody = z.object({ ...queryBase, slug: id });

export const categoriesBody = z.object(queryBase);

export const sitemapProductsBody = z.object({
  ...queryBase,
  after: id.optional(),
  limit: z.int().min(1).max(MAX_SITEMAP_PAGE).optional(),
});

/**
 * Store group, market and language named in a product wrapper body: unknown store groups and
 * markets make the request invalid (400); a store group other than the public one needs the
 * shop's storefront token (403, ADR 0048). Shared by every `/enad/` product call (and search).
 */
export function productContextOf(
  c: Context<AppEnv>,
  query: z.output<typeof categoriesBody>,
  config: PlatformConfig,
): ProductContext {
  const storeGroup = resolveStoreGroup(query.storeGroupSlug);
  const market = resolveMarket(query.market);
  const errors = [
    storeGroup ? null : `storeGroupSlug: unknown store group "${query.storeGroupSlug}"`,
    market ? null : `market: unknown market "${query.market}"`,
  ].filter((error): error is string => error !== null);
  if (!storeGroup || !market) throw badRequest("Unknown store group or market", errors);
  assertStoreGroupAllowed(c, storeGroup.id);
  return {
    storeGroup,
    market,
    language: languageOrDefault(query.language),
    publicUrl: config.publicUrl,
  };
}

export function productRoutes({ db, config }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post("/get-products-by-category-uri", async (c) => {
    const query = await parseJsonBody(c, byCategoryUriBody);
    return c.json(await productsByCategoryUri(db, query, productContextOf(c, query, config)));
  });

  app.post("/get-products-by-category-id", async (c) => {
    const query = await parseJsonBody(c, byCategoryIdBody);
    return c.json(await productsByCategoryId(db, query, productContextOf(c, query, config)));
  });

  app.post("/get-products-by-tag", async (c) => {
    const query = await parseJsonBody(c, byTagBody);
    return c.json(await productsByTag(db, query, productContextOf(c, query, config)));
  });

  app.post("/get-products-by-sku", async (c) => {
    const query = await parseJsonBody(c, bySkuBody);
    return c.json(await productsBySku(db, query, productContextOf(c, query, config)));
  });

  app.post("/get-products-by-ids", async (c) => {
    const query = await parseJsonBody(c, byIdsBody);
    return c.json(await productsByIds(db, query, productContextOf(c, query, config)));
  });

  app.post("/get-product-by-slug", async (c) => {
    const query = await parseJsonBody(c, bySlugBody);
    return c.json(await productBySlug(db, query.slug, productContextOf(c, query, config)));
  });

  app.post("/get-sitemap-products", async (c) => {
    const query = await parseJsonBody(c, sitemapProductsBody);
    return c.json(await sitemapProducts(db, query, productContextOf(c, query, config)));
  });

  app.post("/get-categories", async (c) => {
    const query = await parseJsonBody(c, categoriesBody);
    const context = productContextOf(c, query, config);
    const reply: CategoriesReply = {
      data: await listCategories(db, context.language, config.publicUrl),
    };
    return c.json(reply);
  });

  return app;
}
