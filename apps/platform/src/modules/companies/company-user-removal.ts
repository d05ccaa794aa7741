import { COMPANY_DETAILS } from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, type UserRow } from "../../db/schema.js";
import { HttpError, notFound } from "../../http/http-error.js";

/**
 * `DELETE /enad/companies/{id}/users/{userId}/` after the route has checked the caller's right to
 * remove users (A§6: admins and super admins). Takes the membership away, never the account
 * (ADR 0013): the user keeps their login, their other companies and their orders; they no longer
 * see this company from their next call on, since every company call reads memberships afresh.
 */
export async function removeCompanyUser(
  db: Database,
  caller: UserRow,
  companyId: string,
  userId: string,
): Promise<void> {
  // A§6: nobody removes themselves, super admins included.
  if (userId === caller.id) {
    throw new HttpError(400, COMPANY_DETAILS.cannotRemoveSelf, COMPANY_DETAILS.cannotRemoveSelf);
  }
  // One statement: two removals of the same user cannot both succeed.
  const removed = await db
    .delete(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, companyId),
        eq(organisationMembers.userId, userId),
      ),
    )
    .returning({ userId: organisationMembers.userId });
  if (removed.length === 0) throw notFound(COMPANY_DETAILS.userNotInCompany);
}
