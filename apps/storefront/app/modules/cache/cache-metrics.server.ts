import { Counter, register } from "prom-client";

/** What a read of the data cache came to: `TaggedCache`'s own words (`tagged-cache.server.ts`). */
export type CacheReadResult = "hit" | "stale" | "miss";

const NAME = "kassa_storefront_data_cache_reads_total";

/**
 * The data cache's reads for `/metrics` (ADR 0042), counted as they happen rather than copied from
 * the cache's figures, so they keep rising when the cache is made anew (tests, a new setting).
 *
 * prom-client is kept outside both bundles (tsup's and Vite's), so this module, part of the Remix
 * build, and the server's `/metrics` share its one default registry. A second copy of this module
 * (Vite's development server reloading it) finds the counter already there.
 */
function readsCounter(): Counter<"result"> {
  const existing = register.getSingleMetric(NAME) as Counter<"result"> | undefined;
  if (existing) return existing;
  const counter = new Counter({
    name: NAME,
    help: "Reads of the storefront's data cache (catalogue, prices, stock, search), by result: hit (fresh), stale (served while refreshed behind) or miss (waited for the platform)",
    labelNames: ["result"],
  });
  // Every result shows from the first scrape, at 0, so a rate over it is never "no data".
  for (const result of ["hit", "stale", "miss"]) counter.inc({ result }, 0);
  return counter;
}

const reads = readsCounter();

/** Counts one read of the data cache. */
export function countCacheRead(result: CacheReadResult): void {
  reads.inc({ result });
}
