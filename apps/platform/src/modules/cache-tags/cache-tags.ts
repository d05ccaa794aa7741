import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";

/**
 * Cache tags (C§7, DESIGN §9): names of what a cached shopper read depends on. A change announces
 * the tags it touched; every storefront process drops its cache entries that carry one of them.
 *
 * - `price-{productParentId}`: a price of one of the parent's variants (any store group, market)
 * - `stock-{productParentId}`: the stock of one of the parent's variants (any market)
 * - `product-{productParentId}`: the product itself (names, variants, categories, activity)
 * - `categories`: the category tree (names, product counts)
 * - `sitemap`: which products a market sells, or when one last changed (the sitemaps' `lastmod`);
 *   announced with a price change (it dates the product) and with every `product-{id}`
 */
export const cacheTag = {
  price: (productParentId: string) => `price-${productParentId}`,
  stock: (productParentId: string) => `stock-${productParentId}`,
  product: (productParentId: string) => `product-${productParentId}`,
  categories: "categories",
  sitemap: "sitemap",
} as const;

/** The PostgreSQL channel the notices travel on (`LISTEN kassa_cache_tags`). */
export const CACHE_TAG_CHANNEL = "kassa_cache_tags";

/**
 * A `NOTIFY` payload must stay under 8000 bytes; a notice is split into payloads of at most this
 * many bytes (tags are ASCII ids, so characters are bytes), leaving room for the envelope.
 */
export const MAX_NOTICE_BYTES = 7000;

/** This process, named in the notices it publishes (so it alone relays them to Redis). */
export const PROCESS_ORIGIN = randomUUID();

/** One notice as it travels: the tags that changed, and the process that changed them. */
export interface CacheTagNotice {
  /** The publishing process ({@link PROCESS_ORIGIN}). */
  origin: string;
  tags: string[];
}

/** The payloads of one batch of tags: deduplicated, and split so each fits NOTIFY's limit. */
export function noticePayloads(tags: Iterable<string>, origin: string = PROCESS_ORIGIN): string[] {
  const unique = [...new Set(tags)].filter((tag) => tag.length > 0);
  const payloads: string[] = [];
  let batch: string[] = [];
  const encode = (batchTags: string[]) => JSON.stringify({ o: origin, t: batchTags });
  for (const tag of unique) {
    if (Buffer.byteLength(tag) > MAX_NOTICE_BYTES / 2) {
      throw new Error(`A cache tag is too long to announce: ${tag.slice(0, 40)}…`);
    }
    if (batch.length > 0 && Buffer.byteLength(encode([...batch, tag])) > MAX_NOTICE_BYTES) {
      payloads.push(encode(batch));
      batch = [];
    }
    batch.push(tag);
  }
  if (batch.length > 0) payloads.push(encode(batch));
  return payloads;
}

/** A payload read back; null for anything that is not one (another program on the channel). */
export function parseNotice(payload: string): CacheTagNotice | null {
  try {
    const value = JSON.parse(payload) as { o?: unknown; t?: unknown };
    if (typeof value.o !== "string" || !Array.isArray(value.t)) return null;
    const tags = value.t.filter((tag): tag is string => typeof tag === "string" && tag !== "");
    return { origin: value.o, tags };
  } catch {
    return null;
  }
}

/**
 * Announces that `tags` changed. Call it with the transaction that made the change: PostgreSQL
 * delivers a `NOTIFY` when that transaction commits, and never when it rolls back, so a listener
 * can never drop a cache entry before the change is visible, nor for a change that did not happen.
 * Call it once per transaction with all of its tags (PostgreSQL also folds repeated payloads of one
 * transaction into one).
 */
export async function publishCacheTags(db: Database, tags: Iterable<string>): Promise<void> {
  for (const payload of noticePayloads(tags)) {
    await db.execute(sql`select pg_notify(${CACHE_TAG_CHANNEL}, ${payload})`);
  }
}
