/**
 * Wire shapes of product search under `/enad/` (docs/decisions/0018-product-search.md): the
 * result page and the type-ahead suggestions. The Kassa platform types its replies with these;
 * the search client (`../search.ts`) speaks them.
 */

import type { PagedQuery, Product, ProductPage, ProductQueryBase } from "./products.js";

/**
 * `POST /enad/search-products/`: product parents whose name, brand, colour, category or SKU
 * match `query`, in `language`, best first. `query`: 1–100 characters holding a letter or digit
 * (`@kassa/domain`'s `searchQuerySchema`). `per_page` 1–100, default 24.
 */
export interface ProductSearchQuery extends ProductQueryBase, PagedQuery {
  query: string;
}

/** A page of search results, priced for the market and store group asked, as category pages are. */
export interface ProductSearchReply extends ProductPage {
  /** The query as searched for (cleaned: whitespace tidied, NFC). */
  query: string;
  /**
   * A spelling the catalogue knows, for a query with a word it does not ("tröija" →
   * "tröjor"): "did you mean". `null` when every word was known or nothing close was found.
   * The results may already include products found through the close words.
   */
  suggestion: string | null;
}

/**
 * `POST /enad/search-suggestions/`: what the search box offers while a shopper types. `limit`
 * 1–10, default 6, for products and categories each.
 */
export interface SearchSuggestionsQuery extends ProductQueryBase {
  query: string;
  limit?: number;
}

/** A product a suggestion links to (its page is `/{productUrlPrefix}/{slug}`). */
export type SuggestedProduct = Pick<Product, "id" | "slug" | "name">;

/** A category a suggestion links to (`/kategori/{uri}`). */
export interface SuggestedCategory {
  id: string;
  uri: string;
  name: string;
}

export interface SearchSuggestionsReply {
  query: string;
  /** The best matching products, at most `limit`. */
  products: SuggestedProduct[];
  /** Categories whose name matches, at most `limit`. */
  categories: SuggestedCategory[];
  /** How many products the full search finds. */
  total: number;
  /** As in {@link ProductSearchReply.suggestion}. */
  suggestion: string | null;
}
