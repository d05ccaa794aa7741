import type { Database } from "../../db/open-database.js";
import { clearHits, type HitOutcome, type RateLimit, takeHit } from "../rate-limits/rate-limit.js";

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

const accountKey = (email: string) => `login-account:${email}`;
const addressKey = (address: string) => `login-address:${address}`;

/**
 * Counts a login attempt before its password is checked, against the account and the address,
 * or refuses it when either is at its limit. Counting first, in one locked step, is what makes the
 * limit hold against a burst of parallel guesses: each guess is counted before any is checked.
 * The caller takes the hits back (`forgetHits`) when the password turns out to be right.
 */
export function countLoginAttempt(
  db: Database,
  source: LoginSource,
  limits: LoginLimits,
  now: Date,
): Promise<HitOutcome> {
  const counted: RateLimit[] = [
    { key: accountKey(source.email), limit: limits.perAccount, windowMs: limits.windowMs },
  ];
  if (source.address !== undefined) {
    counted.push({
      key: addressKey(source.address),
      limit: limits.perAddress,
      windowMs: limits.windowMs,
    });
  }
  return takeHit(db, counted, now);
}

/**
 * Forgets the account's failures: after a successful login, a password reset or the account's
 * deletion. The address's failures stay; they are about the client, not the account.
 */
export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await clearHits(db, accountKey(email));
}

/** The rate-limit key of an account's failed logins (for tests and the deletion's clean-up). */
export const loginAccountKey = accountKey;
