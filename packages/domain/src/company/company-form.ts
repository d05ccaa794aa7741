import { z } from "zod";
import { isEmailAddress } from "../account/email.js";
import {
  DEFAULT_PHONE_COUNTRY,
  isValidPhoneNumber,
  normalisePhoneInput,
} from "../account/phone.js";
import { formCheckbox, ifNoIssueYet } from "../forms/form-values.js";
import { isCountryCode } from "../market/country-code.js";
import { COMPANY_VALIDATION as V } from "./company-messages.js";

/**
 * The company form (A§3 Company form payload, A§5 table) and the customer card's new address
 * (A§5 "New address (card)"). Field names are the payload keys of `PUT /enad/companies/{id}/`, so
 * the same schema checks the storefront's form post and the platform's request body. Messages are
 * translation keys; `companyValidationText` gives the spec's English text for the server.
 *
 * `name`, `organisation_number` and `tax_id_vat_number` are read-only (A§5): the schema takes them
 * as they come (the server keeps its own), but the name's length rule of the table still applies.
 */

export type AddressKind = "billing" | "shipping";

/** At most this many addresses of each kind: a company form, not an address book import. */
export const MAX_COMPANY_ADDRESSES = 20;

/** Trimmed text; missing becomes `""`. */
function text(max = 200) {
  return z.preprocess((value) => (value == null ? "" : value), z.string().trim().max(max));
}

/** Trimmed text that must not be empty. */
function required(message: string, max = 200) {
  return z.preprocess(
    (value) => (value == null ? "" : value),
    z.string({ error: message }).trim().min(1, { error: message }).max(max),
  );
}

/**
 * A phone number as typed: without a leading `+` it gets the country's calling code, leading
 * zeros removed (A§5 phone input; default country SE). Empty stays empty.
 */
function phone(message: string, country: string = DEFAULT_PHONE_COUNTRY) {
  return z.preprocess(
    (value) => (typeof value === "string" ? normalisePhoneInput(value, country) : ""),
    z
      .string()
      .min(1, { error: message })
      .max(30)
      .refine(isValidPhoneNumber, { error: V.phoneInvalid.key, ...ifNoIssueYet }),
  );
}

const country = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z
    .string({ error: V.countryRequired.key })
    .min(1, { error: V.countryRequired.key })
    .refine(isCountryCode, { error: V.countryRequired.key, ...ifNoIssueYet }),
);

/** An address of the company form (A§5): street, city, postal code, country and phone required. */
export function companyAddressSchema(kind: AddressKind) {
  return z.object({
    /** A stored address keeps its id; a new one has none. */
    id: z.preprocess((value) => (value === "" ? undefined : value), z.string().max(100).optional()),
    name: text(),
    company_name: text(),
    street_address: required(V.streetAddressRequired.key),
    co_address: text(),
    city: required(V.cityRequired.key, 100),
    state_province: kind === "shipping" ? required(V.stateProvinceRequired.key, 100) : text(100),
    house_number: text(20),
    postal_code: required(V.postalCodeRequired.key, 20),
    country,
    phone: phone(V.addressPhoneRequired.key),
    /** A§3: false in the company form unless ticked. */
    is_default: formCheckbox(),
    shipping_type: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value : "standard"),
      z.string().trim().max(50),
    ),
  });
}

export type CompanyAddressForm = z.output<ReturnType<typeof companyAddressSchema>>;

function addressList(kind: AddressKind, message: string) {
  return z.preprocess(
    (value) => (value == null ? [] : value),
    z.array(companyAddressSchema(kind)).min(1, { error: message }).max(MAX_COMPANY_ADDRESSES),
  );
}

/** A§5: the company form, with the table's rules and messages. */
export const companyFormSchema = z.object({
  billing_addresses: addressList("billing", V.billingAddressesRequired.key),
  shipping_addresses: addressList("shipping", V.shippingAddressesRequired.key),
  contact_name: z.preprocess(
    (value) => (value == null ? "" : value),
    z.string().trim().min(2, { error: V.contactNameMin.key }).max(200),
  ),
  custom_fields: z
    .record(z.string().max(100), z.string().max(1000))
    .refine((fields) => Object.keys(fields).length <= 50)
    .default({}),
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : ""),
    z.string().max(254).refine(isEmailAddress, { error: V.emailInvalid.key }),
  ),
  external_ref: text(),
  invoice_email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : ""),
    z
      .string()
      .max(254)
      .refine((value) => value === "" || isEmailAddress(value), {
        error: V.invoiceEmailInvalid.key,
      }),
  ),
  name: z.preprocess(
    (value) => (value == null ? "" : value),
    z.string().trim().min(2, { error: V.nameMin.key }).max(200),
  ),
  organisation_number: text(50),
  phone: phone(V.phoneRequired.key),
  store_groups: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  tax_id_vat_number: text(50),
});

export type CompanyForm = z.output<typeof companyFormSchema>;

/** A§5 "New address (card)": company name, street, city, state/province, zip and country required. */
export const newAddressSchema = z.object({
  /** The location's name, optional. */
  name: text(),
  company_name: required(V.companyNameRequired.key),
  street_address: required(V.streetAddressRequired.key),
  city: required(V.cityRequired.key, 100),
  state_province: required(V.stateProvinceRequired.key, 100),
  postal_code: required(V.postalCodeRequired.key, 20),
  country,
});

export type NewAddressForm = z.output<typeof newAddressSchema>;
