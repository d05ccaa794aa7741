import { randomBytes } from "node:crypto";
import type {
  LoginResult,
  OrganisationSignupPayload,
  OutboxMail,
  SignupPayload,
  SignupResult,
  VerifyEmailResult,
} from "@kassa/api-client";
import { SEED_PASSWORD } from "../../src/seed/fixtures.js";
import type { PlatformCaller, TestPlatform } from "./test-platform.js";

/** A password that meets the rule (ten characters, a digit). */
export const GOOD_PASSWORD = "Fjallripa2024";

/** A fresh address per call, so tests in one file do not collide. */
export function uniqueEmail(prefix = "test"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.test`;
}

export function signupPayload(overrides: Partial<SignupPayload> = {}): SignupPayload {
  return {
    first_name: "Maja",
    last_name: "Sandberg",
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    phone_number: "+46701112233",
    language: "SV",
    country_code: "SE",
    market: "SE",
    store_group: "default",
    role: "customer",
    allow_email_notifications: true,
    allow_phone_notifications: false,
    allow_postal_notifications: false,
    status: "active",
    ...overrides,
  };
}

/** A unique Swedish-looking organisation number (ten digits). */
export function uniqueOrganisationNumber(): string {
  return `55${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
}

export function organisationPayload(
  { id: userId, signup_token }: Pick<SignupResult, "id" | "signup_token">,
  overrides: Partial<OrganisationSignupPayload> = {},
): OrganisationSignupPayload {
  const organisationNumber = overrides.organisation_number ?? uniqueOrganisationNumber();
  return {
    name: "Sandbergs Snickeri AB",
    organisation_number: organisationNumber,
    tax_id_vat_number: `SE${organisationNumber}01`,
    contact_name: "Maja Sandberg",
    email: "info@sandbergs.test",
    invoice_email: "faktura@sandbergs.test",
    phone: "+46812340000",
    external_ref: "",
    attribute_ids: ["carpentry"],
    credit_check: false,
    custom_fields: { segment: "small" },
    billing_address: [
      {
        street_address: "Verkstadsgatan 3",
        city: "Uppsala",
        postal_code: "75323",
        country: "SE",
      },
    ],
    shipping_address: [
      {
        name: "Verkstaden",
        street_address: "Verkstadsgatan 5",
        city: "Uppsala",
        postal_code: "75323",
        country: "SE",
        state_province: "Uppsala län",
      },
    ],
    user_id: userId,
    signup_token,
    status: "active",
    ...overrides,
  };
}

/** The outbox as `/dev/mail.json` lists it (newest first), optionally for one address. */
export async function outbox(platform: TestPlatform, to?: string): Promise<OutboxMail[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : "";
  const { status, body } = await platform.request<OutboxMail[]>("GET", `/dev/mail.json${query}`);
  if (status !== 200) throw new Error(`/dev/mail.json answered ${status}`);
  return body;
}

/** The link of a verify or reset mail, and its token. */
export function linkOf(mail: OutboxMail): { url: URL; token: string } {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get("token") ?? "" };
}

/** The token of the newest mail to `to`. */
export async function latestToken(platform: TestPlatform, to: string): Promise<string> {
  const [mail] = await outbox(platform, to);
  if (!mail) throw new Error(`No mail to ${to}`);
  return linkOf(mail).token;
}

/**
 * Signs up as the shop's storefront does: with its storefront token, so the sent `status` and
 * `store_group` are kept (ADR 0048). `{ storefront: false }` signs up as an anonymous caller.
 */
export async function signUp(
  platform: TestPlatform,
  overrides: Partial<SignupPayload> = {},
  { storefront = true }: { storefront?: boolean } = {},
) {
  const payload = signupPayload(overrides);
  const response = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
    body: payload,
    storefront,
  });
  if (response.status !== 201)
    throw new Error(`signup answered ${response.status}: ${response.text}`);
  // As the storefront does (A§4): after the user (and organisation) exist, request the link.
  const link = await platform.request("POST", "/api/enad/create-verify-link/", {
    body: { email: payload.email, signup_token: response.body.data.signup_token },
  });
  if (link.status !== 200) throw new Error(`create-verify-link answered ${link.status}`);
  return { payload, user: response.body.data };
}

export async function logIn(platform: PlatformCaller, email: string, password = SEED_PASSWORD) {
  return platform.request<LoginResult>("POST", "/enad/login/", { body: { email, password } });
}

/** Follows a verification link from the browser that signed up (it holds the signup token). */
export async function verify(platform: TestPlatform, token: string, user: SignupResult) {
  return platform.request<VerifyEmailResult>("POST", "/enad/verify-email/", {
    body: { token, signup_token: user.signup_token },
  });
}

/** Signs up, follows the verification link and logs in: a fresh, active, verified customer. */
export async function verifiedUser(platform: TestPlatform, overrides: Partial<SignupPayload> = {}) {
  const { payload, user } = await signUp(platform, overrides);
  const token = await latestToken(platform, payload.email);
  const verified = await verify(platform, token, user);
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}`);
  const login = await logIn(platform, payload.email, payload.password);
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
  return { payload, user, login: login.body };
}
