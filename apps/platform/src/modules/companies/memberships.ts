import type { UserOrganisation } from "@kassa/api-client";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, organisations } from "../../db/schema.js";

/**
 * The user's organisations as the login reply and the current user carry them
 * (`UserOrganisation`: the company with the user's role and level in it), in the order the user
 * joined them. The storefront writes the first
 * one's company attributes into the cart after login (A§4), so the order is stable.
 */
export async function organisationsOf(db: Database, userId: string): Promise<UserOrganisation[]> {
  const rows = await db
    .select({ organisation: organisations, membership: organisationMembers })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisationMembers.createdAt), asc(organisations.name), asc(organisations.id));
  return rows.map(({ organisation, membership }) => ({
    id: organisation.id,
    name: organisation.name,
    status: organisation.status,
    organisation_number: organisation.organisationNumber,
    tax_id_vat_number: organisation.taxIdVatNumber,
    contact_name: organisation.contactName,
    role: membership.role,
    level: membership.level,
  }));
}
