import {
  cleanPhoneNumber,
  isCountryCode,
  isEmailAddress,
  isOrganisationNumber,
  type PhoneNumberProblem,
  phoneNumberProblem,
  STORE_GROUPS,
} from "@kassa/domain";
import { z } from "zod";
import { MAX_TOKEN_LENGTH } from "./account-tokens.js";
import { PASSWORD_MAX_LENGTH, passwordProblemText } from "./password-rule.js";

/**
 * Field schemas shared by the account payloads. The rules are `@kassa/domain`'s, the ones the
 * storefront's forms check (A§5): the server checks them again, since a form is not the only way
 * to call the API, and words its answers for an API caller rather than a form.
 */

/** Lower-cased and trimmed here too (A§3 "lower-cased on send"), whatever the client did. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.string().refine(isEmailAddress, "must be a valid email address"));

/** An address as typed into a login or link form: no format check, an unknown one is not found. */
export const emailLookupField = z.string().trim().toLowerCase().min(1).max(254);

export const newPasswordField = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((password, context) => {
    const problem = passwordProblemText(password);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const tokenField = z.string().trim().min(1).max(MAX_TOKEN_LENGTH);

const PHONE_MESSAGES: Record<PhoneNumberProblem, string> = {
  notInternational: "must start with + and the country code, e.g. +46701234567",
  invalid: "must be a valid number for its country code",
};

/** Reports what is wrong with a cleaned number; `""` passes when the field is optional. */
function checkPhone(optional: boolean) {
  return (value: string, context: z.RefinementCtx) => {
    if (optional && value === "") return;
    const problem = phoneNumberProblem(value);
    if (problem) context.addIssue({ code: "custom", message: PHONE_MESSAGES[problem] });
  };
}

/**
 * A phone number in international form (A§5: "starts with +"), valid for its country by the
 * storefront's rule (`@kassa/domain`, libphonenumber), and stored without spaces, dashes, dots or
 * brackets. Unlike the form, the server does not add a calling code to a national number: it
 * cannot know which country the caller meant.
 */
export const phoneField = z.string().transform(cleanPhoneNumber).superRefine(checkPhone(false));

/** The same, where the field is optional: empty means "no number". */
export const optionalPhoneField = z
  .string()
  .transform(cleanPhoneNumber)
  .superRefine(checkPhone(true));

/**
 * An organisation number as stored (`@kassa/domain`'s rule): letters and digits only. The form
 * strips spaces and dashes while typing; the server refuses them rather than guess, so one company
 * cannot be registered twice under two spellings.
 */
export const organisationNumberField = (message: string) =>
  requiredText(message, 30).pipe(
    z.string().refine(isOrganisationNumber, "must not contain hyphens or spaces"),
  );

/** A§3: the account API speaks languages in upper case (`SV`); any case is accepted. */
export const ACCOUNT_LANGUAGES = ["SV", "FI", "EN"] as const;
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number];
export const languageField = z.string().trim().toUpperCase().pipe(z.enum(ACCOUNT_LANGUAGES));

export const marketField = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(["SE", "FI"]));

export const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().refine(isCountryCode, "must be a two-letter country code"));

export const storeGroupField = z.enum(
  STORE_GROUPS.map((group) => group.id) as ["default", "business"],
);

/** A short free text: trimmed, empty allowed. */
export const textField = (max = 200) => z.string().trim().max(max);

/** A required free text, with the message the forms show (A§5). */
export const requiredText = (message: string, max = 200) =>
  z.string(message).trim().min(1, message).max(max);
