import type { SearchAction, WebSite, WithActionConstraints } from "schema-dts";

export interface WebSiteFacts {
  /** The shop's root URL. */
  url: string;
  /** The `@id` (`webSiteId`). */
  id: string;
  name: string;
  /** The page's language (BCP 47). */
  language: string;
  /** The search page's absolute URL, without a query (`publicUrl("/search")`). */
  searchUrl: string;
  /** The `@id` of the Organization that publishes it. */
  publisherId: string;
}

/** The placeholder a search engine replaces with the shopper's words. */
export const SEARCH_TERM = "search_term_string";

/**
 * The shop as a WebSite, with a SearchAction that says how to search it:
 * `{searchUrl}?q={search_term_string}`, the search page's own query parameter.
 */
export function webSiteJsonLd(facts: WebSiteFacts): WebSite {
  const search: WithActionConstraints<SearchAction> = {
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: `${facts.searchUrl}?q={${SEARCH_TERM}}` },
    "query-input": `required name=${SEARCH_TERM}`,
  };
  return {
    "@type": "WebSite",
    "@id": facts.id,
    url: facts.url,
    name: facts.name,
    inLanguage: facts.language,
    publisher: { "@id": facts.publisherId },
    potentialAction: search,
  };
}
