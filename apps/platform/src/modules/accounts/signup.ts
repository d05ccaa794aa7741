import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { ACCOUNT_DETAILS } from "./account-details.js";
import {
  countryField,
  emailField,
  languageField,
  marketField,
  newPasswordField,
  phoneField,
  requiredText,
  storeGroupField,
} from "./account-fields.js";
import { hashPassword } from "./password-hash.js";
import { findUserByEmail } from "./users.js";

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
  phone_number: phoneField,
  language: languageField.default("SV"),
  country_code: countryField.default("SE"),
  market: marketField.default("SE"),
  store_group: storeGroupField.default("default"),
  /** Accepted for the wire shape, then ignored: every signup is a customer (A§4, A§6). */
  role: z.enum(["customer", "agent"]).optional(),
  allow_email_notifications: z.boolean().default(false),
  allow_phone_notifications: z.boolean().default(false),
  allow_postal_notifications: z.boolean().default(false),
  /** A storefront setting (A§3): `pending` accounts cannot log in until someone activates them. */
  status: z.enum(["active", "pending"]).default("active"),
});

export type SignupInput = z.output<typeof signupBody>;

/** `SignupResult` of the wire contract. */
export interface SignupResultReply {
  id: string;
  email: string;
  status: "active" | "pending";
  email_verified: boolean;
}

/** The answer to signing up with an address that already has an account (A§4, A§8). */
function alreadyRegistered(existing: UserRow | undefined): BusinessFailure {
  // An unverified account is offered a new verification link by the storefront, not an error.
  return existing && !existing.emailVerified
    ? new BusinessFailure(409, ACCOUNT_DETAILS.emailNotVerified)
    : new BusinessFailure(409, ACCOUNT_DETAILS.userAlreadyExists);
}

/** Creates an unverified customer. The caller sends the verification mail. */
export async function signUp(db: Database, input: SignupInput, now: Date): Promise<UserRow> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) throw alreadyRegistered(existing);

  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
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
        allowEmail: input.allow_email_notifications,
        allowSms: input.allow_phone_notifications,
        allowPostal: input.allow_postal_notifications,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!user) throw new Error("Inserting a user returned no row");
    return user;
  } catch (error) {
    // Two signups with one address at the same time: the second loses at the unique index.
    if (isUniqueViolation(error, "users_email_unique")) {
      throw alreadyRegistered(await findUserByEmail(db, input.email));
    }
    throw error;
  }
}

export function signupResultReply(user: UserRow): SignupResultReply {
  return {
    id: user.id,
    email: user.email,
    // A new account is never deleted.
    status: user.status === "pending" ? "pending" : "active",
    email_verified: user.emailVerified,
  };
}
