import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { and, count, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, organisations, type UserRow, users } from "../../db/schema.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { revokeTokens, TOKEN_LIFETIMES_MS } from "./account-tokens.js";
import { verifyPassword } from "./password-hash.js";
import { findAccountByEmail, lockEmail } from "./users.js";

/**
 * How long an unconfirmed signup is kept: as long as its signup token. After that it is dropped
 * the next time its address or organisation number is signed up again, so a stranger's signup
 * cannot hold either for long.
 */
export const PENDING_SIGNUP_LIFETIME_MS = TOKEN_LIFETIMES_MS.signup;

/**
 * Live (not stale) unconfirmed signups kept per address. Past it a new signup must prove it made
 * one of them (its signup token, or the same password) and then replaces that one; without proof
 * it is refused. So nobody can pile up rows under someone else's address, and nobody's signups
 * push out the owner's.
 */
export const MAX_PENDING_SIGNUPS = 3;

/** Whether an unconfirmed signup is still within {@link PENDING_SIGNUP_LIFETIME_MS}. */
export function isLiveSignup(row: Pick<UserRow, "createdAt">, now: Date): boolean {
  return row.createdAt.getTime() >= now.getTime() - PENDING_SIGNUP_LIFETIME_MS;
}

/**
 * Drops an unconfirmed signup: its row, tokens and memberships, and the organisations it created
 * that nobody else belongs to. Only ever called for unverified rows, which cannot have logged in,
 * so nothing else points at them.
 */
export async function discardSignup(db: Database, user: Pick<UserRow, "id">): Promise<void> {
  const memberships = await db
    .select({ organisationId: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, user.id));
  const organisationIds = memberships.map((membership) => membership.organisationId);
  if (organisationIds.length > 0) {
    const shared = await db
      .select({ organisationId: organisationMembers.organisationId, members: count() })
      .from(organisationMembers)
      .where(
        and(
          inArray(organisationMembers.organisationId, organisationIds),
          ne(organisationMembers.userId, user.id),
        ),
      )
      .groupBy(organisationMembers.organisationId);
    const keep = new Set(shared.map((row) => row.organisationId));
    const own = organisationIds.filter((id) => !keep.has(id));
    if (own.length > 0) await db.delete(organisations).where(inArray(organisations.id, own));
  }
  await db.delete(users).where(and(eq(users.id, user.id), eq(users.emailVerified, false)));
}

/**
 * Makes room for a new signup of `pending`'s address (newest first, as `findPendingSignups`
 * answers), under the address's lock: drops the signups older than
 * {@link PENDING_SIGNUP_LIFETIME_MS}, and the one the caller proved it made (`replacing`, its id),
 * if it is still there. Otherwise the new signup goes beside the live ones, and when there are
 * {@link MAX_PENDING_SIGNUPS} of them already it is refused: 409 'email not verified' (A§8). A
 * live signup is never dropped for anyone but its own author, so a stranger's signups never
 * take the owner's, nor the organisation it registered.
 */
export async function makeRoomForSignup(
  db: Database,
  pending: readonly UserRow[],
  replacing: Pick<UserRow, "id"> | undefined,
  now: Date,
): Promise<void> {
  const live = pending.filter((row) => isLiveSignup(row, now));
  for (const row of pending.filter((candidate) => !isLiveSignup(candidate, now))) {
    await discardSignup(db, row);
  }
  const replaced = replacing && live.find((row) => row.id === replacing.id);
  if (replaced) {
    await discardSignup(db, replaced);
    return;
  }
  if (live.length >= MAX_PENDING_SIGNUPS) {
    throw new BusinessFailure(409, ACCOUNT_DETAILS.emailNotVerified);
  }
}

/**
 * Drops the unconfirmed signups of an address but `except`: once the address is confirmed they
 * are strangers' or stale.
 */
export async function discardPendingSignups(
  db: Database,
  email: string,
  { except }: { except?: string } = {},
): Promise<void> {
  const others = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        eq(users.emailVerified, false),
        except === undefined ? undefined : ne(users.id, except),
      ),
    );
  for (const other of others) await discardSignup(db, other);
}

/**
 * An organisation number held by a signup nobody confirmed within
 * {@link PENDING_SIGNUP_LIFETIME_MS} is freed: the organisation goes with that signup. Answers
 * whether the number was freed.
 */
export async function freeStaleOrganisationNumber(
  db: Database,
  organisationNumber: string,
  now: Date,
): Promise<boolean> {
  const holders = await db
    .select({ user: users })
    .from(organisations)
    .innerJoin(organisationMembers, eq(organisationMembers.organisationId, organisations.id))
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisations.organisationNumber, organisationNumber));
  const staleBefore = new Date(now.getTime() - PENDING_SIGNUP_LIFETIME_MS);
  const allStale =
    holders.length > 0 &&
    holders.every(({ user }) => !user.emailVerified && user.createdAt < staleBefore);
  if (!allStale) return false;
  for (const { user } of holders) await discardSignup(db, user);
  return true;
}

/**
 * Makes a signup the account of its address and drops the address's other signups, under the
 * address's lock. False when the address already has an account (another signup of it was
 * confirmed first): then every unconfirmed signup of it, this one too, is dropped instead.
 */
export async function confirmSignup(
  db: Database,
  signup: UserRow,
  changes: Partial<Pick<UserRow, "passwordHash">>,
  now: Date,
): Promise<boolean> {
  await lockEmail(db, signup.email);
  if (await findAccountByEmail(db, signup.email)) {
    await discardPendingSignups(db, signup.email);
    return false;
  }
  await db
    .update(users)
    .set({ ...changes, emailVerified: true, updatedAt: now })
    .where(eq(users.id, signup.id));
  await revokeTokens(db, signup.id, ["signup", "verify"]);
  await discardPendingSignups(db, signup.email, { except: signup.id });
  return true;
}

/** The unconfirmed signup (of `pending`, newest first) whose password this is, if any. */
export async function signupWithPassword(
  pending: readonly UserRow[],
  password: string,
): Promise<UserRow | undefined> {
  for (const signup of pending) {
    if (await verifyPassword(password, signup.passwordHash)) return signup;
  }
  return undefined;
}
