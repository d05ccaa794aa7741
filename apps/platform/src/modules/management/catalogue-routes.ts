import { MANAGEMENT_SCOPES, type VariantPrice, type VariantStock } from "@kassa/api-client";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import { productParents, productVariants, variantPrices, variantStocks } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { parseJsonBody } from "../../http/json-body.js";
import { cacheTag, publishCacheTags } from "../cache-tags/cache-tags.js";
import { availableQuantity } from "../catalogue/availability.js";
import { resolveMarket, resolveStoreGroup } from "../catalogue/markets.js";
import { requireOAuth } from "../oauth/require-oauth.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

/** Amounts are minor units; a price above a million kronor or euros is a typo. */
const amount = z.int().min(0).max(100_000_000);

const priceBody = z
  .object({
    basePriceAmount: amount,
    salePriceAmount: amount,
    /** Basis points (2500 = 25 %). */
    taxPercentage: z.int().min(0).max(10_000).optional(),
  })
  .refine((price) => price.salePriceAmount <= price.basePriceAmount, {
    path: ["salePriceAmount"],
    error: "must not be above basePriceAmount",
  });

const stockBody = z.object({ stockQuantity: z.int().min(0).max(10_000_000) });

function marketOrNotFound(countryCode: string) {
  const market = resolveMarket(countryCode);
  if (!market) throw notFound("market not found", `No market ${countryCode}`);
  return market;
}

/** The variant's parent id (its cache tags name the parent), or 404. */
async function parentOf(db: Database, variantId: string): Promise<string> {
  const [variant] = await db
    .select({ parentId: productVariants.productParentId })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  if (!variant) throw notFound("product variant not found", `No product variant ${variantId}`);
  return variant.parentId;
}

/**
 * Prices and stock levels for back offices (ADR 0025), behind the management API's OAuth2 tokens:
 * `price-management/price:write` and `stock-management/stock:write`. Each change announces its
 * cache tag (`price-{productParentId}`, `stock-{productParentId}`) in the transaction that makes it,
 * so storefronts drop their cached copy when it commits.
 */
export function catalogueManagementRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const auth = { secret: config.sessionSecret, clock, clients: config.oauthClients };

  app.put(
    "/price/product-variants/:variantId/store-groups/:storeGroupId/markets/:countryCode",
    requireOAuth(MANAGEMENT_SCOPES.priceWrite, auth),
    async (c) => {
      const { variantId, storeGroupId, countryCode } = c.req.param();
      const storeGroup = resolveStoreGroup(storeGroupId);
      if (!storeGroup) throw notFound("store group not found", `No store group ${storeGroupId}`);
      const market = marketOrNotFound(countryCode);
      const input = await parseJsonBody(c, priceBody);
      const row = await db.transaction(async (tx) => {
        const parentId = await parentOf(tx, variantId);
        const [saved] = await tx
          .insert(variantPrices)
          .values({
            productVariantId: variantId,
            storeGroupId: storeGroup.id,
            countryCode: market.country,
            currencyCode: market.currency,
            basePriceAmount: input.basePriceAmount,
            salePriceAmount: input.salePriceAmount,
            taxPercentage: input.taxPercentage ?? market.vatRate,
          })
          .onConflictDoUpdate({
            target: [
              variantPrices.productVariantId,
              variantPrices.storeGroupId,
              variantPrices.countryCode,
            ],
            set: {
              basePriceAmount: input.basePriceAmount,
              salePriceAmount: input.salePriceAmount,
              ...(input.taxPercentage === undefined ? {} : { taxPercentage: input.taxPercentage }),
            },
          })
          .returning();
        if (!saved) throw new Error("Saving a price returned no row");
        // A new price changes the product's page (its offers): the sitemap dates it from now.
        await tx
          .update(productParents)
          .set({ updatedAt: sql`now()` })
          .where(eq(productParents.id, parentId));
        await publishCacheTags(tx, [cacheTag.price(parentId), cacheTag.sitemap]);
        return saved;
      });
      const reply: VariantPrice = {
        id: row.productVariantId,
        basePriceAmount: row.basePriceAmount,
        salePriceAmount: row.salePriceAmount,
        discountAmount: row.basePriceAmount - row.salePriceAmount,
        taxPercentage: row.taxPercentage,
      };
      return c.json(reply);
    },
  );

  app.put(
    "/stock/product-variants/:variantId/markets/:countryCode",
    requireOAuth(MANAGEMENT_SCOPES.stockWrite, auth),
    async (c) => {
      const { variantId, countryCode } = c.req.param();
      const market = marketOrNotFound(countryCode);
      const { stockQuantity } = await parseJsonBody(c, stockBody);
      const row = await db.transaction(async (tx) => {
        const parentId = await parentOf(tx, variantId);
        const [saved] = await tx
          .insert(variantStocks)
          .values({ productVariantId: variantId, countryCode: market.country, stockQuantity })
          .onConflictDoUpdate({
            target: [variantStocks.productVariantId, variantStocks.countryCode],
            set: { stockQuantity },
          })
          .returning();
        if (!saved) throw new Error("Saving a stock level returned no row");
        if (saved.reservedQuantity > saved.stockQuantity) {
          throw badRequest("The stock is below what checkouts hold", [
            `stockQuantity: at least ${saved.reservedQuantity} are held by checkouts`,
          ]);
        }
        await publishCacheTags(tx, [cacheTag.stock(parentId)]);
        return saved;
      });
      const available = availableQuantity(row);
      const reply: VariantStock = {
        id: row.productVariantId,
        isAvailable: available > 0,
        stockQuantity: row.stockQuantity,
        reservedQuantity: row.reservedQuantity,
        availableQuantity: available,
      };
      return c.json(reply);
    },
  );

  return app;
}
