/**
 * The company form's messages (A§5 table, A§8): translation keys for the storefront, each with the
 * spec's English text, which the platform answers in its `errors` (`path: text`). One list, so the
 * form and the server always speak of the same rule.
 */
export const COMPANY_VALIDATION = {
  billingAddressesRequired: {
    key: "validation.company.billingAddressesRequired",
    text: "At least one billing address is required",
  },
  shippingAddressesRequired: {
    key: "validation.company.shippingAddressesRequired",
    text: "At least one shipping address is required",
  },
  contactNameMin: {
    key: "validation.company.contactNameMin",
    text: "Contact name must be at least 2 characters",
  },
  emailInvalid: {
    key: "validation.company.emailInvalid",
    text: "Please enter a valid email address",
  },
  invoiceEmailInvalid: {
    key: "validation.company.invoiceEmailInvalid",
    text: "Please enter a valid invoice email address",
  },
  nameMin: {
    key: "validation.company.nameMin",
    text: "Company name must be at least 2 characters",
  },
  phoneRequired: { key: "validation.company.phoneRequired", text: "Phone number is required" },
  /** A phone number given, but not a valid international number (A§5 phone input). */
  phoneInvalid: { key: "validation.company.phoneInvalid", text: "Phone number is not valid" },
  cityRequired: { key: "validation.company.cityRequired", text: "City is required" },
  countryRequired: { key: "validation.company.countryRequired", text: "Country is required" },
  addressPhoneRequired: {
    key: "validation.company.addressPhoneRequired",
    text: "Phone is required",
  },
  postalCodeRequired: {
    key: "validation.company.postalCodeRequired",
    text: "Postal code is required",
  },
  streetAddressRequired: {
    key: "validation.company.streetAddressRequired",
    text: "Street address is required",
  },
  /** Shipping addresses: A§5 marks state/province required for shipping, not billing. */
  stateProvinceRequired: {
    key: "validation.company.stateProvinceRequired",
    text: "State/province is required",
  },
  /** The card's new address (A§5 "New address (card)"): the company name on the address. */
  companyNameRequired: {
    key: "validation.company.companyNameRequired",
    text: "Company name is required",
  },
} as const;

export type CompanyValidationRule = keyof typeof COMPANY_VALIDATION;

const TEXT_OF_KEY: ReadonlyMap<string, string> = new Map(
  Object.values(COMPANY_VALIDATION).map(({ key, text }) => [key, text]),
);

/** The spec's English text of a company message key (the platform's `errors`); else the key. */
export function companyValidationText(key: string): string {
  return TEXT_OF_KEY.get(key) ?? key;
}
