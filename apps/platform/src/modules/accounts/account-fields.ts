import { STORE_GROUPS } from "@kassa/domain";
import { z } from "zod";
import { MAX_TOKEN_LENGTH } from "./account-tokens.js";
import { PASSWORD_MAX_LENGTH, passwordProblemText } from "./password-rule.js";

/**
 * Field schemas shared by the account payloads. The storefront validates the same rules (A§5);
 * the server checks them again, since a form is not the only way to call the API.
 */

/** Lower-cased and trimmed here too (A§3 "lower-cased on send"), whatever the client did. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email("must be a valid email address"));

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

/** Spaces, dashes, dots and brackets are how people write numbers; the stored form has none. */
const PHONE_SEPARATORS = /[\s\-‐‑‒–—.()/]/g;
const INTERNATIONAL_PHONE = /^\+[1-9]\d{6,14}$/;
const PHONE_MESSAGE = "must start with + and the country code, e.g. +46701234567";

/**
 * A phone number in international form (A§5: "starts with +"), stored without separators. The
 * storefront also checks the number plan per country; the server checks the E.164 shape only.
 */
export const phoneField = z
  .string()
  .transform((value) => value.replace(PHONE_SEPARATORS, ""))
  .pipe(z.string().regex(INTERNATIONAL_PHONE, PHONE_MESSAGE));

/** The same, where the field is optional: empty means "no number". */
export const optionalPhoneField = z
  .string()
  .transform((value) => value.replace(PHONE_SEPARATORS, ""))
  .pipe(z.union([z.literal(""), z.string().regex(INTERNATIONAL_PHONE, PHONE_MESSAGE)]));

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
  .pipe(z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code"));

export const storeGroupField = z.enum(
  STORE_GROUPS.map((group) => group.id) as ["default", "business"],
);

/** A short free text: trimmed, empty allowed. */
export const textField = (max = 200) => z.string().trim().max(max);

/** A required free text, with the message the forms show (A§5). */
export const requiredText = (message: string, max = 200) =>
  z.string(message).trim().min(1, message).max(max);
