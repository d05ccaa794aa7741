import type {
  CategoriesQuery,
  Category,
  Product,
  ProductBySlugQuery,
  ProductPage,
  ProductsByCategoryUriQuery,
  ProductsByIdsQuery,
  ProductsByTagQuery,
} from "@kassa/api-client";
import { LRUCache } from "lru-cache";
import { productClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";

/**
 * Catalogue reads (categories, product lists, a product by slug), cached in this process for a
 * short while: C§7 caches shopper reads by default, and the catalogue changes far less often than
 * it is read. Prices and stock are not cached here: every product page asks for them live.
 * Concurrent requests for the same key share one backend call. `KASSA_CATALOGUE_CACHE_SECONDS=0`
 * turns the cache off.
 */
type CatalogueValue = Category[] | ProductPage | Product | null;

let cache: LRUCache<string, { value: CatalogueValue }, () => Promise<CatalogueValue>> | undefined;

function catalogueCache() {
  const ttl = config().catalogueCacheSeconds * 1000;
  cache ??= new LRUCache({
    max: 500,
    ttl: Math.max(ttl, 1),
    // A failed call is not remembered: the next request tries again.
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return cache;
}

async function cached<T extends CatalogueValue>(
  kind: string,
  query: object,
  load: () => Promise<T>,
): Promise<T> {
  if (config().catalogueCacheSeconds <= 0) return load();
  const entry = await catalogueCache().fetch(`${kind}:${JSON.stringify(query)}`, { context: load });
  return entry?.value as T;
}

export const catalogue = {
  categories: (query: CategoriesQuery) =>
    cached("categories", query, () => productClient().categories(query)),
  bySlug: (query: ProductBySlugQuery) => cached("slug", query, () => productClient().bySlug(query)),
  byCategoryUri: (query: ProductsByCategoryUriQuery) =>
    cached("category", query, () => productClient().byCategoryUri(query)),
  byTag: (query: ProductsByTagQuery) => cached("tag", query, () => productClient().byTag(query)),
  /** The products of a wishlist or a comparison, in the order asked. */
  byIds: (query: ProductsByIdsQuery) => cached("ids", query, () => productClient().byIds(query)),
};
