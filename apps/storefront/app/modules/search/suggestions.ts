/**
 * What the search box's suggestion route answers (`/{locale}/search/suggestions?q=…`), shared by the
 * server that builds it and the box that shows it.
 */
export interface SearchSuggestion {
  kind: "product" | "category";
  /** Unique within one answer; the option's element id is made from it. */
  id: string;
  label: string;
  href: string;
}

export interface SuggestionsAnswer {
  query: string;
  items: SearchSuggestion[];
  /** How many products the full search finds. */
  total: number;
}

/** Where the search box asks for suggestions, under the locale's search: `/sv-se/search/suggestions`. */
export function suggestionsPath(searchPath: string): string {
  return `${searchPath}/suggestions`;
}

/**
 * A search page's address: `{searchPath}?q=…` (and `&page=N` after the first), where the search
 * path is the locale's (`/sv-se/search`).
 */
export function searchHref(searchPath: string, query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${searchPath}?${params.toString()}`;
}
