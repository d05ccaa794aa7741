/**
 * What the search box's suggestion route answers (`/search/suggestions?q=…`), shared by the
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

/** Where the search box asks for suggestions. */
export const SUGGESTIONS_PATH = "/search/suggestions";

/** A search page's address: `/search?q=…` (and `&page=N` after the first). */
export function searchHref(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params.toString()}`;
}
