/**
 * What a product search may ask (docs/decisions/0018-product-search.md): the limits the storefront's
 * search box and the platform's search endpoint share. Apart from `search-query.ts` (its zod
 * schema), so a browser that needs a limit does not download zod (issue 15).
 */
/** The longest query accepted, after cleaning; longer ones are refused (400) by the platform. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Only this many words of a query are searched for; the rest are ignored. */
export const SEARCH_MAX_TERMS = 8;

/** Type-ahead asks once the box holds this many characters. */
export const SEARCH_SUGGEST_MIN_LENGTH = 2;

/** Products (and categories) a type-ahead answer names by default, and at most. */
export const SEARCH_SUGGESTION_LIMIT = 6;
export const SEARCH_SUGGESTION_MAX_LIMIT = 10;

/** Error message keys (`search.errors.*` of `@kassa/i18n`). */
export const SEARCH_MESSAGES = {
  queryRequired: "search.errors.queryRequired",
  queryTooLong: "search.errors.queryTooLong",
} as const;
