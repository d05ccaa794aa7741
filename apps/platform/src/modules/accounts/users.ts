import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, organisations, type UserRow, users } from "../../db/schema.js";

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

/** An organisation as the login reply and the current user carry it (`UserOrganisation`). */
export interface UserOrganisationReply {
  id: string;
  name: string;
  status: string;
  organisation_number: string;
  tax_id_vat_number: string;
  contact_name: string;
  role: "customer" | "agent";
  level: "admin" | "default";
}

/**
 * The user's organisations, in the order the user joined them. The storefront writes the first
 * one's company attributes into the cart after login (A§4), so the order is stable.
 */
export async function organisationsOf(
  db: Database,
  userId: string,
): Promise<UserOrganisationReply[]> {
  const rows = await db
    .select({ organisation: organisations, membership: organisationMembers })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisationMembers.createdAt), asc(organisations.name), asc(organisations.id));
  return rows.map(({ organisation, membership }) => ({
    id: organisation.id,
    name: organisation.name,
    status: organisation.status,
    organisation_number: organisation.organisationNumber,
    tax_id_vat_number: organisation.taxIdVatNumber,
    contact_name: organisation.contactName,
    role: membership.role,
    level: membership.level,
  }));
}

/** `LoginUser` of the wire contract. */
export interface LoginUserReply {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  store_group_id: string;
  market: string;
  language: string;
  organisations: UserOrganisationReply[];
}

export async function loginUserReply(db: Database, user: UserRow): Promise<LoginUserReply> {
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

/** `CurrentUser` of the wire contract (A§3 Current user). */
export interface CurrentUserReply {
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
  organisations: UserOrganisationReply[];
}

export async function currentUserReply(db: Database, user: UserRow): Promise<CurrentUserReply> {
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
