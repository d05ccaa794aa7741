import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type CartItemRow,
  cartItems,
  type ProductParentRow,
  type ProductVariantRow,
  productParents,
  productVariants,
  type ShopperSessionRow,
  type VariantPriceRow,
  variantPrices,
} from "../../db/schema.js";
import { variantPriceIn } from "../catalogue/prices.js";

/** A cart line with what it is: its variant, product parent and live price in the session's market. */
export interface PricedLine {
  item: CartItemRow;
  variant: ProductVariantRow;
  parent: ProductParentRow;
  price: VariantPriceRow;
}

/**
 * The lines of a session's cart with their variant, product and price, in the order they were
 * added. A line whose price was withdrawn from the market is left out (it could not be bought).
 */
export async function pricedLinesOf(
  db: Database,
  session: ShopperSessionRow,
): Promise<PricedLine[]> {
  return db
    .select({
      item: cartItems,
      variant: productVariants,
      parent: productParents,
      price: variantPrices,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.productVariantId))
    .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
    .innerJoin(
      variantPrices,
      variantPriceIn(cartItems.productVariantId, session.storeGroupId, session.countryCode),
    )
    .where(eq(cartItems.sessionId, session.id))
    .orderBy(asc(cartItems.position));
}
