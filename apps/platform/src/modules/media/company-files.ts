import { isListedPrintFile } from "@kassa/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type CompanyFileRow, companyFiles, organisations } from "../../db/schema.js";

/**
 * Reading a company's files (C§3 company file). Every query names the company, so a file id from
 * another company finds nothing (ADR 0014: a 404, never a 403).
 */

/** What a transaction of this module's callers is: the database or one of its transactions. */
export type Queryable = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * C§9: a company's files fit on one page of the company files query. The card lists at most ten
 * (C§5); the rest are their previews and the proofs and hidden files the card does not show, which
 * this bounds, so that no company can fill the disk.
 */
export const MAX_STORED_FILES_PER_COMPANY = 200;

/** The files of some companies, each company's oldest first. */
export async function filesOfCompanies(
  db: Queryable,
  companyIds: readonly string[],
): Promise<Map<string, CompanyFileRow[]>> {
  const byCompany = new Map<string, CompanyFileRow[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select()
    .from(companyFiles)
    .where(inArray(companyFiles.companyId, [...companyIds]))
    .orderBy(asc(companyFiles.companyId), asc(companyFiles.position));
  for (const row of rows) byCompany.get(row.companyId)?.push(row);
  return byCompany;
}

/** One company's files, oldest first. */
export async function filesOfCompany(db: Queryable, companyId: string): Promise<CompanyFileRow[]> {
  return (await filesOfCompanies(db, [companyId])).get(companyId) ?? [];
}

/** The company's file with this id, or undefined (also for another company's file). */
export async function findCompanyFile(
  db: Queryable,
  companyId: string,
  id: string,
): Promise<CompanyFileRow | undefined> {
  const [row] = await db
    .select()
    .from(companyFiles)
    .where(and(eq(companyFiles.companyId, companyId), eq(companyFiles.id, id)));
  return row;
}

/** C§7 PUT: the company's file of this name, without regard to case. */
export async function findCompanyFileByName(
  db: Queryable,
  companyId: string,
  filename: string,
): Promise<CompanyFileRow | undefined> {
  const [row] = await db
    .select()
    .from(companyFiles)
    .where(
      and(
        eq(companyFiles.companyId, companyId),
        sql`lower(${companyFiles.filename}) = lower(${filename})`,
      ),
    );
  return row;
}

/** The PNG previews drawn from these files (`custom_fields.preview_for`). */
export async function previewsOf(
  db: Queryable,
  companyId: string,
  ids: readonly string[],
): Promise<CompanyFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(companyFiles)
    .where(
      and(
        eq(companyFiles.companyId, companyId),
        inArray(sql`${companyFiles.customFields}->>'preview_for'`, [...ids]),
      ),
    );
}

/**
 * Takes the company's row lock for the rest of the transaction: uploads, detail changes and
 * removals of one company's files run one after the other, so the count and the one primary logo
 * hold however many requests arrive at once. False when the company is gone.
 */
export async function lockCompany(tx: Queryable, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, companyId))
    .for("update");
  return row !== undefined;
}

/** C§5: whether the card lists a stored file (not a proof, not hidden). */
export function isListed(row: Pick<CompanyFileRow, "filename" | "customFields">): boolean {
  return isListedPrintFile({ filename: row.filename, custom_fields: row.customFields });
}
