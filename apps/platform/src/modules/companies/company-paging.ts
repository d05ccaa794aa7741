import { COMPANY_PAGE_SIZE, FIRST_PAGE } from "@kassa/domain";
import { z } from "zod";

/**
 * The query of the company area's lists (A§7: `page`, `per_page`, `search`; A§9: 10 a page, first
 * page 1). A value that is not a whole number in range answers 400, as the other lists of this API
 * do; a page past the end answers an empty page with the true totals.
 */

/** A screen pages by 10; a caller that wants more gets at most this many. */
export const MAX_COMPANY_PER_PAGE = 50;

export const companyPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(FIRST_PAGE),
  per_page: z.coerce.number().int().min(1).max(MAX_COMPANY_PER_PAGE).default(COMPANY_PAGE_SIZE),
  /** Empty (or only spaces) means no search. */
  search: z.string().trim().max(100).default(""),
});

export type CompanyPageQuery = z.output<typeof companyPageQuery>;

/**
 * The users list's query: the page, and `contacts=true` for only the contact persons of the
 * customer card (A§4: role customer, plus the caller).
 */
export const companyUsersQuery = companyPageQuery.extend({
  // A query string says "true" or "false"; the wire type (`CompanyUserListQuery`) a boolean.
  contacts: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((value) => value === true || value === "true"),
});

/** `total_pages`: 0 when nothing matches. */
export function pageCount(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

export function offsetOf(query: CompanyPageQuery): number {
  return (query.page - 1) * query.per_page;
}

/** `%text%` for `ILIKE`, with the pattern's own characters (`%`, `_`, `\`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
