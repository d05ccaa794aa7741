/**
 * Wire shapes of the account and organisation API (A§3, A§7, A§8). Field names are the spec's
 * payload keys (snake_case), so a form post and an API call speak the same words.
 *
 * Business failures answer a 4xx status whose body carries `details` (A§8: 'user already exists',
 * 'email not verified', 'invalid password', …). The client returns them as values, not throws:
 * they are answers a form shows, not exceptions.
 */

import type { AddressInput, Company } from "./companies.js";

export type UserRole = "customer" | "agent";
export type OrganisationLevel = "admin" | "default";
export type UserStatus = "active" | "pending";

/** `POST /enad/signup/` (A§3 User). */
export interface SignupPayload {
  first_name: string;
  last_name: string;
  /** Lower-cased by the client before sending. */
  email: string;
  password: string;
  /** With `+` and the country code; `""` when the form does not show the field (A§2). */
  phone_number: string;
  /** Upper-case, default `SV`. */
  language: string;
  /** Default `SE`. */
  country_code: string;
  /** Default `SE`. */
  market: string;
  /** Default: the store group slug, else `default`. */
  store_group: string;
  /** Always `customer` at signup (A§4). */
  role: UserRole;
  /**
   * Beyond the A§3 payload (Kassa platform): the person's address, as the current user carries it.
   * The signup from an order (A§3's alternate signup form) sends the order's billing address.
   */
  address?: { street?: string; zip_code?: string; city?: string };
  allow_email_notifications: boolean;
  allow_phone_notifications: boolean;
  allow_postal_notifications: boolean;
  /**
   * From a setting, default `active`. The Kassa platform takes it (and `store_group`) only from
   * the shop itself (`storefrontToken`); an anonymous caller's signup is always `pending`, in the
   * public store group.
   */
  status: UserStatus;
  /**
   * Beyond the spec (Kassa platform): the `signup_token` of an earlier, unconfirmed signup of this
   * address made in the same browser. It proves the caller made that signup, which this one then
   * replaces; without it a new signup is placed beside the earlier ones (at most three).
   */
  signup_token?: string;
}

/** The created user: `201 {data: SignupResult}`. */
export interface SignupResult {
  id: string;
  email: string;
  status: UserStatus;
  email_verified: boolean;
  /**
   * Beyond the spec (Kassa platform): proof that this caller made the signup. Pass it to
   * `organisationSignup` and `createVerifyLink`; the user id alone proves nothing. A backend that
   * does not send it leaves it out.
   */
  signup_token?: string;
}

/** `POST /enad/organisation/signup/` (A§3 Organisation). */
export interface OrganisationSignupPayload {
  name: string;
  /** Without hyphens or spaces. */
  organisation_number: string;
  tax_id_vat_number: string;
  contact_name: string;
  email: string;
  invoice_email?: string;
  phone?: string;
  external_ref?: string;
  /**
   * The Kassa platform takes `attribute_ids`, `credit_check` and `status` only from the shop
   * itself (`storefrontToken`): an anonymous caller's organisation has none, `false` and
   * `pending`.
   */
  attribute_ids: string[];
  credit_check: boolean;
  custom_fields: Record<string, string>;
  billing_address: AddressInput[];
  shipping_address: AddressInput[];
  /** The user created by `/enad/signup/` just before (still unverified, without an organisation). */
  user_id: string;
  /** The `signup_token` of that signup's reply, when the backend sent one. */
  signup_token?: string;
  status: UserStatus;
}

/** `POST /enad/signup/` → `201 {data: SignupResult}` */
export interface SignupReply {
  data: SignupResult;
}

/** `POST /enad/organisation/signup/` → `201 {company}` */
export interface OrganisationSignupResult {
  company: Company;
}

/** An organisation as the login reply and the current user carry it. */
export interface UserOrganisation {
  id: string;
  name: string;
  status: string;
  organisation_number: string;
  tax_id_vat_number: string;
  contact_name: string;
  role: UserRole;
  level: OrganisationLevel;
}

/** The user in the login reply (A§3 Logged-in user). */
export interface LoginUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  store_group_id: string;
  market: string;
  /** Upper-case, e.g. `SV`. */
  language: string;
  organisations: UserOrganisation[];
}

/** `POST /enad/login/` (the email is lower-cased by the client). */
export interface LoginPayload {
  email: string;
  password: string;
}

/** `POST /enad/login/ {email, password}` → 200 */
export interface LoginResult {
  access_token: string;
  refresh_token: string;
  /** Seconds until the access token expires. */
  expires_in: number;
  user: LoginUser;
}

/** `POST /enad/refresh-token/` and `POST /enad/logout/`. */
export interface RefreshTokenPayload {
  refresh_token: string;
}

/** `POST /enad/refresh-token/ {refresh_token}` → 200 (the refresh token rotates). */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** `POST /enad/get-user/` (Bearer access token) → 200 CurrentUser (A§3 Current user). */
export interface CurrentUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  store_group: string;
  market: string;
  language: string;
  country_code: string;
  is_super_admin: boolean;
  email_verified: boolean;
  address: { street: string; zip_code: string; city: string };
  communication_preferences: { allow_email: boolean; allow_sms: boolean; allow_postal: boolean };
  organisations: UserOrganisation[];
}

/**
 * `POST /enad/update-user/` (Bearer) → 200 CurrentUser ("a response with an email means
 * success"). The email is taken from the current user and cannot be changed here.
 */
export interface UpdateUserPayload {
  first_name?: string;
  last_name?: string;
  phone_number?: string;
  address?: { street?: string; zip_code?: string; city?: string };
  communication_preferences?: {
    allow_email?: boolean;
    allow_sms?: boolean;
    allow_postal?: boolean;
  };
  /**
   * Sent as A§7 says; the Kassa platform ignores it: an account's store group (its price list) is
   * set by the shop at signup or by the platform, never by the account's own update.
   */
  store_group: string;
  language: string;
  market: string;
  country_code: string;
}

/**
 * What `update-user` sends (A§7: "form fields plus store_group, language, market, country_code;
 * email taken from the current user"): the payload, with the current user's email along. The
 * email identifies whose profile the form was; a backend may ignore it (the Kassa platform does:
 * an address changes only with a verification of the new one), so it is not part of
 * {@link UpdateUserPayload}, the keys a backend reads.
 */
export interface UpdateUserRequest extends UpdateUserPayload {
  /** The current user's email, as `get-user` answered it; never a value from the form. */
  email: string;
}

/** Replies that carry a message: delete ('user deleted'), reset-password ('Password updated'), logout. */
export interface MessageReply {
  message: string;
  details?: string;
}

/** `POST /enad/reset-password/ {password, reset_password_token}` */
export interface ResetPasswordPayload {
  password: string;
  reset_password_token: string;
}

/** `POST /api/enad/create-reset-password-link/` */
export interface ResetLinkPayload {
  email: string;
}

/** `POST /api/enad/create-verify-link/` */
export interface VerifyLinkPayload {
  email: string;
  /** Beyond the spec (Kassa platform): the signup's proof, for that signup's link. */
  signup_token?: string;
}

/** `POST /enad/verify-email/` */
export interface VerifyEmailPayload {
  token: string;
  /** Beyond the spec (Kassa platform): the signup's proof, from the browser that signed up. */
  signup_token?: string;
  /** Beyond the spec (Kassa platform): the signup's password, from any other browser. */
  password?: string;
}

/** `POST /enad/verify-email/ {token}` → `{status: 'success' | 'link not found' | 'link expired', message}` */
export interface VerifyEmailResult {
  /**
   * The spec's three, and the Kassa platform's answers when the signup was not proven: 'password
   * required' (400), 'invalid password' (401), 'too many attempts' (429, with `retry_after`).
   */
  status:
    | "success"
    | "link not found"
    | "link expired"
    | "password required"
    | "invalid password"
    | "too many attempts";
  message: string;
  email?: string;
  /** Seconds to wait, with 'too many attempts'. */
  retry_after?: number;
}

/**
 * Every `/api/…` call answers `{ok, status, data}` (A§7); the HTTP status equals `status`.
 * - `POST /api/enad/create-reset-password-link/ {email}` → data `{message: 'Reset password link created'}`
 *   or `{details: 'email not verified' | 'email not found'}`.
 * - `POST /api/enad/create-verify-link/ {email}` → data `{message: 'Email verification link created'}`
 *   or `{details: 'email not found' | 'email already verified'}`.
 */
export interface ApiEnvelope<T> {
  ok: boolean;
  status: number;
  data: T;
}

/**
 * The texts of A§7–A§8 the platform answers in `details` or `message`. The storefront switches on
 * them and the Kassa platform answers with this very constant, so they are declared only here.
 */
export const ACCOUNT_DETAILS = {
  userAlreadyExists: "user already exists",
  emailNotVerified: "email not verified",
  invalidPassword: "invalid password",
  userNotFound: "user not found",
  userPending: "user is in pending state",
  companyAlreadyExists: "Company already exists",
  linkExpired: "link expired",
  linkNotFound: "link not found",
  emailNotFound: "email not found",
  emailAlreadyVerified: "email already verified",
  tooManyAttempts: "too many attempts",
  userDeleted: "user deleted",
  passwordUpdated: "Password updated",
  resetLinkCreated: "Reset password link created",
  verifyLinkCreated: "Email verification link created",
  unauthorized: "Unauthorized",
} as const;
