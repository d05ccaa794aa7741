import { randomUUID } from "node:crypto";
import type { AddressKind, CompanyAddressForm, CompanyForm } from "@kassa/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type AddressRow,
  addresses,
  type OrganisationRow,
  organisations,
} from "../../db/schema.js";
import { badRequest } from "../../http/http-error.js";
import { addressColumns } from "./companies.js";
import { COMPANY_TEXTS } from "./company-texts.js";

/**
 * `PUT /enad/companies/{id}/` after the route has checked the caller's right to edit (A§6) and
 * validated the body with `companyFormSchema` (A§5). ADR 0013:
 *
 * - `name`, `organisation_number` and `tax_id_vat_number` are read-only: the stored ones stay.
 * - **Choice:** `store_groups` stay too. A company's store group is its price list; the back
 *   office sets it (signup: `business`), not the company's own admin.
 * - **Choice:** the keys the wire marks optional (`invoice_email`, `external_ref`,
 *   `custom_fields`) keep their stored value when the body leaves them out, so a client that does
 *   not know them cannot wipe them; sent, they replace it (`""` clears an invoice email).
 * - Each address list replaces the company's addresses of that kind, in one transaction with the
 *   company: an entry with the id of one of them updates it, one without an id adds one, and the
 *   ones left out are removed. The list's order is the order they are read in.
 */

/** Keys of the body that are optional on the wire; only these can be "left out". */
export type OptionalCompanyKey = "invoice_email" | "external_ref" | "custom_fields";

type AddressFields = ReturnType<typeof addressColumns>;

function changes(stored: AddressRow, fields: AddressFields): boolean {
  return (Object.keys(fields) as (keyof AddressFields)[]).some(
    (key) => stored[key] !== fields[key],
  );
}

/**
 * Every address id of the body that is not one of the company's addresses of that kind, or that
 * comes twice, as `path: text` errors. Checked before anything is written.
 */
function addressIdErrors(form: CompanyForm, stored: readonly AddressRow[]): string[] {
  const errors: string[] = [];
  const lists = [
    ["billing", "billing_addresses", form.billing_addresses],
    ["shipping", "shipping_addresses", form.shipping_addresses],
  ] as const;
  for (const [kind, path, entries] of lists) {
    const known = new Set(stored.filter((row) => row.kind === kind).map((row) => row.id));
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (entry.id === undefined) return;
      if (!known.has(entry.id)) {
        errors.push(`${path}.${index}.id: ${COMPANY_TEXTS.addressNotFound}`);
      } else if (seen.has(entry.id)) {
        errors.push(`${path}.${index}.id: ${COMPANY_TEXTS.addressRepeated}`);
      }
      seen.add(entry.id);
    });
  }
  return errors;
}

/**
 * `position = DEFAULT`: the identity column's next value. Drizzle's types leave generated columns
 * out of an update's set; the statement itself takes it as written.
 */
const NEXT_POSITION = { position: sql`DEFAULT` } as Record<never, never>;

async function replaceAddresses(
  tx: Database,
  companyId: string,
  kind: AddressKind,
  entries: readonly CompanyAddressForm[],
  stored: readonly AddressRow[],
  now: Date,
): Promise<void> {
  const byId = new Map(stored.filter((row) => row.kind === kind).map((row) => [row.id, row]));
  const kept = new Set(entries.flatMap((entry) => (entry.id ? [entry.id] : [])));
  const removed = [...byId.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) await tx.delete(addresses).where(inArray(addresses.id, removed));
  // In the list's order: each address takes the next value of the position sequence (an identity
  // column can only be set to DEFAULT), so reading by position gives the list back as sent.
  for (const entry of entries) {
    const fields = addressColumns(entry);
    const current = entry.id ? byId.get(entry.id) : undefined;
    if (current) {
      await tx
        .update(addresses)
        .set({
          ...fields,
          ...NEXT_POSITION,
          updatedAt: changes(current, fields) ? now : current.updatedAt,
        })
        .where(and(eq(addresses.id, current.id), eq(addresses.companyId, companyId)));
    } else {
      await tx.insert(addresses).values({
        id: randomUUID(),
        companyId,
        kind,
        ...fields,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
}

export async function updateCompany(
  db: Database,
  companyId: string,
  form: CompanyForm,
  sent: ReadonlySet<OptionalCompanyKey>,
  now: Date,
): Promise<OrganisationRow> {
  return db.transaction(async (tx) => {
    // Locked: two saves of one company replace its addresses one after the other, never mixed.
    const [company] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, companyId))
      .for("update");
    if (!company) throw new Error(`Company ${companyId} went away during its update`);
    const stored = await tx.select().from(addresses).where(eq(addresses.companyId, companyId));
    const errors = addressIdErrors(form, stored);
    if (errors.length > 0) throw badRequest("The request body is invalid", errors);

    await replaceAddresses(tx, companyId, "billing", form.billing_addresses, stored, now);
    await replaceAddresses(tx, companyId, "shipping", form.shipping_addresses, stored, now);
    const [updated] = await tx
      .update(organisations)
      .set({
        contactName: form.contact_name,
        email: form.email,
        phone: form.phone,
        ...(sent.has("invoice_email") ? { invoiceEmail: form.invoice_email } : {}),
        ...(sent.has("external_ref") ? { externalRef: form.external_ref } : {}),
        ...(sent.has("custom_fields") ? { customFields: form.custom_fields } : {}),
        updatedAt: now,
      })
      .where(eq(organisations.id, companyId))
      .returning();
    if (!updated) throw new Error(`Company ${companyId} went away during its update`);
    return updated;
  });
}
