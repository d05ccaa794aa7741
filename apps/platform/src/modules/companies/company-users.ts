import type { CompanyUserList, OrganisationUser } from "@kassa/api-client";
import { and, asc, count, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, users } from "../../db/schema.js";
import { type CompanyPageQuery, containsPattern, offsetOf, pageCount } from "./company-paging.js";

/**
 * `GET /enad/companies/{id}/users/` (A§3 Organisation user, A§7): a company's users with their
 * role and level in it, by last name, first name. The caller's right to list them is checked by
 * the route (`companyAccessOf`). Both queries start from the membership index on the company.
 *
 * `contacts=true` lists only whom the customer card may name as an order's contact person (A§4:
 * users with role customer, plus the caller): filtered here, before the count and the page, so
 * every page holds `per_page` of them and `total_pages` counts only them.
 */

function searchCondition(search: string): SQL | undefined {
  if (search === "") return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.email, pattern),
  );
}

export async function listCompanyUsers(
  db: Database,
  companyId: string,
  query: CompanyPageQuery,
  /** Only the contact persons the caller (this user id) may choose from (A§4). */
  contactsFor?: string,
): Promise<CompanyUserList> {
  const where = and(
    eq(organisationMembers.organisationId, companyId),
    // A deletion takes the memberships away too; this keeps a half-deleted row out all the same.
    ne(users.status, "deleted"),
    searchCondition(query.search),
    contactsFor === undefined
      ? undefined
      : or(eq(organisationMembers.role, "customer"), eq(users.id, contactsFor)),
  );
  const [counted] = await db
    .select({ total: count() })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows =
    offsetOf(query) < total
      ? await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            market: users.market,
            emailVerified: users.emailVerified,
            role: organisationMembers.role,
            level: organisationMembers.level,
          })
          .from(organisationMembers)
          .innerJoin(users, eq(users.id, organisationMembers.userId))
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(query.per_page)
          .offset(offsetOf(query))
      : [];
  return {
    items: rows.map(
      (row): OrganisationUser => ({
        id: row.id,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        market: row.market,
        email_verified: row.emailVerified,
        role: row.role,
        level: row.level,
      }),
    ),
    page: query.page,
    total_items: total,
    total_pages: pageCount(total, query.per_page),
  };
}
