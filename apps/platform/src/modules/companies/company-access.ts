import { COMPANY_DETAILS } from "@kassa/api-client";
import { type CompanyRights, companyRightsOf } from "@kassa/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type OrganisationRow,
  organisationMembers,
  organisations,
  type UserRow,
} from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";

/**
 * What the caller may do with one company (A§6, ADR 0013), decided on every call by
 * `companyRightsOf` of `@kassa/domain` (the table the storefront hides its buttons with), from the
 * caller's membership as the database holds it now and `is_super_admin` of their user row. A
 * removed membership therefore takes effect on the very next call, whatever token the user holds.
 */
export interface CompanyAccess {
  rights: CompanyRights;
  /** The company, when it exists; null for an unknown id. */
  company: OrganisationRow | null;
}

export async function companyAccessOf(
  db: Database,
  user: UserRow,
  companyId: string,
): Promise<CompanyAccess> {
  // One indexed read (the membership's primary key): only this company's membership can matter.
  const [row] = await db
    .select({
      company: organisations,
      role: organisationMembers.role,
      level: organisationMembers.level,
    })
    .from(organisations)
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationId, organisations.id),
        eq(organisationMembers.userId, user.id),
      ),
    )
    .where(eq(organisations.id, companyId));
  const membership =
    row?.role && row.level ? [{ id: companyId, role: row.role, level: row.level }] : [];
  const rights = companyRightsOf(
    { id: user.id, isSuperAdmin: user.isSuperAdmin, organisations: membership },
    companyId,
  );
  return { rights, company: row?.company ?? null };
}

/**
 * The company, when the caller may see it. Any other case, an unknown id included, answers 404
 * `company not found`: an id is no proof that a company exists (ADR 0013).
 */
export async function visibleCompany(
  db: Database,
  user: UserRow,
  companyId: string,
): Promise<{ company: OrganisationRow; rights: CompanyRights }> {
  const { rights, company } = await companyAccessOf(db, user, companyId);
  if (!company || !rights.canView) {
    throw new BusinessFailure(404, COMPANY_DETAILS.companyNotFound);
  }
  return { company, rights };
}

/** A§3's refusal `{message: 'Unauthorized', details: <why>}` with 403. */
export function unauthorizedBecause(why: string): BusinessFailure {
  return new BusinessFailure(403, why, { message: COMPANY_DETAILS.unauthorized });
}
