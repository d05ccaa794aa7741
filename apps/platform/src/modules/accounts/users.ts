import type { CurrentUser, LoginUser } from "@kassa/api-client";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import { organisationsOf } from "../companies/memberships.js";

/**
 * The account of an address: its one verified user. Deleted accounts keep their row (with the
 * personal data erased, the address replaced) and are never found: to every call they are "user
 * not found".
 */
export async function findAccountByEmail(
  db: Database,
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, true), ne(users.status, "deleted")));
  return user;
}

/**
 * The signups of an address that nobody has confirmed yet, newest first. Each is its own row with
 * the password its author chose: confirming one makes it the account and drops the others.
 */
export async function findPendingSignups(db: Database, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, false), ne(users.status, "deleted")))
    .orderBy(desc(users.createdAt), desc(users.id));
}

/**
 * Serialises everything that decides which user owns an address (signup, confirmation, reset) for
 * the rest of the transaction. PGlite runs one transaction at a time anyway; on PostgreSQL this
 * is what keeps two confirmations from both winning.
 */
export async function lockEmail(db: Database, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email:${email}`}, 0))`);
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), ne(users.status, "deleted")));
  return user;
}

/** The user in the login reply (A§3 Logged-in user). */
export async function loginUserReply(db: Database, user: UserRow): Promise<LoginUser> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    store_group_id: user.storeGroup,
    market: user.market,
    language: user.language,
    organisations: await organisationsOf(db, user.id),
  };
}

/** The current user (A§3 Current user): `get-user` and `update-user` answer it. */
export async function currentUserReply(db: Database, user: UserRow): Promise<CurrentUser> {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    store_group: user.storeGroup,
    market: user.market,
    language: user.language,
    country_code: user.countryCode,
    is_super_admin: user.isSuperAdmin,
    email_verified: user.emailVerified,
    address: { street: user.street, zip_code: user.zipCode, city: user.city },
    communication_preferences: {
      allow_email: user.allowEmail,
      allow_sms: user.allowSms,
      allow_postal: user.allowPostal,
    },
    organisations: await organisationsOf(db, user.id),
  };
}
