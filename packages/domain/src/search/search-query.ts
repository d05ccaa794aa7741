import { z } from "zod";
import { SEARCH_MAX_TERMS, SEARCH_MESSAGES, SEARCH_QUERY_MAX_LENGTH } from "./search-limits.js";

/** The one way the search box and the search endpoint clean a query (ADR 0018). */

/**
 * A query as it is searched for and shown: Unicode NFC (so an `ö` typed as `o` + combining
 * diaeresis is one letter), without control characters, surrounding or repeated whitespace.
 */
export function normaliseSearchQuery(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The words of a query: runs of letters and digits, lower-cased, each once, at most
 * {@link SEARCH_MAX_TERMS}. Punctuation separates words (`KS1001-NVY` is `ks1001` and `nvy`).
 */
export function searchTerms(query: string): string[] {
  const words =
    normaliseSearchQuery(query)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}

/**
 * A search query: cleaned by {@link normaliseSearchQuery}, then required (it must hold a letter or
 * digit) and at most {@link SEARCH_QUERY_MAX_LENGTH} characters.
 */
export const searchQuerySchema = z
  .string({ error: SEARCH_MESSAGES.queryRequired })
  .transform(normaliseSearchQuery)
  .pipe(
    z
      .string()
      .max(SEARCH_QUERY_MAX_LENGTH, { error: SEARCH_MESSAGES.queryTooLong })
      .refine((query) => searchTerms(query).length > 0, {
        error: SEARCH_MESSAGES.queryRequired,
      }),
  );

/**
 * A query from a URL (`/search?q=…`), fit to search for: cleaned, and cut to the longest query
 * accepted rather than refused, so a long pasted text still finds something. Empty when there
 * is nothing to search for.
 */
export function searchQueryFromUrl(raw: string | null | undefined): string {
  const query = normaliseSearchQuery(raw ?? "")
    .slice(0, SEARCH_QUERY_MAX_LENGTH)
    .trim();
  return searchTerms(query).length > 0 ? query : "";
}
