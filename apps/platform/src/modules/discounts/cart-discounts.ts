import { inArray } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type DiscountCodeRow, discountCodes, type ShopperSessionRow } from "../../db/schema.js";
import { isGiftCardLine } from "../gift-cards/gift-card-product-catalogue.js";
import type { PricedLine } from "../shopper/priced-lines.js";
import {
  computeDiscounts,
  type DiscountContext,
  type DiscountLine,
  type DiscountResult,
} from "./discount-rules.js";

/**
 * The lines of a cart as the discount rules see them: total before codes, and product tags. A gift
 * card being bought is marked so: no code applies to it (its price is not the catalogue's either).
 */
export function discountLinesOf(rows: readonly PricedLine[]): DiscountLine[] {
  return rows.map(({ item, parent, price }) =>
    isGiftCardLine(item)
      ? { totalPriceAmount: 0, tags: parent.tags, isGiftCard: true }
      : { totalPriceAmount: price.salePriceAmount * item.quantity, tags: parent.tags },
  );
}

export function discountContextOf(session: ShopperSessionRow, now: Date): DiscountContext {
  return { countryCode: session.countryCode, currencyCode: session.currencyCode, now };
}

/**
 * The codes on a session, as rows, in the order they were added. A code that has since been
 * deleted from the platform is left out (it stays listed on the cart and takes nothing off).
 */
export async function appliedCodeRows(
  db: Database,
  session: ShopperSessionRow,
): Promise<DiscountCodeRow[]> {
  const codes = session.discountCodes.map((entry) => entry.code);
  if (codes.length === 0) return [];
  const rows = await db.select().from(discountCodes).where(inArray(discountCodes.code, codes));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}

/** What the session's codes take off each of `rows` at `now`. */
export async function cartDiscounts(
  db: Database,
  session: ShopperSessionRow,
  rows: readonly PricedLine[],
  now: Date,
): Promise<DiscountResult> {
  return computeDiscounts(
    discountLinesOf(rows),
    await appliedCodeRows(db, session),
    discountContextOf(session, now),
  );
}
