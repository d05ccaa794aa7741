import { createSearchClient, type Product } from "@kassa/api-client";
import {
  SEARCH_SUGGEST_MIN_LENGTH,
  SEARCH_SUGGESTION_LIMIT,
  searchQueryFromUrl,
} from "@kassa/domain";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { productPath } from "~/modules/catalogue/product-path";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { config } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { categoryPathIn, productBasePath } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import { localeOf } from "~/modules/http/request-locale.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import type { SearchSuggestion, SuggestionsAnswer } from "./suggestions";

/** Results on one search page: four rows of the category pages' grid. */
export const SEARCH_PER_PAGE = 12;

function searchClient() {
  return createSearchClient({
    baseUrl: config().productApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("read"),
    storefrontToken: config().storefrontToken,
  });
}

/** The page number of a URL: a whole number ≥ 1, else 1. */
function pageOf(url: URL): number {
  const requested = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(requested) && requested > 0 ? requested : 1;
}

export interface SearchPageData {
  /** The query as searched for; empty when the page was opened without one. */
  query: string;
  title: string;
  products: Product[];
  total: number;
  page: number;
  totalPages: number;
  /** "Did you mean": a spelling the catalogue knows, or null. */
  suggestion: string | null;
  market: { productBase: string; locale: string };
}

/**
 * The search page's data for `/{locale}/search?q=…&page=N`: one page of results in the shopper's language,
 * priced for their market and store group. A page opened without a query searches nothing.
 */
export async function loadSearchPage(request: Request): Promise<SearchPageData> {
  const url = new URL(request.url);
  const query = searchQueryFromUrl(url.searchParams.get("q"));
  const page = pageOf(url);
  const [market, language, t, storeGroup, locale] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
    localeOf(request),
  ]);
  const marketData = { productBase: productBasePath(locale), locale: market.locale };
  const siteName = t("meta.siteName");
  if (!query) {
    return {
      query,
      title: t("search.documentTitle", { siteName }),
      products: [],
      total: 0,
      page: 1,
      totalPages: 0,
      suggestion: null,
      market: marketData,
    };
  }
  const results = await fromBackend(() =>
    catalogue.search({
      ...catalogueQuery(market, language, storeGroup),
      query,
      page,
      per_page: SEARCH_PER_PAGE,
    }),
  );
  return {
    query,
    title: t("search.resultsDocumentTitle", { query, siteName }),
    products: results.data,
    total: results.total,
    page: results.page,
    totalPages: results.total_pages,
    suggestion: results.suggestion,
    market: marketData,
  };
}

/**
 * The search box's suggestions for `?q=…`: the best products (linking to their pages) and the
 * matching categories, then the search itself. Nothing for a query shorter than
 * `SEARCH_SUGGEST_MIN_LENGTH`; a failing backend answers no suggestions rather than an error,
 * since the box still works as a plain search.
 */
export async function loadSuggestions(request: Request): Promise<SuggestionsAnswer> {
  const url = new URL(request.url);
  const query = searchQueryFromUrl(url.searchParams.get("q"));
  if (query.length < SEARCH_SUGGEST_MIN_LENGTH) {
    return { query, items: [], total: 0 };
  }
  const [market, language, storeGroup, locale] = await Promise.all([
    marketOf(request),
    languageOf(request),
    storeGroupOf(request),
    localeOf(request),
  ]);
  try {
    const reply = await searchClient().suggest(
      { ...catalogueQuery(market, language, storeGroup), query, limit: SEARCH_SUGGESTION_LIMIT },
      { signal: request.signal },
    );
    const items: SearchSuggestion[] = [
      ...reply.products.map(
        (product): SearchSuggestion => ({
          kind: "product",
          id: `product-${product.id}`,
          label: product.name,
          href: productPath(productBasePath(locale), product.slug),
        }),
      ),
      ...reply.categories.map(
        (category): SearchSuggestion => ({
          kind: "category",
          id: `category-${category.id}`,
          label: category.name,
          href: categoryPathIn(locale, category.uri),
        }),
      ),
    ];
    return { query, items, total: reply.total };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { query, items: [], total: 0 };
  }
}
