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

/** A stored address (A§3 Address). */
export interface Address {
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
