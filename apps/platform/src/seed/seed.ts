import { count } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import {
  cartItems,
  categories,
  productChildItems,
  productParentCategories,
  productParents,
  productVariants,
  shopperSessions,
  variantPrices,
  variantStocks,
} from "../db/schema.js";
import { generateCatalogue } from "./generate-catalogue.js";

export interface SeedResult {
  categories: number;
  productParents: number;
  productVariants: number;
  variantPrices: number;
  variantStocks: number;
  summary: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 250;

async function insertAll<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/** Loads the seed catalogue into an empty catalogue, in one transaction. */
export async function seed(db: Database): Promise<SeedResult> {
  const catalogue = generateCatalogue();
  await db.transaction(async (tx) => {
    await insertAll(catalogue.categories, (rows) => tx.insert(categories).values(rows));
    await insertAll(catalogue.productParents, (rows) => tx.insert(productParents).values(rows));
    await insertAll(catalogue.productParentCategories, (rows) =>
      tx.insert(productParentCategories).values(rows),
    );
    await insertAll(catalogue.productVariants, (rows) => tx.insert(productVariants).values(rows));
    await insertAll(catalogue.productChildItems, (rows) =>
      tx.insert(productChildItems).values(rows),
    );
    await insertAll(catalogue.variantPrices, (rows) => tx.insert(variantPrices).values(rows));
    await insertAll(catalogue.variantStocks, (rows) => tx.insert(variantStocks).values(rows));
  });
  const result = {
    categories: catalogue.categories.length,
    productParents: catalogue.productParents.length,
    productVariants: catalogue.productVariants.length,
    variantPrices: catalogue.variantPrices.length,
    variantStocks: catalogue.variantStocks.length,
  };
  return {
    ...result,
    summary: `${result.categories} categories, ${result.productParents} products, ${result.productVariants} variants, ${result.variantPrices} prices, ${result.variantStocks} stock levels`,
  };
}

/** Seeds when the catalogue has no products (the first start on a new database); else null. */
export async function seedIfEmpty(db: Database): Promise<SeedResult | null> {
  const [row] = await db.select({ products: count() }).from(productParents);
  if ((row?.products ?? 0) > 0) return null;
  return seed(db);
}

/** Deletes the catalogue and every shopper session (carts point at catalogue variants). */
export async function wipe(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(cartItems);
    await tx.delete(shopperSessions);
    await tx.delete(variantStocks);
    await tx.delete(variantPrices);
    await tx.delete(productChildItems);
    await tx.delete(productParentCategories);
    await tx.delete(productVariants);
    await tx.delete(productParents);
    await tx.delete(categories);
  });
}
