import { z } from "zod";
import {
  formCheckbox,
  formText,
  ifNoIssueYet,
  isChecked,
  optionalText,
  requiredText,
} from "../forms/form-values.js";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";
import { redirectToSchema } from "../forms/redirect.js";
import { isCountryCode } from "../market/country-code.js";
import { ACCOUNT_DEFAULTS } from "./account-defaults.js";
import { matchesDeleteKeyword } from "./delete-confirmation.js";
import { isEmailAddress } from "./email.js";
import { cleanOrganisationNumber, hasHyphen, isOrganisationNumber } from "./organisation-number.js";
import { passwordCriteria } from "./password.js";
import {
  DEFAULT_PHONE_COUNTRY,
  isValidPhoneNumber,
  normalisePhoneInput,
  phoneNumberProblem,
} from "./phone.js";
import { autofillVatNumber } from "./vat.js";

/**
 * The account forms (A§2, A§4, A§5): signup (with the optional organisation section), login,
 * forgot password, set new password, profile and delete account. Field names are the account
 * API's payload keys; nested fields use conform's names (`billing_address[0].city`,
 * `organisation.name`), so parse nested forms with conform's `parseWithZod` (from
 * `@conform-to/zod/v4`), which builds the objects and lists from the dotted names.
 *
 * Rules that read another field (the phone's country, same-as-billing, the organisation
 * defaults of A§4) run in a `z.preprocess` step before validation, so they also apply while other
 * fields are invalid. The one cross-field check (confirmation equals password) uses `when` for the
 * same reason: zod 4 skips object refinements while any field is invalid.
 */

// ---------------------------------------------------------------------------------------------
// Fields

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/** Trimmed, lower-cased; `required` when blank, `invalid` when not an email address. */
function emailField(required: string, invalid: string) {
  return requiredText(required)
    .toLowerCase()
    .refine(isEmailAddress, { error: invalid, ...ifNoIssueYet });
}

/** The checks after "required" run on a non-empty value only (one message for an empty field). */
const ifNotEmpty = {
  when: (payload: z.core.ParsePayload) => typeof payload.value === "string" && payload.value !== "",
} as const;

/**
 * A password that is checked for length only (login). Length in characters as a person counts
 * them (code points), as the platform counts them: {@link passwordCriteria}.
 */
function passwordField() {
  return z
    .string({ error: M.accountPasswordRequired })
    .min(1, { error: M.accountPasswordRequired })
    .refine((password) => passwordCriteria(password).minLength, {
      error: M.accountPasswordMin,
      ...ifNotEmpty,
    });
}

/** A new password (signup, reset): at least 10 characters and a digit; both messages can show. */
function newPasswordField() {
  return passwordField().refine((password) => passwordCriteria(password).digit, {
    error: M.accountPasswordDigit,
    ...ifNotEmpty,
  });
}

function confirmPasswordField() {
  return z
    .string({ error: M.accountPasswordRequired })
    .min(1, { error: M.accountPasswordRequired });
}

/**
 * The checks of a normalised phone number, the platform's too ({@link phoneNumberProblem}):
 * international form, then a valid number.
 */
function phoneChecks<T extends z.ZodString>(schema: T) {
  return schema
    .refine((phone) => phoneNumberProblem(phone) !== "notInternational", {
      error: M.accountPhoneMustStartWithPlus,
      ...ifNoIssueYet,
    })
    .refine((phone) => phoneNumberProblem(phone) === undefined, {
      error: M.accountPhoneInvalid,
      ...ifNoIssueYet,
    });
}

/** A two-letter country code, upper-cased; `message` otherwise. */
function countryCodeField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: message });
}

/** The confirmation equals the password; runs whenever both fields are themselves valid. */
function confirmationMatches<T extends z.ZodObject>(schema: T) {
  return schema.refine(
    (value: { password?: unknown; confirmPassword?: unknown }) =>
      value.password === value.confirmPassword,
    {
      path: ["confirmPassword"],
      error: M.accountConfirmPasswordMismatch,
      when: (payload) =>
        isRecord(payload.value) &&
        typeof payload.value.password === "string" &&
        typeof payload.value.confirmPassword === "string" &&
        !payload.issues.some((issue) => issue.path?.[0] === "confirmPassword"),
    },
  );
}

/** The country whose calling code a phone number without `+` gets: the form's, else SE. */
function phoneCountryOf(countryCode: unknown): string {
  if (typeof countryCode !== "string") return DEFAULT_PHONE_COUNTRY;
  const upper = countryCode.trim().toUpperCase();
  return isCountryCode(upper) ? upper : DEFAULT_PHONE_COUNTRY;
}

/**
 * A phone number that is optional; when given it must be in international form and valid.
 * Normalise it ({@link normalisePhoneInput}) before, as the schemas below do.
 */
const optionalPhoneSchema = formText(phoneChecks(z.string().trim()).optional());

/**
 * An organisation number as stored: required, without hyphens (that message), and letters and
 * digits only (`invalid` otherwise): {@link isOrganisationNumber}, the platform's rule too. The
 * signup schema cleans the input (spaces and dashes, {@link cleanOrganisationNumber}) before this
 * runs; on its own it refuses a number typed with its hyphen.
 */
export const organisationNumberSchema = requiredText(M.accountOrganisationNumberRequired)
  .refine((number) => !hasHyphen(number), {
    error: M.accountOrganisationNumberNoHyphens,
    ...ifNoIssueYet,
  })
  .refine(isOrganisationNumber, { error: M.invalid, ...ifNoIssueYet });

// ---------------------------------------------------------------------------------------------
// Signup

/** A signup address (A§3, A§5): street, city, postal code and country (default SE) required. */
export const signupAddressSchema = z.object({
  street_address: requiredText(M.accountStreetRequired),
  co_address: optionalText(),
  city: requiredText(M.accountCityRequired),
  postal_code: requiredText(M.accountPostalCodeRequired),
  country: formText(countryCodeField(M.accountCountryRequired).default(ACCOUNT_DEFAULTS.country)),
});

/** The form has exactly one billing and one shipping address. */
const signupAddressListSchema = z.array(signupAddressSchema).length(1, { error: M.invalid });

/** The organisation section of the signup form (A§3 Organisation, A§5). */
export const signupOrganisationSchema = z.object({
  name: requiredText(M.accountOrganisationNameRequired),
  organisation_number: organisationNumberSchema,
  tax_id_vat_number: requiredText(M.accountTaxIdRequired),
  email: emailField(M.accountOrganisationEmailRequired, M.accountOrganisationEmailInvalid),
  invoice_email: formText(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(isEmailAddress, { error: M.accountInvoiceEmailInvalid })
      .optional(),
  ),
  phone: optionalPhoneSchema,
  /**
   * The organisation's reference in the merchant's own systems (A§3 `external_ref`), asked for
   * only where the shop's setting shows the field ({@link SignupSchemaOptions.externalRef}).
   */
  external_ref: formText(z.string().trim().max(200, { error: M.invalid }).optional()),
  /** The one organisation attribute chosen in the optional picker; sent as `attribute_ids`. */
  attribute: optionalText(),
});

export const ACCOUNT_TYPES = ["consumer", "company"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface SignupSchemaOptions {
  /**
   * The organisation-signup setting (A§1): when on, the form has an `account_type` choice and, for
   * `company`, the organisation section. When off, `account_type` is always `consumer` and any
   * posted organisation fields are ignored.
   */
  organisationSignup: boolean;
  /**
   * Whether the form shows the user's phone field (A§2: only when its label's translation exists).
   * When `false` the field is neither shown nor required, and a posted value is ignored.
   * @default true
   */
  phoneNumber?: boolean;
  /**
   * Whether the organisation section asks for its `external_ref` (A§3), a setting like the other
   * gated fields (A§1). When `false` a posted value is ignored.
   * @default false
   */
  externalRef?: boolean;
}

/** A posted address list as the schema expects it: one address, or one empty one to report on. */
function addressListInput(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [{}] : value;
  if (isRecord(value)) return [value];
  return [{}];
}

/**
 * The organisation fields A§4 fills in until the person edits them: the VAT number (from the
 * organisation number), the email, invoice email and phone (from the user's).
 */
export const ORGANISATION_AUTOFILL_FIELDS = [
  "tax_id_vat_number",
  "email",
  "invoice_email",
  "phone",
] as const;
export type OrganisationAutofillField = (typeof ORGANISATION_AUTOFILL_FIELDS)[number];

/**
 * The fields named in the form-only `organisation.edited_fields` (comma-separated): those the
 * person edited by hand. The form writes it with JavaScript (where an emptied field is a choice);
 * a post without it (no JavaScript) treats every empty field as not edited.
 */
function editedFields(value: unknown): Set<string> {
  if (typeof value !== "string") return new Set();
  return new Set(
    value
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * A§4 organisation defaults, the same rule as the form's autofill ("until edited"): the number
 * cleaned; an empty field the person did not edit takes its default: the VAT number from the
 * number and the billing country, the email and invoice email from the user's email, the phone
 * from the user's phone.
 */
function organisationInput(
  value: unknown,
  form: Record<string, unknown>,
  phoneCountry: string,
): Record<string, unknown> {
  const { edited_fields: editedValue, ...rest } = isRecord(value) ? value : {};
  const organisation: Record<string, unknown> = { ...rest };
  const edited = editedFields(editedValue);
  const fillable = (field: OrganisationAutofillField) =>
    isBlank(organisation[field]) && !edited.has(field);
  if (typeof organisation.organisation_number === "string") {
    organisation.organisation_number = cleanOrganisationNumber(organisation.organisation_number);
  }
  if (fillable("tax_id_vat_number") && typeof organisation.organisation_number === "string") {
    const [billing] = form.billing_address as unknown[];
    const billingCountry =
      isRecord(billing) && !isBlank(billing.country)
        ? String(billing.country)
        : ACCOUNT_DEFAULTS.country;
    const vat = autofillVatNumber(organisation.organisation_number, billingCountry);
    if (vat !== undefined) organisation.tax_id_vat_number = vat;
  }
  if (typeof form.email === "string") {
    if (fillable("email")) organisation.email = form.email;
    if (fillable("invoice_email") && isEmailAddress(form.email.trim().toLowerCase())) {
      // Only a valid user email: the invoice email is optional, so a bad user email is reported
      // on the user's field (and the organisation's), not a third time.
      organisation.invoice_email = form.email;
    }
  }
  if (!isBlank(organisation.phone)) {
    organisation.phone = normalisePhoneInput(String(organisation.phone), phoneCountry);
  } else if (
    fillable("phone") &&
    typeof form.phone_number === "string" &&
    isValidPhoneNumber(form.phone_number)
  ) {
    // The user's phone only when it is valid: the organisation phone is optional, so a bad user
    // phone is reported once, on the user's field.
    organisation.phone = form.phone_number;
  }
  return organisation;
}

function signupInput(value: unknown, options: SignupSchemaOptions): unknown {
  if (!isRecord(value)) return value;
  const form: Record<string, unknown> = { ...value };
  const phoneCountry = phoneCountryOf(form.country_code);
  if (options.phoneNumber === false) {
    delete form.phone_number;
  } else if (typeof form.phone_number === "string") {
    form.phone_number = normalisePhoneInput(form.phone_number, phoneCountry);
  }
  form.billing_address = addressListInput(form.billing_address);
  // A§4: same-as-billing copies billing; the (hidden) shipping fields are ignored.
  form.shipping_address = isChecked(form.same_as_billing)
    ? form.billing_address
    : addressListInput(form.shipping_address);
  if (!options.organisationSignup) {
    form.account_type = "consumer";
    delete form.organisation;
  } else if (form.account_type === "company") {
    const organisation = organisationInput(form.organisation, form, phoneCountry);
    if (!options.externalRef) delete organisation.external_ref;
    form.organisation = organisation;
  } else {
    delete form.organisation;
  }
  return form;
}

/**
 * The signup form (A§2, A§4, A§5). Before validation: the phone number is normalised with the
 * form's `country_code` (else SE); an empty address list becomes one empty address, so each
 * required field is reported; with `same_as_billing` the shipping address is the billing address;
 * for a company, the organisation number is cleaned, and an empty VAT number, organisation email,
 * invoice email or phone that the person did not edit (`organisation.edited_fields`, written by
 * the form's JavaScript) takes its A§4 default: from the number and the billing country, the
 * user's email, the user's phone. With `phoneNumber: false` the user's phone is neither asked for
 * nor read; without `externalRef: true` neither is the organisation's `external_ref`.
 *
 * With `same_as_billing`, an invalid billing address is reported on both `billing_address[0].…`
 * and `shipping_address[0].…` (the shipping fields are hidden then; the billing ones show it).
 *
 * @example
 * const schema = createSignupSchema({ organisationSignup: settings.organisationSignup });
 * const submission = parseWithZod(formData, { schema });
 * if (submission.status !== "success") return json(submission.reply({ hideFields: ["password", "confirmPassword"] }));
 * const { user, organisation } = signupPayloadFrom(submission.value, { language, market });
 */
export function createSignupSchema(options: SignupSchemaOptions) {
  return z.preprocess(
    (value) => signupInput(value, options),
    confirmationMatches(
      z.object({
        first_name: requiredText(M.accountFirstNameRequired),
        last_name: requiredText(M.accountLastNameRequired),
        email: emailField(M.accountEmailRequired, M.accountEmailInvalid),
        password: newPasswordField(),
        confirmPassword: confirmPasswordField(),
        phone_number:
          options.phoneNumber === false
            ? z.undefined().optional()
            : phoneChecks(requiredText(M.accountPhoneRequired)),
        country_code: formText(countryCodeField(M.invalid).default(ACCOUNT_DEFAULTS.country)),
        allow_email_notifications: formCheckbox(),
        allow_phone_notifications: formCheckbox(),
        allow_postal_notifications: formCheckbox(),
        billing_address: signupAddressListSchema,
        same_as_billing: formCheckbox(),
        shipping_address: signupAddressListSchema,
        terms_accepted: z.preprocess(
          isChecked,
          z.boolean().refine((accepted) => accepted, { error: M.accountTermsRequired }),
        ),
        account_type: formText(z.enum(ACCOUNT_TYPES, { error: M.invalid }).default("consumer")),
        /** Present exactly when `account_type` is `company`. */
        organisation: signupOrganisationSchema.optional(),
      }),
    ),
  );
}

/**
 * The signup from an order (A§3 "the alternate signup form", issue 32), on the order's
 * confirmation: the guest types only a password (the signup's rule, A§5), keeps or unticks the
 * notification choices (ticked to start with: `ACCOUNT_DEFAULTS.orderSignupNotifications`) and
 * accepts the privacy policy as at the main signup (A§5). The name, email, phone and address are
 * the order's, read on the server (`orderSignupPayloadFrom`), never posted.
 */
export const orderSignupSchema = z.object({
  password: newPasswordField(),
  allow_email_notifications: formCheckbox(),
  allow_phone_notifications: formCheckbox(),
  allow_postal_notifications: formCheckbox(),
  terms_accepted: z.preprocess(
    isChecked,
    z.boolean().refine((accepted) => accepted, { error: M.accountTermsRequired }),
  ),
});

export type OrderSignupForm = z.output<typeof orderSignupSchema>;

export type SignupSchema = ReturnType<typeof createSignupSchema>;
export type SignupForm = z.output<SignupSchema>;
export type SignupAddressForm = z.output<typeof signupAddressSchema>;
export type SignupOrganisationForm = z.output<typeof signupOrganisationSchema>;

// ---------------------------------------------------------------------------------------------
// Login, forgot password, set new password

/** The login form (A§5): a valid email, a password of at least 10 characters. */
export const loginSchema = z.object({
  email: emailField(M.accountEmailRequired, M.accountEmailInvalid),
  password: passwordField(),
  /** Where to go after login (A§2: `/my-account/overview/` unless given); a same-site path. */
  redirectTo: redirectToSchema,
});

/** The forgot-password form (A§5): a valid email. */
export const forgotPasswordSchema = z.object({
  email: emailField(M.accountEmailRequired, M.accountEmailInvalid),
});

/**
 * The new password as a person types it on the set-new-password page (A§5): 10 characters and a
 * digit, and the confirmation. The link's token reaches the server another way (a storefront
 * keeps it out of the page, ADR 0050 of Kassa), so it is not a field here.
 */
export const newPasswordSchema = confirmationMatches(
  z.object({
    password: newPasswordField(),
    confirmPassword: confirmPasswordField(),
  }),
);

/** The set-new-password call's input (A§5): the new password, its confirmation, the token. */
export const resetPasswordSchema = newPasswordSchema.safeExtend({
  token: requiredText(M.accountTokenRequired),
});

export type LoginForm = z.output<typeof loginSchema>;
export type ForgotPasswordForm = z.output<typeof forgotPasswordSchema>;
export type NewPasswordForm = z.output<typeof newPasswordSchema>;
export type ResetPasswordForm = z.output<typeof resetPasswordSchema>;

// ---------------------------------------------------------------------------------------------
// Profile, delete account

function profileInput(value: unknown): unknown {
  if (!isRecord(value) || typeof value.phone_number !== "string") return value;
  return {
    ...value,
    phone_number: normalisePhoneInput(value.phone_number, phoneCountryOf(value.country_code)),
  };
}

/**
 * The profile form (A§5): every field optional. The email is read-only and not a field (the
 * update takes it from the current user). A phone number, when given, is normalised with the
 * optional hidden `country_code` (else SE), and must then be valid.
 */
export const profileSchema = z.preprocess(
  profileInput,
  z.object({
    first_name: optionalText(),
    last_name: optionalText(),
    phone_number: optionalPhoneSchema,
    /** The phone's dialling country (hidden field); not validated beyond falling back to SE. */
    country_code: optionalText(),
    address: z
      .object({ street: optionalText(), zip_code: optionalText(), city: optionalText() })
      .optional(),
    allow_email: formCheckbox(),
    allow_sms: formCheckbox(),
    allow_postal: formCheckbox(),
  }),
);

export type ProfileForm = z.output<typeof profileSchema>;

/**
 * The delete-account confirmation (A§4, A§5): `confirmation` must be the translated keyword,
 * compared upper-cased ({@link matchesDeleteKeyword}).
 *
 * @example createDeleteAccountSchema(t("account.deleteKeyword")) // "RADERA"
 */
export function createDeleteAccountSchema(keyword: string) {
  return z.object({
    confirmation: z
      .string({ error: M.accountDeleteConfirmationMismatch })
      .refine((typed) => matchesDeleteKeyword(typed, keyword), {
        error: M.accountDeleteConfirmationMismatch,
      }),
  });
}

export type DeleteAccountForm = z.output<ReturnType<typeof createDeleteAccountSchema>>;
