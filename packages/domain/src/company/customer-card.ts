import { cleanOrganisationNumber } from "../account/organisation-number.js";

/**
 * The customer-information card's rules (A§4 "Customer card selection"): who may be the contact
 * person, which addresses a company starts with, whether the company picker is usable, and the
 * customer reference the cart is sent.
 */

export interface CustomerCardUser {
  id: string;
  first_name: string;
  last_name: string;
  role: "customer" | "agent";
}

/** The contact persons: the company's users with role customer, plus the ordering agent. */
export function contactCandidates<User extends CustomerCardUser>(
  users: readonly User[],
  selfId: string,
): User[] {
  return users.filter((user) => user.role === "customer" || user.id === selfId);
}

/** The address a company change picks: the first default one, else the first. */
export function defaultAddressOf<Address extends { is_default: boolean }>(
  addresses: readonly Address[],
): Address | undefined {
  return addresses.find((address) => address.is_default) ?? addresses[0];
}

/** A§4: the picker is disabled with at most one company, unless the user is a super admin. */
export function isCompanyPickerDisabled(companyCount: number, isSuperAdmin: boolean): boolean {
  return companyCount <= 1 && !isSuperAdmin;
}

/** A§4: the contact picker shows to agents and super admins once a company is chosen. */
export function showsContactPicker(
  actsAs: "super_admin" | "admin" | "agent" | "member" | "none",
  companyChosen: boolean,
): boolean {
  return companyChosen && (actsAs === "agent" || actsAs === "super_admin");
}

export interface CustomerReferenceCompany {
  name: string;
  organisation_number: string;
  tax_id_vat_number: string;
  contact_name: string;
}

/** The company attributes of a cart (A§3 session attributes, C§7 `PATCH …/attributes`). */
export interface CustomerReference {
  company: { registrationNumber: string; taxId: string; name: string; reference: string };
  merchantReference1: string;
}

/**
 * The customer reference re-sent to the cart when the card's company changes (A§4): the contact
 * user's first and last name, or the company's contact name when the user has no first name;
 * `merchantReference1` is the organisation number without its hyphen (A§7).
 */
export function customerReferenceOf(
  company: CustomerReferenceCompany,
  contact: { first_name: string; last_name: string } | undefined,
): CustomerReference {
  const reference = contact?.first_name
    ? `${contact.first_name} ${contact.last_name}`.trim()
    : company.contact_name;
  return {
    company: {
      registrationNumber: company.organisation_number,
      taxId: company.tax_id_vat_number,
      name: company.name,
      reference,
    },
    merchantReference1: cleanOrganisationNumber(company.organisation_number),
  };
}
