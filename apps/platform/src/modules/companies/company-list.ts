import type { CompanyList } from "@kassa/api-client";
import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, organisations, type UserRow } from "../../db/schema.js";
import { companyReplies } from "./companies.js";
import { type CompanyPageQuery, containsPattern, offsetOf, pageCount } from "./company-paging.js";

/**
 * `GET /enad/companies/` (A§4, A§7): the companies the caller may see, by name. A super admin sees
 * every company (A§6 "sees all companies via paged search"); anyone else the organisations they
 * are a member of, in any role (`companyRightsOf`: every membership may view).
 */

/**
 * `search` matches the name or the organisation number, case-blind. Organisation numbers are stored
 * without hyphens (A§5), so `556677-8899`, as people write them, also finds `5566778899`.
 */
function searchCondition(search: string): SQL | undefined {
  if (search === "") return undefined;
  const compact = search.replace(/[\s-]/g, "");
  return or(
    ilike(organisations.name, containsPattern(search)),
    ilike(organisations.organisationNumber, containsPattern(search)),
    compact !== "" && compact !== search
      ? ilike(organisations.organisationNumber, containsPattern(compact))
      : undefined,
  );
}

/** The caller's organisations: the membership table's primary key starts with the user id. */
function membershipCondition(db: Database, user: UserRow): SQL | undefined {
  if (user.isSuperAdmin) return undefined;
  return inArray(
    organisations.id,
    db
      .select({ id: organisationMembers.organisationId })
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, user.id)),
  );
}

export async function listCompanies(
  db: Database,
  user: UserRow,
  query: CompanyPageQuery,
): Promise<CompanyList> {
  const where = and(membershipCondition(db, user), searchCondition(query.search));
  const [counted] = await db.select({ total: count() }).from(organisations).where(where);
  const total = counted?.total ?? 0;
  const rows =
    offsetOf(query) < total
      ? await db
          .select()
          .from(organisations)
          .where(where)
          .orderBy(asc(organisations.name), asc(organisations.id))
          .limit(query.per_page)
          .offset(offsetOf(query))
      : [];
  return {
    companies: await companyReplies(db, rows),
    page: query.page,
    total,
    total_pages: pageCount(total, query.per_page),
  };
}
