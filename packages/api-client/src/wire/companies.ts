/**
 * Wire shapes of the company area (A§3 Company, Address; A§4): a company as it is read, and the
 * addresses it is given at organisation signup.
 */

export interface AddressInput {
  name?: string;
  company_name?: string;
  street_address: string;
  co_address?: string;
  city: string;
  state_province?: string;
  house_number?: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2, default `SE`. */
  country: string;
  phone?: string;
  /** Default true at signup, false in the company form. */
  is_default?: boolean;
  /** Default `standard`. */
  shipping_type?: string;
}

/** The fields every address carries (A§3 Address), read or written, stored or new. */
export interface AddressFields {
  name: string;
  company_name: string;
  street_address: string;
  co_address: string;
  city: string;
  state_province: string;
  house_number: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string;
}

/** A stored address (A§3 Address). */
export interface Address extends AddressFields {
  id: string;
  company_id: string;
  is_default: boolean;
  shipping_type: string;
  created_at: string;
  updated_at: string;
}

/** A§3 Company (read). */
export interface Company {
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
  billing_address: Address[];
  shipping_address: Address[];
  is_inactive: boolean;
  is_credit_valid: boolean;
}

// ---------------------------------------------------------------------------------------------
// The company area's calls (A§3 lists, A§7; paths in the platform's API.md, "Companies")

/** An address as the company form sends it: an existing one keeps its `id`, a new one has none. */
export interface CompanyAddressInput extends AddressInput {
  id?: string;
}

/**
 * `PUT /enad/companies/{id}/`: the company form's payload keys (A§3). `name`,
 * `organisation_number` and `tax_id_vat_number` are read-only: the server keeps its own values
 * whatever is sent. The address lists replace the company's addresses: an entry with a known `id`
 * updates that address, one without an `id` adds one, and an address left out is removed.
 */
export interface CompanyUpdatePayload {
  billing_addresses: CompanyAddressInput[];
  shipping_addresses: CompanyAddressInput[];
  contact_name: string;
  custom_fields?: Record<string, string>;
  email: string;
  external_ref?: string;
  invoice_email?: string;
  name: string;
  organisation_number: string;
  phone: string;
  store_groups?: string[];
  tax_id_vat_number: string;
}

/** The answer of a company update: success is a company with an id (A§7). */
export interface CompanyUpdated {
  company: Company;
}

/** `GET /enad/companies/` query (A§7, A§9: `per_page` 10, first page 1). */
export interface CompanyListQuery {
  page?: number;
  per_page?: number;
  search?: string;
}

/** A§3: the company list. */
export interface CompanyList {
  companies: Company[];
  page: number;
  total: number;
  total_pages: number;
}

/** A§3 Organisation user. */
export interface OrganisationUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  market: string;
  email_verified: boolean;
  role: "customer" | "agent";
  level: "admin" | "default";
}

/** `GET /enad/companies/{id}/users/` query. */
export interface CompanyUserListQuery {
  page?: number;
  per_page?: number;
  search?: string;
  /**
   * Only whom the customer card may name as an order's contact person (A§4: users with role
   * customer, plus the caller), filtered before the page is cut.
   */
  contacts?: boolean;
}

/** A§3: the company user list. */
export interface CompanyUserList {
  items: OrganisationUser[];
  page: number;
  total_items: number;
  total_pages: number;
}

/** A§3: the company user list refused (403): `message: 'Unauthorized'` with `details`. */
export interface CompanyUserListRefused {
  message: "Unauthorized";
  details: string;
}

/** `DELETE /enad/companies/{id}/users/{userId}/`: A§7 "response needs success". */
export interface CompanyUserRemoved {
  success: true;
  message: string;
}

/**
 * The `details` (and `error`) texts of the company calls' refusals, kept exactly; the storefront
 * shows A§8's texts around them.
 */
export const COMPANY_DETAILS = {
  /** The caller may not do this with this company (or the company does not exist for them). */
  unauthorized: "Unauthorized",
  /** A user tried to remove themselves (A§6). */
  cannotRemoveSelf: "You cannot remove yourself",
  /** The company does not exist, or the caller may not see it (404 either way). */
  companyNotFound: "company not found",
  /** The user to remove is not a member of the company. */
  userNotInCompany: "User is not a member of this company",
} as const;
