import type { ProductParentPrices, VariantPrice } from "@kassa/api-client";
import { type AnyColumn, and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  productParents,
  productVariants,
  type VariantPriceRow,
  variantPrices,
} from "../../db/schema.js";
import { notFound } from "../../http/http-error.js";
import type { MarketContext } from "./markets.js";

/**
 * The join condition of a variant's price in one store group and market (a variant's prices are
 * kept per store group and country). Every price read goes through it: a variant without a row
 * here is not sold there.
 *
 * @example db.select().from(cartItems).innerJoin(variantPrices, variantPriceIn(cartItems.productVariantId, session.storeGroupId, session.countryCode))
 */
export function variantPriceIn(
  variantId: AnyColumn,
  storeGroupId: string,
  countryCode: string,
): SQL {
  return and(
    eq(variantPrices.productVariantId, variantId),
    eq(variantPrices.storeGroupId, storeGroupId),
    eq(variantPrices.countryCode, countryCode),
  ) as SQL;
}

/** `GET /shopper/prices/product-parents/{id}/store-groups/{sg}/markets/{cc}` */
export async function getProductParentPrices(
  db: Database,
  productParentId: string,
  { storeGroup, market }: MarketContext,
): Promise<ProductParentPrices> {
  await assertProductParentExists(db, productParentId);
  const rows = await db
    .select({
      id: productVariants.id,
      basePriceAmount: variantPrices.basePriceAmount,
      salePriceAmount: variantPrices.salePriceAmount,
      taxPercentage: variantPrices.taxPercentage,
    })
    .from(productVariants)
    .innerJoin(variantPrices, variantPriceIn(productVariants.id, storeGroup.id, market.country))
    .where(eq(productVariants.productParentId, productParentId))
    .orderBy(asc(productVariants.sortOrder));

  return {
    productParent: {
      id: productParentId,
      currencyCode: market.currency,
      isTaxIncludedInPrice: storeGroup.isTaxIncludedInPrice,
      // Variants without a price in this store group and market cannot be bought there: left out.
      productVariants: rows.map(
        (row): VariantPrice => ({
          id: row.id,
          basePriceAmount: row.basePriceAmount,
          salePriceAmount: row.salePriceAmount,
          discountAmount: row.basePriceAmount - row.salePriceAmount,
          taxPercentage: row.taxPercentage,
        }),
      ),
    },
  };
}

export async function assertProductParentExists(db: Database, productParentId: string) {
  const [parent] = await db
    .select({ id: productParents.id })
    .from(productParents)
    .where(eq(productParents.id, productParentId));
  if (!parent) throw notFound("product parent not found", `No product parent ${productParentId}`);
}

/** Prices of some variants in one store group and market, keyed by variant id. */
export async function pricesOfVariants(
  db: Database,
  variantIds: readonly string[],
  { storeGroup, market }: MarketContext,
): Promise<Map<string, VariantPriceRow>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ price: variantPrices })
    .from(productVariants)
    .innerJoin(variantPrices, variantPriceIn(productVariants.id, storeGroup.id, market.country))
    .where(inArray(productVariants.id, [...variantIds]));
  return new Map(rows.map(({ price }) => [price.productVariantId, price]));
}
