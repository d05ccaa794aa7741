import { addressInputOf, type Company, type CompanyUpdatePayload } from "@kassa/api-client";
import type { TestPlatform } from "./test-platform.js";

/** `/enad/companies/{id}/` and below, with the id as a path segment. */
export function companyPath(companyId: string, rest = ""): string {
  return `/enad/companies/${encodeURIComponent(companyId)}/${rest}`;
}

/** The company form's payload for a company as read: saving it changes nothing. */
export function formPayloadOf(company: Company): CompanyUpdatePayload {
  return {
    billing_addresses: company.billing_address.map(addressInputOf),
    shipping_addresses: company.shipping_address.map(addressInputOf),
    contact_name: company.contact_name,
    custom_fields: company.custom_fields,
    email: company.email,
    external_ref: company.external_ref,
    invoice_email: company.invoice_email,
    name: company.name,
    organisation_number: company.organisation_number,
    phone: company.phone,
    store_groups: company.store_groups,
    tax_id_vat_number: company.tax_id_vat_number,
  };
}

/** Reads a company as a caller who may see it; throws otherwise. */
export async function readCompany(
  platform: TestPlatform,
  token: string,
  companyId: string,
): Promise<Company> {
  const { status, body, text } = await platform.request<Company>("GET", companyPath(companyId), {
    token,
  });
  if (status !== 200) throw new Error(`GET company answered ${status}: ${text}`);
  return body;
}

/** The value, or a failed test: for list entries the test knows are there. */
export function present<T>(value: T | undefined, what = "value"): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
