import type { CompanyFiles } from "@kassa/api-client";
import { COMPANY_DETAILS } from "@kassa/api-client";
import { COMPANY_FILES_PAGE_SIZE, FIRST_PAGE } from "@kassa/domain";
import { z } from "zod";
import type { UserRow } from "../../db/schema.js";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { organisationsOf } from "../companies/memberships.js";
import { companyFileReplies } from "./company-file-reply.js";
import { filesOfCompanies } from "./company-files.js";
import { companyForMedia } from "./media-access.js";
import { type MediaDeps, urlContextOf } from "./media-deps.js";

/**
 * C§7 company files query (`GET /api/company-media/`): one company's files, or each company the
 * user is a member of with its files, oldest first. Every stored file is listed, hidden ones and
 * proofs included; the card leaves them out with `isListedPrintFile` (C§5). `page` and `per_page`
 * apply to each company's files (a company keeps at most one page of 200, C§9).
 */
export const companyFilesQuery = z.object({
  companyId: z.string().trim().min(1).max(MAX_ID_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(FIRST_PAGE),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMPANY_FILES_PAGE_SIZE)
    .default(COMPANY_FILES_PAGE_SIZE),
});

export type CompanyFilesInput = z.output<typeof companyFilesQuery>;

export async function listCompanyFiles(
  deps: MediaDeps,
  user: UserRow,
  query: CompanyFilesInput,
): Promise<CompanyFiles> {
  const companyIds = query.companyId
    ? [
        (
          await companyForMedia(
            deps.db,
            user,
            query.companyId,
            "view",
            COMPANY_DETAILS.companyNotFound,
          )
        ).id,
      ]
    : (await organisationsOf(deps.db, user.id)).map((organisation) => organisation.id);
  const byCompany = await filesOfCompanies(deps.db, companyIds);
  const context = urlContextOf(deps);
  const start = (query.page - 1) * query.per_page;
  return {
    companies: companyIds.map((id) => {
      const all = byCompany.get(id) ?? [];
      // A preview on this page and its original on another still get their `preview_url`.
      return {
        id,
        files: companyFileReplies(all.slice(start, start + query.per_page), context, all),
      };
    }),
    page: query.page,
    per_page: query.per_page,
  };
}
