import { companyRightsOf } from "@kassa/domain";
import type { Database } from "../../db/open-database.js";
import type { OrganisationRow, UserRow } from "../../db/schema.js";
import { companyAccessOf } from "../companies/company-access.js";
import { organisationsOf } from "../companies/memberships.js";
import { companyNotFound, type MediaOperation, notAllowed } from "./media-errors.js";

/**
 * Who may do what with a company's files (C§6, ADR 0014), decided by `companyRightsOf` of
 * `@kassa/domain` over the memberships stored now, as for the company itself (ADR 0013): whoever
 * may see the company lists, previews and downloads its files; whoever may edit it (its admins and
 * super admins) uploads, changes and deletes them.
 */

/**
 * The company, when the caller may do what is asked with its files. A company they may not see
 * (or that does not exist) answers 404 `company not found`; one they see but may not change, 403.
 */
export async function companyForMedia(
  db: Database,
  user: UserRow,
  companyId: string,
  need: "view" | "edit",
  operation: MediaOperation,
): Promise<OrganisationRow> {
  const { company, rights } = await companyAccessOf(db, user, companyId);
  if (!company || !rights.canView) throw companyNotFound(operation);
  if (need === "edit" && !rights.canEdit) throw notAllowed(operation);
  return company;
}

/**
 * Whether the user could post files somewhere: the admins of some company and super admins. The
 * uploads' gate (`upload-gate.ts`) asks it before a byte of an upload's body is read, and it is
 * the whole rule of `POST /api/eps-convert`, since a conversion costs a process.
 */
export async function mayPostFiles(db: Database, user: UserRow): Promise<boolean> {
  if (user.isSuperAdmin) return true;
  const memberships = await organisationsOf(db, user.id);
  const viewer = { id: user.id, isSuperAdmin: user.isSuperAdmin, organisations: memberships };
  return memberships.some((membership) => companyRightsOf(viewer, membership.id).canEdit);
}
