export {
  SEARCH_MAX_TERMS,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SUGGEST_MIN_LENGTH,
  SEARCH_SUGGESTION_LIMIT,
  SEARCH_SUGGESTION_MAX_LIMIT,
} from "./search-limits.js";
export {
  normaliseSearchQuery,
  searchQueryFromUrl,
  searchQuerySchema,
  searchTerms,
} from "./search-query.js";
