import { count } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import {
  accountTokens,
  addresses,
  cartItems,
  categories,
  companyFiles,
  customStateDefinitions,
  discountCodes,
  idempotencyKeys,
  mailOutbox,
  marketingContacts,
  orders,
  organisationMembers,
  organisations,
  productChildItems,
  productParentCategories,
  productParents,
  productVariants,
  rateLimitHits,
  shopperSessions,
  users,
  variantPrices,
  variantStocks,
} from "../db/schema.js";
import { seedMarketingLists } from "../modules/marketing/marketing-lists.js";
import type { MediaStore } from "../modules/media/media-store.js";
import { SEED_CUSTOM_STATE_DEFINITIONS } from "../modules/orders/custom-states.js";
import { discountCodeRows } from "./discount-data.js";
import { generateCatalogue } from "./generate-catalogue.js";
import { seedGiftCards } from "./gift-card-data.js";
import { seedGiftCardProduct } from "./gift-card-product-data.js";
import { type AccountSeedResult, seedAccounts } from "./seed-accounts.js";
import { seedOrders } from "./seed-orders.js";
import { seedDemoPrintFiles } from "./seed-print-files.js";

export interface SeedResult {
  categories: number;
  productParents: number;
  productVariants: number;
  variantPrices: number;
  variantStocks: number;
  /** Demo users and organisations added (only missing ones are). */
  users: number;
  organisations: number;
  /** Demo discount codes added (only missing ones are, with the demo accounts). */
  discountCodes: number;
  /** Demo orders added (only into a shop without orders, with the demo accounts). */
  orders: number;
  /** Demo print files added (only into Nordtrade AB while it has no files, with the demo accounts). */
  printFiles: number;
  summary: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 250;

async function insertAll<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

type CatalogueCounts = Pick<
  SeedResult,
  "categories" | "productParents" | "productVariants" | "variantPrices" | "variantStocks"
>;

const NO_CATALOGUE: CatalogueCounts = {
  categories: 0,
  productParents: 0,
  productVariants: 0,
  variantPrices: 0,
  variantStocks: 0,
};

/** Loads the seed catalogue into an empty catalogue, in one transaction. */
async function seedCatalogue(db: Database): Promise<CatalogueCounts> {
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
    // The unlisted "Presentkort" product gift cards are bought as (no stock, priced per card).
    await seedGiftCardProduct(tx);
  });
  return {
    categories: catalogue.categories.length,
    productParents: catalogue.productParents.length,
    productVariants: catalogue.productVariants.length,
    variantPrices: catalogue.variantPrices.length,
    variantStocks: catalogue.variantStocks.length,
  };
}

function summarise(counts: Omit<SeedResult, "summary">): SeedResult {
  const parts = [
    counts.productParents
      ? `${counts.categories} categories, ${counts.productParents} products, ${counts.productVariants} variants, ${counts.variantPrices} prices, ${counts.variantStocks} stock levels`
      : null,
    counts.users || counts.organisations
      ? `${counts.users} demo users, ${counts.organisations} demo organisations`
      : null,
    counts.discountCodes ? `${counts.discountCodes} demo discount codes` : null,
    counts.orders ? `${counts.orders} demo orders` : null,
    counts.printFiles ? `${counts.printFiles} demo print files` : null,
  ].filter((part): part is string => part !== null);
  return { ...counts, summary: parts.join("; ") };
}

export interface SeedOptions {
  /**
   * Add the demo users and organisations. They share one published password, so a production
   * shop only gets them when asked for (`KASSA_DEMO_ACCOUNTS`, see `config.ts`).
   */
  demoAccounts: boolean;
  /** Where the demo print files' bytes go (the media store the server reads, `KASSA_MEDIA_DIR`). */
  media: MediaStore;
}

const NO_ACCOUNTS: AccountSeedResult = { users: 0, organisations: 0 };

/**
 * Adds the demo discount codes that are missing; existing codes are never changed. They come with
 * the demo accounts: their names are published (README), so a production shop only gets them when
 * asked for.
 */
async function seedDiscountCodes(db: Database): Promise<number> {
  const added = await db
    .insert(discountCodes)
    .values(discountCodeRows())
    .onConflictDoNothing({ target: discountCodes.code })
    .returning({ code: discountCodes.code });
  return added.length;
}

/**
 * Adds the custom-state definitions of C§3 that are missing (every shop has them: the order
 * decisions need them); existing definitions are never changed.
 */
async function seedCustomStateDefinitions(db: Database): Promise<void> {
  await db
    .insert(customStateDefinitions)
    .values(SEED_CUSTOM_STATE_DEFINITIONS)
    .onConflictDoNothing({ target: customStateDefinitions.id });
}

/**
 * Loads the seed catalogue into an empty catalogue and, when asked, the missing demo accounts and
 * demo discount codes.
 */
export async function seed(
  db: Database,
  { demoAccounts, media }: SeedOptions,
): Promise<SeedResult> {
  const catalogue = await seedCatalogue(db);
  await seedCustomStateDefinitions(db);
  await seedMarketingLists(db);
  const accounts = demoAccounts ? await seedAccounts(db) : NO_ACCOUNTS;
  const codes = demoAccounts ? await seedDiscountCodes(db) : 0;
  if (demoAccounts) await seedGiftCards(db);
  const demoOrders = demoAccounts ? await seedOrders(db) : 0;
  const printFiles = demoAccounts ? await seedDemoPrintFiles(db, media) : 0;
  return summarise({
    ...catalogue,
    ...accounts,
    discountCodes: codes,
    orders: demoOrders,
    printFiles,
  });
}

/**
 * Seeds the catalogue when it has no products (the first start on a new database), and, when
 * asked, adds any demo account, discount code and gift card that is missing (a database from
 * before they existed gets them too), as well as the gift-card product. Null when nothing was added.
 */
export async function seedIfEmpty(
  db: Database,
  { demoAccounts, media }: SeedOptions,
): Promise<SeedResult | null> {
  const [row] = await db.select({ products: count() }).from(productParents);
  const catalogue = (row?.products ?? 0) > 0 ? NO_CATALOGUE : await seedCatalogue(db);
  // A catalogue seeded before gift cards could be bought gets the gift-card product too.
  if (catalogue === NO_CATALOGUE) await seedGiftCardProduct(db);
  await seedCustomStateDefinitions(db);
  // Every shop has the newsletter list the storefront's sign-up block subscribes to.
  await seedMarketingLists(db);
  const accounts = demoAccounts ? await seedAccounts(db) : NO_ACCOUNTS;
  const codes = demoAccounts ? await seedDiscountCodes(db) : 0;
  if (demoAccounts) await seedGiftCards(db);
  const demoOrders = demoAccounts ? await seedOrders(db) : 0;
  const printFiles = demoAccounts ? await seedDemoPrintFiles(db, media) : 0;
  const result = summarise({
    ...catalogue,
    ...accounts,
    discountCodes: codes,
    orders: demoOrders,
    printFiles,
  });
  return result.summary ? result : null;
}

/**
 * Deletes every order, the catalogue, every shopper session (carts point at catalogue variants), every discount
 * code and every account (with its wishlist), organisation, token, outbox mail, login count,
 * newsletter contact (with its subscriptions and consents) and company file (with its bytes in
 * `media`), so the demo data comes back as new. The marketing lists stay.
 */
export async function wipe(db: Database, media: MediaStore): Promise<void> {
  const files = await db.select({ storageKey: companyFiles.storageKey }).from(companyFiles);
  await db.transaction(async (tx) => {
    await tx.delete(companyFiles);
    // Orders first: their lines, notes, trails and operations go with them, and the demo orders
    // come back only into a shop without orders.
    await tx.delete(orders);
    await tx.delete(rateLimitHits);
    // Stored answers about the carts and accounts that go now.
    await tx.delete(idempotencyKeys);
    await tx.delete(mailOutbox);
    await tx.delete(marketingContacts);
    await tx.delete(accountTokens);
    await tx.delete(organisationMembers);
    await tx.delete(addresses);
    await tx.delete(organisations);
    await tx.delete(users);
    await tx.delete(cartItems);
    await tx.delete(shopperSessions);
    await tx.delete(discountCodes);
    await tx.delete(variantStocks);
    await tx.delete(variantPrices);
    await tx.delete(productChildItems);
    await tx.delete(productParentCategories);
    await tx.delete(productVariants);
    await tx.delete(productParents);
    await tx.delete(categories);
  });
  for (const { storageKey } of files) await media.delete(storageKey);
}
