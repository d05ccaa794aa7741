import { describe, expect, it } from "vitest";
import { SEARCH_MAX_TERMS, SEARCH_MESSAGES, SEARCH_QUERY_MAX_LENGTH } from "./search-limits.js";
import {
  normaliseSearchQuery,
  searchQueryFromUrl,
  searchQuerySchema,
  searchTerms,
} from "./search-query.js";

describe("normaliseSearchQuery", () => {
  it("joins a decomposed ö into one letter and tidies whitespace", () => {
    expect(normaliseSearchQuery("  tro\u0308ja \t  blå\n")).toBe("tröja blå");
  });

  it("turns control and format characters into spaces", () => {
    expect(normaliseSearchQuery("ull\u0000tröja\u200bfjäll")).toBe("ull tröja fjäll");
  });
});

describe("searchTerms", () => {
  it("splits on punctuation, lower-cases and drops repeats", () => {
    expect(searchTerms("KS1001-NVY, Ulltröja ulltröja")).toEqual(["ks1001", "nvy", "ulltröja"]);
  });

  it("keeps Finnish letters and digits", () => {
    expect(searchTerms("Käsineet 3 kpl")).toEqual(["käsineet", "3", "kpl"]);
  });

  it("keeps at most SEARCH_MAX_TERMS words", () => {
    const many = Array.from({ length: 20 }, (_, index) => `w${index}`).join(" ");
    expect(searchTerms(many)).toHaveLength(SEARCH_MAX_TERMS);
  });

  it("finds no words in punctuation", () => {
    expect(searchTerms(" -- ,. ")).toEqual([]);
  });
});

describe("searchQuerySchema", () => {
  it("answers the cleaned query", () => {
    expect(searchQuerySchema.parse("  mössa  ")).toBe("mössa");
  });

  it("refuses an empty query or one of punctuation only", () => {
    for (const query of ["", "   ", "?!"]) {
      const result = searchQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SEARCH_MESSAGES.queryRequired);
    }
  });

  it("refuses a query longer than the limit", () => {
    const result = searchQuerySchema.safeParse("a".repeat(SEARCH_QUERY_MAX_LENGTH + 1));
    expect(result.error?.issues[0]?.message).toBe(SEARCH_MESSAGES.queryTooLong);
    expect(searchQuerySchema.safeParse("a".repeat(SEARCH_QUERY_MAX_LENGTH)).success).toBe(true);
  });

  it("refuses what is not a string", () => {
    expect(searchQuerySchema.safeParse(42).success).toBe(false);
  });
});

describe("searchQueryFromUrl", () => {
  it("cuts a long query instead of refusing it", () => {
    expect(searchQueryFromUrl(`${"pläd ".repeat(40)}`)).toHaveLength(SEARCH_QUERY_MAX_LENGTH - 1);
  });

  it("answers an empty string for nothing to search", () => {
    expect(searchQueryFromUrl(null)).toBe("");
    expect(searchQueryFromUrl(" ... ")).toBe("");
  });
});
