import { isKassaApiError, type KassaApiError } from "./errors.js";
import {
  type CallOptions,
  createRequester,
  DEFAULT_RETRY,
  type RequesterOptions,
  type RetryPolicy,
} from "./request.js";
import type {
  ProductSearchQuery,
  ProductSearchReply,
  SearchSuggestionsQuery,
  SearchSuggestionsReply,
} from "./wire/search.js";

export interface SearchClientOptions {
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
}

/**
 * Product search (`/enad/search-products/`, `/enad/search-suggestions/`). Unlike the list
 * lookups, a failure is thrown (a `KassaApiError`): a search page that silently says "no results"
 * while the backend is down would send shoppers away. A refused query (400: empty or too long) is
 * an `HttpError` with status 400.
 */
export interface SearchClient {
  /** `POST /enad/search-products/`: a page of results, best first. */
  search(query: ProductSearchQuery, options?: CallOptions): Promise<ProductSearchReply>;
  /** `POST /enad/search-suggestions/`: top product and category names for type-ahead. */
  suggest(query: SearchSuggestionsQuery, options?: CallOptions): Promise<SearchSuggestionsReply>;
}

/** The answer to a search that found nothing. */
export function emptySearchReply(query: string, page = 1): ProductSearchReply {
  return { data: [], total: 0, total_pages: 0, page, query, suggestion: null };
}

/**
 * Creates a search client.
 *
 * @example
 * const search = createSearchClient({ baseUrl: env.PRODUCT_API_URL });
 * const results = await search.search({
 *   storeGroupSlug: "default", market: "SE", language: "sv", query: "ulltröja", page: 1,
 * });
 * const { products, categories } = await search.suggest({ ...base, query: "ullt", limit: 5 });
 */
export function createSearchClient(options: SearchClientOptions): SearchClient {
  const request = createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    // A search is a read sent as POST: sending it twice changes nothing.
    retry: { methods: [...DEFAULT_RETRY.methods, "POST"], ...options.retry },
    headers: options.headers,
    storefrontToken: options.storefrontToken,
    sleep: options.sleep,
    timeout: options.timeout,
  });

  return {
    search: (query, call) =>
      request<ProductSearchReply>("POST", "/enad/search-products/", { body: query, ...call }),
    suggest: (query, call) =>
      request<SearchSuggestionsReply>("POST", "/enad/search-suggestions/", {
        body: query,
        ...call,
      }),
  };
}

/** True for the 400 the platform answers to an empty or too long query. */
export function isRefusedSearch(error: unknown): error is KassaApiError {
  return isKassaApiError(error) && error.status === 400;
}
