import type { ProductParentStocks } from "@kassa/api-client";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { productVariants, variantStocks } from "../../db/schema.js";
import { availableQuantity } from "./availability.js";
import type { Market } from "./markets.js";
import { assertProductParentExists } from "./prices.js";

/** `GET /shopper/stocks/product-parents/{id}/store-groups/{sg}/markets/{cc}` */
export async function getProductParentStocks(
  db: Database,
  productParentId: string,
  market: Market,
): Promise<ProductParentStocks> {
  await assertProductParentExists(db, productParentId);
  const rows = await db
    .select({
      id: productVariants.id,
      stockQuantity: variantStocks.stockQuantity,
      reservedQuantity: variantStocks.reservedQuantity,
    })
    .from(productVariants)
    .leftJoin(
      variantStocks,
      and(
        eq(variantStocks.productVariantId, productVariants.id),
        eq(variantStocks.countryCode, market.country),
      ),
    )
    .where(eq(productVariants.productParentId, productParentId))
    .orderBy(asc(productVariants.sortOrder));

  return {
    productParent: {
      id: productParentId,
      // A variant with no stock record in this market has none: it is listed as unavailable.
      productVariants: rows.map((row) => {
        const stock = {
          stockQuantity: row.stockQuantity ?? 0,
          reservedQuantity: row.reservedQuantity ?? 0,
        };
        const available = availableQuantity(stock);
        return {
          id: row.id,
          isAvailable: available > 0,
          stockQuantity: stock.stockQuantity,
          reservedQuantity: stock.reservedQuantity,
          availableQuantity: available,
        };
      }),
    },
  };
}

/** Quantity each variant can still be sold in a market, keyed by variant id (missing = 0). */
export async function availableQuantities(
  db: Database,
  variantIds: readonly string[],
  market: Market,
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(variantStocks)
    .where(
      and(
        inArray(variantStocks.productVariantId, [...variantIds]),
        eq(variantStocks.countryCode, market.country),
      ),
    );
  return new Map(rows.map((row) => [row.productVariantId, availableQuantity(row)]));
}
