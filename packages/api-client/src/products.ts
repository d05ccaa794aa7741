import { isKassaApiError, type KassaApiError } from "./errors.js";
import {
  type CallOptions,
  createRequester,
  DEFAULT_RETRY,
  type RequesterOptions,
  type RetryPolicy,
} from "./request.js";
import type {
  CategoriesQuery,
  CategoriesReply,
  Category,
  Product,
  ProductBySlugQuery,
  ProductBySlugReply,
  ProductPage,
  ProductsByCategoryIdQuery,
  ProductsByCategoryUriQuery,
  ProductsByIdsQuery,
  ProductsBySkuQuery,
  ProductsByTagQuery,
  SitemapProductsQuery,
  SitemapProductsReply,
} from "./wire/products.js";

export interface ProductClientOptions {
  /** Origin of the product wrapper API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /**
   * The shop's own credential, sent as `Kassa-Storefront-Token` with every call
   * (`RequesterOptions.storefrontToken`): a storefront's server sends it, a browser never does.
   */
  storefrontToken?: string;
  /** Waits between retries; injectable for tests. */
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
  /**
   * Told about a failed list lookup before its empty page is returned (C§7), e.g. to log it.
   * @default nothing
   */
  onLookupError?: (error: KassaApiError, path: string) => void;
}

/** The product lookups (C§7, the `/enad/` wrapper calls). */
export interface ProductClient {
  /** `POST /enad/get-products-by-category-uri/`; an empty page on failure. */
  byCategoryUri(query: ProductsByCategoryUriQuery, options?: CallOptions): Promise<ProductPage>;
  /** `POST /enad/get-products-by-category-id/`; an empty page on failure. */
  byCategoryId(query: ProductsByCategoryIdQuery, options?: CallOptions): Promise<ProductPage>;
  /** `POST /enad/get-products-by-tag/`; an empty page on failure. */
  byTag(query: ProductsByTagQuery, options?: CallOptions): Promise<ProductPage>;
  /** `POST /enad/get-products-by-sku/`; an empty page on failure. */
  bySku(query: ProductsBySkuQuery, options?: CallOptions): Promise<ProductPage>;
  /**
   * `POST /enad/get-products-by-ids/`: the active products among `productIds` (a wishlist's, a
   * compare list's), in the order asked, each once; an empty page on failure.
   */
  byIds(query: ProductsByIdsQuery, options?: CallOptions): Promise<ProductPage>;
  /** `POST /enad/get-product-by-slug/`: the product, or `null` when there is none (also on 404). */
  bySlug(query: ProductBySlugQuery, options?: CallOptions): Promise<Product | null>;
  /** `POST /enad/get-categories/`. */
  categories(query: CategoriesQuery, options?: CallOptions): Promise<Category[]>;
  /**
   * `POST /enad/get-sitemap-products/`: one page of the products sold in a market (id, slug, last
   * change), by id; pass the reply's `next` as `after` for the next page. Unlike the list lookups
   * it throws on failure: a sitemap missing products must not be served as if it were whole.
   */
  sitemapProducts(
    query: SitemapProductsQuery,
    options?: CallOptions,
  ): Promise<SitemapProductsReply>;
}

/** C§7: what a list lookup answers when it fails. */
export function emptyProductPage(): ProductPage {
  return { data: [], total: 0, total_pages: 0, page: 1 };
}

/**
 * Creates a product lookup client.
 *
 * @example
 * const products = createProductClient({ baseUrl: env.PRODUCT_API_URL });
 * const page = await products.byCategoryUri({
 *   storeGroupSlug: "default", market: "SE", language: "sv",
 *   categoryUri: "klader/trojor", page: 1, per_page: 24,
 * });
 */
export function createProductClient(options: ProductClientOptions): ProductClient {
  const request = createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    // Every lookup of this API is a read sent as POST: sending it twice changes nothing.
    retry: { methods: [...DEFAULT_RETRY.methods, "POST"], ...options.retry },
    headers: options.headers,
    storefrontToken: options.storefrontToken,
    sleep: options.sleep,
    timeout: options.timeout,
  });

  /** A list lookup: failures of the API become the empty page; aborts and bugs still throw. */
  async function page(path: string, query: object, call?: CallOptions): Promise<ProductPage> {
    try {
      return await request<ProductPage>("POST", path, { body: query, ...call });
    } catch (error) {
      if (!isKassaApiError(error)) throw error;
      options.onLookupError?.(error, path);
      return emptyProductPage();
    }
  }

  return {
    byCategoryUri: (query, call) => page("/enad/get-products-by-category-uri/", query, call),
    byCategoryId: (query, call) => page("/enad/get-products-by-category-id/", query, call),
    byTag: (query, call) => page("/enad/get-products-by-tag/", query, call),
    bySku: (query, call) => page("/enad/get-products-by-sku/", query, call),
    byIds: (query, call) => page("/enad/get-products-by-ids/", query, call),
    async bySlug(query, call) {
      try {
        const reply = await request<ProductBySlugReply>("POST", "/enad/get-product-by-slug/", {
          body: query,
          ...call,
        });
        return reply.data ?? null;
      } catch (error) {
        if (isKassaApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    async categories(query, call) {
      const reply = await request<CategoriesReply>("POST", "/enad/get-categories/", {
        body: query,
        ...call,
      });
      return reply.data ?? [];
    },
    sitemapProducts: (query, call) =>
      request<SitemapProductsReply>("POST", "/enad/get-sitemap-products/", {
        body: query,
        ...call,
      }),
  };
}
