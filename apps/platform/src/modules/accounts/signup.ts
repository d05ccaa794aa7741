import { randomUUID } from "node:crypto";
import { ACCOUNT_DETAILS, type SignupResult } from "@kassa/api-client";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { type AddressLimit, refusedForAddress } from "../rate-limits/rate-limit.js";
import {
  countryField,
  emailField,
  languageField,
  marketField,
  newPasswordField,
  optionalPhoneField,
  requiredText,
  storeGroupField,
  textField,
} from "./account-fields.js";
import { issueToken } from "./account-tokens.js";
import { hashPassword } from "./password-hash.js";
import { makeRoomForSignup } from "./pending-signups.js";
import { findAccountByEmail, findPendingSignups, lockEmail } from "./users.js";

/**
 * `POST /enad/signup/` (`SignupPayload`, A§3 User). The defaults are those of A§3 and A§9, so a
 * client may leave out what it does not set. `confirmPassword` is the form's business and is
 * ignored, as are other unknown fields.
 */
export const signupBody = z.object({
  first_name: requiredText("First name is required", 100),
  last_name: requiredText("Last name is required", 100),
  email: emailField,
  password: newPasswordField,
  /**
   * Required by the form (A§5) where it shows the field; `""` is accepted because the form hides
   * the field when its translation is missing (A§2), and then has no number to send.
   */
  phone_number: optionalPhoneField.default(""),
  language: languageField.default("SV"),
  country_code: countryField.default("SE"),
  market: marketField.default("SE"),
  store_group: storeGroupField.default("default"),
  /** Accepted for the wire shape, then ignored: every signup is a customer (A§4, A§6). */
  role: z.enum(["customer", "agent"]).optional(),
  /**
   * Beyond the A§3 payload: the person's address, the current user's `address` (as the profile
   * update takes it). The storefront's signup from an order (A§3 "the alternate signup form")
   * sends the order's billing address; a signup without it leaves the address empty.
   */
  address: z
    .object({
      street: textField().optional(),
      zip_code: textField(20).optional(),
      city: textField(100).optional(),
    })
    .optional(),
  allow_email_notifications: z.boolean().default(false),
  allow_phone_notifications: z.boolean().default(false),
  allow_postal_notifications: z.boolean().default(false),
  /** A storefront setting (A§3): `pending` accounts cannot log in until someone activates them. */
  status: z.enum(["active", "pending"]).default("active"),
});

export type SignupInput = z.output<typeof signupBody>;

/**
 * Signups one client address may make in an hour. Each signup is a row and a password hash, and
 * the call needs no login, so without a limit one client could fill the database; a household or
 * an office signing its people up stays far below it.
 */
export const SIGNUPS_PER_ADDRESS: AddressLimit = {
  name: "signup-address",
  limit: 20,
  windowMs: 60 * 60 * 1000,
};

/** Counts a signup from `address`, or refuses it with 429 'too many attempts'. */
export async function countSignup(
  db: Database,
  address: string | undefined,
  now: Date,
): Promise<void> {
  const waitSeconds = await refusedForAddress(db, SIGNUPS_PER_ADDRESS, address, now);
  if (waitSeconds !== null) {
    throw new BusinessFailure(429, ACCOUNT_DETAILS.tooManyAttempts, {
      retryAfterSeconds: waitSeconds,
    });
  }
}

export interface Signup {
  user: UserRow;
  signupToken: string;
}

/**
 * Creates an unconfirmed customer and the token that proves the caller made it. The caller sends
 * the verification mail (after the organisation exists, A§4).
 *
 * An address with an account answers 409 'user already exists'. An address whose earlier signups
 * nobody has confirmed gets one more signup, beside them, with this caller's own password and
 * details: whoever confirms the address through a link of their own signup gets the account, and
 * the others are dropped (docs/security.md, "pre-hijacked accounts"). So a stranger who signed up
 * first with someone's address can never make the owner's account use the stranger's password,
 * and the owner's details are never replaced by anyone else's.
 */
export async function signUp(db: Database, input: SignupInput, now: Date): Promise<Signup> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockEmail(tx, input.email);
    if (await findAccountByEmail(tx, input.email)) {
      throw new BusinessFailure(409, ACCOUNT_DETAILS.userAlreadyExists);
    }
    await makeRoomForSignup(tx, await findPendingSignups(tx, input.email), now);
    const [user] = await tx
      .insert(users)
      .values({
        id: randomUUID(),
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phoneNumber: input.phone_number,
        language: input.language,
        countryCode: input.country_code,
        market: input.market,
        storeGroup: input.store_group,
        role: "customer",
        status: input.status,
        emailVerified: false,
        street: input.address?.street ?? "",
        zipCode: input.address?.zip_code ?? "",
        city: input.address?.city ?? "",
        allowEmail: input.allow_email_notifications,
        allowSms: input.allow_phone_notifications,
        allowPostal: input.allow_postal_notifications,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error("Inserting a user returned no row");
    return { user, signupToken: await issueToken(tx, user.id, "signup", now) };
  });
}

/**
 * The created user (`SignupResult`). `signup_token`, optional on the wire (beyond the spec), is
 * always sent here: it proves the caller made this signup; attaching the organisation and asking
 * for this signup's verification link need it, the id alone proves nothing.
 */
export function signupResultReply({ user, signupToken }: Signup): Required<SignupResult> {
  return {
    id: user.id,
    email: user.email,
    // A new account is never deleted.
    status: user.status === "pending" ? "pending" : "active",
    email_verified: user.emailVerified,
    signup_token: signupToken,
  };
}
