import type { Address, Company } from "@kassa/api-client";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type AddressRow, addresses, type OrganisationRow } from "../../db/schema.js";

/** A stored address (A§3 Address). */
export function addressReply(row: AddressRow): Address {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    company_name: row.companyName,
    street_address: row.streetAddress,
    co_address: row.coAddress,
    city: row.city,
    state_province: row.stateProvince,
    house_number: row.houseNumber,
    postal_code: row.postalCode,
    country: row.country,
    phone: row.phone,
    is_default: row.isDefault,
    shipping_type: row.shippingType,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A company as it is read (A§3 Company), given its addresses in their stored order. */
function companyOf(company: OrganisationRow, rows: readonly AddressRow[]): Company {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    invoice_email: company.invoiceEmail,
    phone: company.phone,
    organisation_number: company.organisationNumber,
    credit_check: company.creditCheck,
    contact_name: company.contactName,
    tax_id_vat_number: company.taxIdVatNumber,
    external_ref: company.externalRef,
    status: company.status,
    store_groups: company.storeGroups,
    custom_fields: company.customFields,
    attribute_ids: company.attributeIds,
    billing_address: rows.filter((row) => row.kind === "billing").map(addressReply),
    shipping_address: rows.filter((row) => row.kind === "shipping").map(addressReply),
    // A§4: "a selected company is inactive when its status is not 'active'".
    is_inactive: company.status !== "active",
    is_credit_valid: company.isCreditValid,
  };
}

/** The fields of an address as written: the signup's, the company form's. */
interface AddressWrite {
  name: string;
  company_name: string;
  street_address: string;
  co_address: string;
  city: string;
  state_province: string;
  house_number: string;
  postal_code: string;
  country: string;
  phone: string;
  is_default: boolean;
  shipping_type: string;
}

/** An address's columns from the wire's fields (the inverse of `addressReply`). */
export function addressColumns(input: AddressWrite) {
  return {
    name: input.name,
    companyName: input.company_name,
    streetAddress: input.street_address,
    coAddress: input.co_address,
    city: input.city,
    stateProvince: input.state_province,
    houseNumber: input.house_number,
    postalCode: input.postal_code,
    country: input.country,
    phone: input.phone,
    isDefault: input.is_default,
    shippingType: input.shipping_type,
  };
}

/**
 * A company as it is read (A§3 Company), with its addresses, billing and shipping apart, each in
 * the order given.
 */
export async function companyReply(db: Database, company: OrganisationRow): Promise<Company> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, company.id))
    .orderBy(asc(addresses.position));
  return companyOf(company, rows);
}

/** Several companies as they are read, in the order given: one address query for all of them. */
export async function companyReplies(
  db: Database,
  companies: readonly OrganisationRow[],
): Promise<Company[]> {
  if (companies.length === 0) return [];
  const rows = await db
    .select()
    .from(addresses)
    .where(
      inArray(
        addresses.companyId,
        companies.map((company) => company.id),
      ),
    )
    .orderBy(asc(addresses.position));
  return companies.map((company) =>
    companyOf(
      company,
      rows.filter((row) => row.companyId === company.id),
    ),
  );
}
