import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { productParents, productVariants, variantPrices } from "../../db/schema.js";
import { notFound } from "../../http/http-error.js";
import type { MarketContext } from "./markets.js";

/** `GET /shopper/prices/product-parents/{id}/store-groups/{sg}/markets/{cc}` */
export async function getProductParentPrices(
  db: Database,
  productParentId: string,
  { storeGroup, market }: MarketContext,
) {
  await assertProductParentExists(db, productParentId);
  const rows = await db
    .select({
      id: productVariants.id,
      basePriceAmount: variantPrices.basePriceAmount,
      salePriceAmount: variantPrices.salePriceAmount,
      taxPercentage: variantPrices.taxPercentage,
    })
    .from(productVariants)
    .innerJoin(
      variantPrices,
      and(
        eq(variantPrices.productVariantId, productVariants.id),
        eq(variantPrices.storeGroupId, storeGroup.id),
        eq(variantPrices.countryCode, market.country),
      ),
    )
    .where(eq(productVariants.productParentId, productParentId))
    .orderBy(asc(productVariants.sortOrder));

  return {
    productParent: {
      id: productParentId,
      currencyCode: market.currency,
      isTaxIncludedInPrice: storeGroup.isTaxIncludedInPrice,
      // Variants without a price in this store group and market cannot be bought there: left out.
      productVariants: rows.map((row) => ({
        id: row.id,
        basePriceAmount: row.basePriceAmount,
        salePriceAmount: row.salePriceAmount,
        discountAmount: row.basePriceAmount - row.salePriceAmount,
        taxPercentage: row.taxPercentage,
      })),
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
) {
  if (variantIds.length === 0) return new Map<string, typeof variantPrices.$inferSelect>();
  const rows = await db
    .select()
    .from(variantPrices)
    .where(
      and(
        inArray(variantPrices.productVariantId, [...variantIds]),
        eq(variantPrices.storeGroupId, storeGroup.id),
        eq(variantPrices.countryCode, market.country),
      ),
    );
  return new Map(rows.map((row) => [row.productVariantId, row]));
}
