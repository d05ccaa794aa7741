import type { Address, Company } from "@kassa/api-client";
import type { AddressKind } from "@kassa/domain";

/**
 * The company form's starting values (A§3 Company form payload): the stored company, field by
 * field under the payload keys, so the form posts what `PUT /enad/companies/{id}/` takes.
 */
export type CompanyAddressValues = {
  id?: string;
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
};

export type CompanyFormValues = {
  name: string;
  organisation_number: string;
  tax_id_vat_number: string;
  contact_name: string;
  email: string;
  invoice_email: string;
  phone: string;
  external_ref: string;
  billing_addresses: CompanyAddressValues[];
  shipping_addresses: CompanyAddressValues[];
};

function addressValuesOf(address: Address): CompanyAddressValues {
  return {
    id: address.id,
    name: address.name,
    company_name: address.company_name,
    street_address: address.street_address,
    co_address: address.co_address,
    city: address.city,
    state_province: address.state_province,
    house_number: address.house_number,
    postal_code: address.postal_code,
    country: address.country,
    phone: address.phone,
    is_default: address.is_default,
    shipping_type: address.shipping_type,
  };
}

export function companyFormValuesOf(company: Company): CompanyFormValues {
  return {
    name: company.name,
    organisation_number: company.organisation_number,
    tax_id_vat_number: company.tax_id_vat_number,
    contact_name: company.contact_name,
    email: company.email,
    invoice_email: company.invoice_email,
    phone: company.phone,
    external_ref: company.external_ref,
    billing_addresses: company.billing_address.map(addressValuesOf),
    shipping_addresses: company.shipping_address.map(addressValuesOf),
  };
}

/** The form's list of addresses of a kind. */
export function addressListName(kind: AddressKind): "billing_addresses" | "shipping_addresses" {
  return kind === "billing" ? "billing_addresses" : "shipping_addresses";
}

/**
 * A§4: an added address is empty and not the default, named 'Billing Address N' /
 * 'Shipping Address N' (the caller's translation); its country is the shop's market country (A§3
 * default SE).
 */
export function newAddressValues(name: string, country: string): Partial<CompanyAddressValues> {
  return { name, country, is_default: false, shipping_type: "standard" };
}
