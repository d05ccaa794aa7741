import {
  type CategoriesQuery,
  createProductClient,
  createSearchClient,
  type Product,
  type ProductBySlugQuery,
  type ProductClient,
  type ProductPage,
  type ProductParentMarketQuery,
  type ProductParentPrices,
  type ProductParentStocks,
  type ProductSearchQuery,
  type ProductSearchReply,
  type ProductsByCategoryUriQuery,
  type ProductsByIdsQuery,
  type ProductsByTagQuery,
} from "@kassa/api-client";
import { countCacheRead } from "~/modules/cache/cache-metrics.server";
import { onCacheTagNotice } from "~/modules/cache/cache-tag-events.server";
import { ensureCacheTagSource } from "~/modules/cache/cache-tag-source.server";
import { notePageIncomplete, notePageTags } from "~/modules/cache/page-tags.server";
import {
  sharedCachePurgeReport,
  startSharedCachePurge,
} from "~/modules/cache/shared-cache-purge.server";
import { emptyTaggedCacheStats, TaggedCache } from "~/modules/cache/tagged-cache.server";
import { productClient, shopperClient } from "~/modules/http/clients.server";
import { config, type StorefrontConfig } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import { apartFromShopper } from "~/modules/http/shopper-abort.server";

/**
 * Catalogue reads (categories, product lists, a product by slug) and the shopper API's prices and
 * stock, cached in this process (C§7: shopper reads are cached by default, tagged `price-{id}`
 * and `stock-{id}`; ADR 0025). Each entry carries the cache tags of what it shows; the platform
 * announces the tags a change touches (a price set, stock drawn by an order) and the entries
 * carrying them are dropped at once. An entry is fresh for `KASSA_CATALOGUE_CACHE_SECONDS`, then
 * served for `KASSA_CATALOGUE_CACHE_STALE_SECONDS` more while it is refreshed behind the answer:
 * that sum bounds how stale an answer can be when a notice is lost. When the notices' channel is
 * lost or comes back, everything is dropped.
 *
 * Adding to the cart and checking out never read this cache: the platform checks stock and price
 * when a line is added and when a checkout starts.
 */

/** Tags of what a product (as a list or page shows it) depends on: itself, its price, its stock. */
export function productTags(product: Pick<Product, "id">): string[] {
  return [`product-${product.id}`, `price-${product.id}`, `stock-${product.id}`];
}

const CATEGORY_TAGS = ["categories"];

/**
 * The cache, made at the first cached read with the configuration's freshness, and made anew
 * when the configuration is read again (tests): the old one is dropped and stops listening.
 */
let current:
  | { settings: StorefrontConfig; cache: TaggedCache; stopListening: () => void }
  | undefined;

function catalogueCache(): TaggedCache {
  const settings = config();
  if (current?.settings !== settings) {
    current?.stopListening();
    const cache = new TaggedCache({
      max: 2000,
      freshMs: settings.catalogueCacheSeconds * 1000,
      staleMs: settings.catalogueCacheStaleSeconds * 1000,
      onRead: countCacheRead,
    });
    const stopListening = onCacheTagNotice((notice) => {
      if (notice.kind === "tags") cache.invalidate(notice.tags);
      else cache.clear();
    });
    current = { settings, cache, stopListening };
    // After the listener above: the shared cache is purged once this process's copy is gone.
    startSharedCachePurge();
  }
  ensureCacheTagSource();
  return current.cache;
}

/** A list lookup that failed: its empty page is answered, never kept. */
class LookupFailed extends Error {
  constructor(readonly page: ProductPage) {
    super("A product lookup failed");
  }
}

/**
 * A read through the cache. Its tags are also noted for the page being built (with the cache off
 * too), so that a shared HTTP cache can purge the pages that showed it (ADR 0027).
 */
async function cached<T>(
  kind: string,
  query: object,
  load: () => Promise<T>,
  tagsOf: (value: T) => readonly string[],
): Promise<T> {
  const noted = (value: T) => {
    notePageTags(tagsOf(value));
    return value;
  };
  if (config().catalogueCacheSeconds <= 0) {
    // No data cache, but a shared cache in front still needs the notices to be purged.
    if (config().sharedCache.purgeUrls.length > 0) {
      startSharedCachePurge();
      ensureCacheTagSource();
    }
    return load().then(noted).catch(unwrapFailedLookup) as Promise<T>;
  }
  // A fill is shared by every shopper asking for the same data meanwhile (and a refresh behind a
  // stale entry by all who come after): it keeps its deadline, not the abort of the shopper
  // whose request started it (ADR 0041).
  return catalogueCache()
    .get(`${kind}:${JSON.stringify(query)}`, () => apartFromShopper(load), tagsOf)
    .then(noted)
    .catch(unwrapFailedLookup) as Promise<T>;
}

function unwrapFailedLookup(error: unknown): ProductPage {
  if (!(error instanceof LookupFailed)) throw error;
  // The empty page stands in for data that could not be read: no shared cache may keep it.
  notePageIncomplete();
  return error.page;
}

/**
 * A list lookup: the product client answers an empty page when the call fails (C§7); that page
 * is shown, but thrown past the cache so that it is not kept.
 */
async function listLookup(call: (client: ProductClient) => Promise<ProductPage>) {
  let failed = false;
  const client = createProductClient({
    baseUrl: config().productApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("read"),
    storefrontToken: config().storefrontToken,
    onLookupError: () => {
      failed = true;
    },
  });
  const page = await call(client);
  if (failed) throw new LookupFailed(page);
  return page;
}

const pageTags = (page: ProductPage) => page.data.flatMap(productTags);

export const catalogue = {
  categories: (query: CategoriesQuery) =>
    cached(
      "categories",
      query,
      () => productClient().categories(query),
      () => CATEGORY_TAGS,
    ),
  bySlug: (query: ProductBySlugQuery) =>
    cached(
      "slug",
      query,
      () => productClient().bySlug(query),
      (product) => (product ? productTags(product) : []),
    ),
  byCategoryUri: (query: ProductsByCategoryUriQuery) =>
    cached("category", query, () => listLookup((client) => client.byCategoryUri(query)), pageTags),
  byTag: (query: ProductsByTagQuery) =>
    cached("tag", query, () => listLookup((client) => client.byTag(query)), pageTags),
  /** The products of a wishlist or a comparison, in the order asked. */
  byIds: (query: ProductsByIdsQuery) =>
    cached("ids", query, () => listLookup((client) => client.byIds(query)), pageTags),
  /** A page of search results (`POST /enad/search/`), priced like a category page. */
  search: (query: ProductSearchQuery) =>
    cached<ProductSearchReply>(
      "search",
      query,
      () =>
        createSearchClient({
          baseUrl: config().productApiUrl,
          fetch: platformFetch,
          timeout: deadlineMs("read"),
          storefrontToken: config().storefrontToken,
        }).search(query),
      pageTags,
    ),
  /** `GET /shopper/prices/…` (C§7, cache tag `price-{id}`): for showing, never for selling. */
  prices: (query: ProductParentMarketQuery) =>
    cached<ProductParentPrices>(
      "prices",
      query,
      () => shopperClient(undefined, undefined, "read").getPrices(query),
      () => [`price-${query.productParentId}`],
    ),
  /** `GET /shopper/stocks/…` (C§7, cache tag `stock-{id}`): for showing, never for selling. */
  stocks: (query: ProductParentMarketQuery) =>
    cached<ProductParentStocks>(
      "stocks",
      query,
      () => shopperClient(undefined, undefined, "read").getStocks(query),
      () => [`stock-${query.productParentId}`],
    ),
};

/** This process's cache figures and the notices' channel (`/healthz/cache`, the bench). */
export function catalogueCacheReport() {
  const settings = config();
  const source = ensureCacheTagSource();
  return {
    ...(current?.cache.stats() ?? emptyTaggedCacheStats()),
    freshSeconds: settings.catalogueCacheSeconds,
    staleSeconds: settings.catalogueCacheStaleSeconds,
    sharedCachePurges: sharedCachePurgeReport() ?? null,
    notices: {
      source: source.kind,
      connected: source.connected,
      heard: source.notices,
      resets: source.resets,
    },
  };
}

/** Forgets the cache and its figures (tests). */
export function resetCatalogueCache(): void {
  current?.cache.clear();
  current?.cache.resetStats();
}
