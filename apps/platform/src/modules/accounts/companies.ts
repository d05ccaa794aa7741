import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type AddressRow, addresses, type OrganisationRow } from "../../db/schema.js";

/** A stored address (`Address` of the wire contract, A§3). */
export interface AddressReply {
  id: string;
  company_id: string;
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
  created_at: string;
  updated_at: string;
}

/** A company as it is read (`Company` of the wire contract, A§3). */
export interface CompanyReply {
  id: string;
  name: string;
  email: string;
  invoice_email: string;
  phone: string;
  organisation_number: string;
  credit_check: boolean;
  contact_name: string;
  tax_id_vat_number: string;
  external_ref: string;
  status: string;
  store_groups: string[];
  custom_fields: Record<string, string>;
  attribute_ids: string[];
  billing_address: AddressReply[];
  shipping_address: AddressReply[];
  is_inactive: boolean;
  is_credit_valid: boolean;
}

export function addressReply(row: AddressRow): AddressReply {
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

/** The company with its addresses, billing and shipping apart, each in the order given. */
export async function companyReply(db: Database, company: OrganisationRow): Promise<CompanyReply> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, company.id))
    .orderBy(asc(addresses.position));
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
