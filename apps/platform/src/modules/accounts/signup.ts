import { randomUUID } from "node:crypto";
import { ACCOUNT_DETAILS, type SignupResult } from "@kassa/api-client";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { PUBLIC_STORE_GROUP } from "../../http/storefront-caller.js";
import { type AddressLimit, forgetHits, refusedForAddress } from "../rate-limits/rate-limit.js";
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
  tokenField,
} from "./account-fields.js";
import { issueToken, tokenOwner } from "./account-tokens.js";
import { countLoginAttempt, type LoginLimits } from "./login-rate-limit.js";
import { hashPassword } from "./password-hash.js";
import {
  isLiveSignup,
  MAX_PENDING_SIGNUPS,
  makeRoomForSignup,
  signupWithPassword,
} from "./pending-signups.js";
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
  /**
   * A storefront setting (A§3): `pending` accounts cannot log in until someone activates them.
   * Only the shop's own call sets it (`fromShop`); an anonymous caller's signup is always pending.
   */
  status: z.enum(["active", "pending"]).default("active"),
  /**
   * Beyond the spec: the `signup_token` of an earlier unconfirmed signup of this address, which
   * the browser that made it keeps. It proves the caller made that signup, so this one replaces
   * it (`makeRoomForSignup`).
   */
  signup_token: tokenField.optional(),
});

export type SignupInput = z.output<typeof signupBody>;

/**
 * What the platform keeps of a signup's own choices (ADR 0048): the shop's call (a valid storefront
 * token) as sent, the spec's "status from a setting"; anyone else's always `pending` (it needs
 * approval) in the public store group, whatever it sent, as the company form's read-only fields
 * are kept whatever is sent. Approval and a price list are never an anonymous caller's word.
 */
export function signupAsCaller(input: SignupInput, fromShop: boolean): SignupInput {
  if (fromShop) return input;
  return { ...input, status: "pending", store_group: PUBLIC_STORE_GROUP };
}

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

export interface SignupDeps {
  db: Database;
  /** The login limits: a password that proves an earlier signup is a guess like a login's. */
  limits: LoginLimits;
}

/**
 * The earlier unconfirmed signup of the address that this caller proves it made, if any: the one
 * its `signup_token` names, or, when the address already holds {@link MAX_PENDING_SIGNUPS} live
 * signups, the one whose password it sends (a guess like a login's, counted against the login
 * limits before it is checked). Below the cap nothing needs proving (the new signup goes beside
 * the others), so no password is checked and the signup costs one hash.
 *
 * Read before the signup's transaction, since checking passwords takes up to a second each and
 * PGlite runs one transaction at a time; `makeRoomForSignup` checks again under the address's
 * lock that the signup is still there.
 */
async function provenSignup(
  { db, limits }: SignupDeps,
  input: SignupInput,
  address: string | undefined,
  now: Date,
): Promise<UserRow | undefined> {
  const live = (await findPendingSignups(db, input.email)).filter((row) => isLiveSignup(row, now));
  if (live.length === 0) return undefined;
  if (input.signup_token) {
    const ownerId = await tokenOwner(db, "signup", input.signup_token, now);
    const owned = live.find((row) => row.id === ownerId);
    if (owned) return owned;
  }
  if (live.length < MAX_PENDING_SIGNUPS) return undefined;
  const attempt = await countLoginAttempt(db, { email: input.email, address }, limits, now);
  if (!attempt.allowed) {
    throw new BusinessFailure(429, ACCOUNT_DETAILS.tooManyAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }
  const owned = await signupWithPassword(live, input.password);
  if (owned) await forgetHits(db, attempt.hitIds);
  return owned;
}

/**
 * Creates an unconfirmed customer and the token that proves the caller made it. The caller sends
 * the verification mail (after the organisation exists, A§4). `input` is what the platform keeps
 * of the caller's choices (`signupAsCaller`).
 *
 * An address with an account answers 409 'user already exists'. An address whose earlier signups
 * nobody has confirmed gets one more signup, beside them, with this caller's own password and
 * details: whoever confirms the address through a link of their own signup gets the account, and
 * the others are dropped (docs/security.md, "pre-hijacked accounts"). So a stranger who signed up
 * first with someone's address can never make the owner's account use the stranger's password,
 * and the owner's details are never replaced by anyone else's.
 *
 * A signup replaces an earlier one only when the caller proves it made it (`provenSignup`); a
 * stranger's signups never drop the owner's, nor the organisation it created. Past
 * {@link MAX_PENDING_SIGNUPS} live signups a new one without proof is refused with 409 'email not
 * verified' (A§8's branch: the storefront then asks for the link, and the mailbox's owner confirms
 * the address by choosing a password, ADR 0008).
 */
export async function signUp(
  deps: SignupDeps,
  input: SignupInput,
  address: string | undefined,
  now: Date,
): Promise<Signup> {
  const { db } = deps;
  const passwordHash = await hashPassword(input.password);
  const replacing = await provenSignup(deps, input, address, now);
  return db.transaction(async (tx) => {
    await lockEmail(tx, input.email);
    if (await findAccountByEmail(tx, input.email)) {
      throw new BusinessFailure(409, ACCOUNT_DETAILS.userAlreadyExists);
    }
    await makeRoomForSignup(tx, await findPendingSignups(tx, input.email), replacing, now);
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
