import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { loginAttempts } from "../../db/schema.js";

/** How many failed logins are allowed in a sliding window, per account and per client address. */
export interface LoginLimits {
  windowMs: number;
  perAccount: number;
  perAddress: number;
}

/**
 * 5 per account stops guessing one person's password; 20 per address stops one client from trying
 * many accounts, while an office behind one address still has room for its typos.
 */
export const LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
};

export interface LoginSource {
  /** The email as typed (lower-cased): an unknown address is counted like a known one. */
  email: string;
  /** The client's address, see `clientAddress`; unknown means no per-address limit. */
  address: string | undefined;
}

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Seconds until a failure of `key` drops out of the window and the count is under `limit` again;
 * null when the count already is. With k failures in the window, the block lifts when the
 * `limit`-th most recent one expires.
 */
async function secondsBlocked(
  db: Database,
  key: string,
  limit: number,
  limits: LoginLimits,
  now: Date,
): Promise<number | null> {
  const since = new Date(now.getTime() - limits.windowMs);
  const recent = await db
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)))
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(limit);
  const oldestCounted = recent[limit - 1];
  if (!oldestCounted) return null;
  const waitMs = oldestCounted.at.getTime() + limits.windowMs - now.getTime();
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** Seconds the client must wait before trying this login again, or null when it may try now. */
export async function loginBlockedFor(
  db: Database,
  source: LoginSource,
  limits: LoginLimits,
  now: Date,
): Promise<number | null> {
  const [byAccount, byAddress] = await Promise.all([
    secondsBlocked(db, accountKey(source.email), limits.perAccount, limits, now),
    source.address === undefined
      ? null
      : secondsBlocked(db, addressKey(source.address), limits.perAddress, limits, now),
  ]);
  if (byAccount === null && byAddress === null) return null;
  return Math.max(byAccount ?? 0, byAddress ?? 0);
}

/** Counts a failed login against the account and the address; forgets failures out of the window. */
export async function recordFailedLogin(
  db: Database,
  source: LoginSource,
  limits: LoginLimits,
  now: Date,
): Promise<void> {
  const keys = [accountKey(source.email)];
  if (source.address !== undefined) keys.push(addressKey(source.address));
  await db.insert(loginAttempts).values(keys.map((key) => ({ key, attemptedAt: now })));
  const expired = new Date(now.getTime() - limits.windowMs);
  await db
    .delete(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), lte(loginAttempts.attemptedAt, expired)));
}

/**
 * Forgets the account's failures: after a successful login, a password reset or the account's
 * deletion. The address's failures stay; they are about the client, not the account.
 */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, accountKey(email)));
}
