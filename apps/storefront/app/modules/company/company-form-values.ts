import {
  type Address,
  addressInputOf,
  type Company,
  type CompanyAddressInput,
} from "@kassa/api-client";
import type { AddressKind } from "@kassa/domain";

/**
 * The company form's starting values (A§3 Company form payload): the stored company, field by
 * field under the payload keys, so the form posts what `PUT /enad/companies/{id}/` takes.
 */
/** An address of the form: every field given; a stored one keeps its id. */
export type CompanyAddressValues = Omit<Required<CompanyAddressInput>, "id"> & { id?: string };

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
  return addressInputOf(address);
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
