/**
 * The zod messages of the form schemas are translation KEYS, not text: the storefront passes each
 * error through `t()` (the `validation.*` keys of `@kassa/i18n`). Every key any schema may produce
 * is listed here, so the translation files can be checked against it.
 */
export const VALIDATION_MESSAGES = {
  /** A required field is missing or empty. */
  required: "validation.required",
  /**
   * A value that is not what the field takes: a quantity that is not a number, an unknown market,
   * the hidden fields (`intent`, `orderLimit`, `redirectTo`) when tampered with, and in the account
   * forms a `country_code` or `account_type` that is not one, more than one signup address, or an
   * organisation number with characters other than letters and digits (after cleaning).
   */
  invalid: "validation.invalid",
  /** The quantity is not a whole number. */
  quantityInteger: "validation.quantity.integer",
  /** The quantity is below 1. */
  quantityMin: "validation.quantity.min",
  /** The quantity is above 99. */
  quantityMax: "validation.quantity.max",
  /** A cart line's size change without a size chosen. */
  cartSizeRequired: "validation.cart.sizeRequired",

  // The account forms (A§5): signup, login, forgot/reset password, profile, delete account.
  /** Signup: the first name is empty. */
  accountFirstNameRequired: "validation.account.firstNameRequired",
  /** Signup: the last name is empty. */
  accountLastNameRequired: "validation.account.lastNameRequired",
  /** Signup, login, forgot password: the email is empty. */
  accountEmailRequired: "validation.account.emailRequired",
  /** Signup, login, forgot password: the email is not an email address. */
  accountEmailInvalid: "validation.account.emailInvalid",
  /** A password (or its confirmation) is empty. */
  accountPasswordRequired: "validation.account.passwordRequired",
  /** The password is shorter than 10 characters. */
  accountPasswordMin: "validation.account.passwordMin",
  /** A new password has no digit. */
  accountPasswordDigit: "validation.account.passwordDigit",
  /** The confirmation differs from the password (shown on `confirmPassword`). */
  accountConfirmPasswordMismatch: "validation.account.confirmPasswordMismatch",
  /** Signup: the phone number is empty. */
  accountPhoneRequired: "validation.account.phoneRequired",
  /** A phone number that is not in international form (letters, a misplaced `+`). */
  accountPhoneMustStartWithPlus: "validation.account.phoneMustStartWithPlus",
  /** A phone number that is not a valid number. */
  accountPhoneInvalid: "validation.account.phoneInvalid",
  /** Organisation signup: the company name is empty. */
  accountOrganisationNameRequired: "validation.account.organisationNameRequired",
  /** Organisation signup: the organisation number is empty. */
  accountOrganisationNumberRequired: "validation.account.organisationNumberRequired",
  /** The organisation number holds a hyphen (`organisationNumberSchema` on uncleaned input). */
  accountOrganisationNumberNoHyphens: "validation.account.organisationNumberNoHyphens",
  /** Organisation signup: no VAT number, and none could be filled in from the organisation number. */
  accountTaxIdRequired: "validation.account.taxIdRequired",
  /** Organisation signup: no organisation email (and no user email to default to). */
  accountOrganisationEmailRequired: "validation.account.organisationEmailRequired",
  /** Organisation signup: the organisation email is not an email address. */
  accountOrganisationEmailInvalid: "validation.account.organisationEmailInvalid",
  /** Organisation signup: the invoice email is given but not an email address. */
  accountInvoiceEmailInvalid: "validation.account.invoiceEmailInvalid",
  /** Signup address: the street is empty. */
  accountStreetRequired: "validation.account.streetRequired",
  /** Signup address: the city is empty. */
  accountCityRequired: "validation.account.cityRequired",
  /** Signup address: the postal code is empty. */
  accountPostalCodeRequired: "validation.account.postalCodeRequired",
  /** Signup address: the country is not a two-letter country code. */
  accountCountryRequired: "validation.account.countryRequired",
  /** Signup: the privacy policy is not accepted ('You must accept the privacy policy'). */
  accountTermsRequired: "validation.account.termsRequired",
  /** Delete account: the typed text is not the delete keyword. */
  accountDeleteConfirmationMismatch: "validation.account.deleteConfirmationMismatch",
  /** Set new password: the reset token is missing. */
  accountTokenRequired: "validation.account.tokenRequired",
} as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];
