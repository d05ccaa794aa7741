import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { rateLimitHits } from "../../db/schema.js";
import { currentRequestContext } from "../../logging/request-context.js";

/**
 * At most `limit` hits of `key` within any `windowMs`. The key is `<limit name>:<subject>`
 * (`login-address:203.0.113.7`); the name labels the limit's refusals in `/metrics`.
 */
export interface RateLimit {
  key: string;
  limit: number;
  windowMs: number;
}

export type HitOutcome =
  /** Counted: the hits' ids, to take back with `forgetHits` when the event turns out not to count. */
  | { allowed: true; hitIds: number[] }
  /**
   * Refused and not counted: the seconds until every limit has room again, and the names of the
   * limits that were full.
   */
  | { allowed: false; retryAfterSeconds: number; refusedBy: string[] };

/** The name of the limit a key belongs to: `login-address` of `login-address:203.0.113.7`. */
export function limitNameOf(key: string): string {
  const colon = key.indexOf(":");
  return colon < 0 ? key : key.slice(0, colon);
}

/**
 * Checks every limit and, when all have room, counts one hit against each — as one step. Two
 * requests racing for the last hit are serialised by a transaction-scoped advisory lock per key
 * (PostgreSQL), and PGlite runs one transaction at a time, so on either database the n-th
 * concurrent request sees the n-1 hits before it: a burst can never get more than `limit` through.
 * (Checking first and recording after the slow part is what let 43 of 100 parallel logins through.)
 *
 * A refused attempt is not counted, so a client that keeps trying is not locked out for longer
 * than the window. It is counted in `/metrics` instead, once under each full limit's name
 * (`kassa_platform_rate_limit_refusals_total{limit}`), when it happens in a request.
 *
 * `refuseWithoutLock`: look first without the lock, and refuse at once when a limit is full. For
 * a key the whole shop shares (the budget of unknown discount codes): once it is spent, a flood
 * of attempts is refused by reads and never queues on the one lock, holding a database
 * connection each. A full limit seen without the lock was full, so this never lets more through;
 * a limit with room is still counted under the lock.
 */
export async function takeHit(
  db: Database,
  limits: readonly RateLimit[],
  now: Date,
  { refuseWithoutLock = false }: { refuseWithoutLock?: boolean } = {},
): Promise<HitOutcome> {
  // Locks are taken in one order everywhere, so two requests sharing keys cannot deadlock.
  const ordered = [...limits].sort((a, b) => a.key.localeCompare(b.key));
  const seen = refuseWithoutLock ? await refusal(db, ordered, now) : undefined;
  const outcome = seen ?? (await countOrRefuse(db, ordered, now));
  if (!outcome.allowed) {
    const count = currentRequestContext()?.countLimitRefusal;
    for (const name of outcome.refusedBy) count?.(name);
  }
  return outcome;
}

/** The refusal when any of `limits` is full as the database stands now, else undefined. */
async function refusal(
  db: Database,
  limits: readonly RateLimit[],
  now: Date,
): Promise<Extract<HitOutcome, { allowed: false }> | undefined> {
  let waitMs = 0;
  const full = new Set<string>();
  for (const limit of limits) {
    const since = new Date(now.getTime() - limit.windowMs);
    const recent = await db
      .select({ at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, limit.key), gt(rateLimitHits.at, since)))
      .orderBy(desc(rateLimitHits.at))
      .limit(limit.limit);
    // With `limit` hits in the window, room opens when the oldest of them leaves it.
    const oldestCounted = recent[limit.limit - 1];
    if (oldestCounted) {
      waitMs = Math.max(waitMs, oldestCounted.at.getTime() + limit.windowMs - now.getTime());
    }
    if (oldestCounted || limit.limit <= 0) full.add(limitNameOf(limit.key));
  }
  if (full.size === 0) return undefined;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    refusedBy: [...full],
  };
}

/** Under the limits' locks: the refusal, or one hit counted against each limit. */
function countOrRefuse(db: Database, ordered: readonly RateLimit[], now: Date) {
  return db.transaction(async (tx): Promise<HitOutcome> => {
    for (const { key } of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    const refused = await refusal(tx, ordered, now);
    if (refused) return refused;

    const hits = await tx
      .insert(rateLimitHits)
      .values(ordered.map(({ key }) => ({ key, at: now })))
      .returning({ id: rateLimitHits.id });
    // Hits that have left their window count for nothing; they go while the keys are locked.
    for (const limit of ordered) {
      const expired = new Date(now.getTime() - limit.windowMs);
      await tx
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.key, limit.key), lte(rateLimitHits.at, expired)));
    }
    return { allowed: true, hitIds: hits.map((hit) => hit.id) };
  });
}

/** Takes back hits that turned out not to count (a login whose password was right). */
export async function forgetHits(db: Database, hitIds: readonly number[]): Promise<void> {
  if (hitIds.length === 0) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, [...hitIds]));
}

/** Forgets every hit of a key (a successful login clears the account's failures). */
export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** A limit on one kind of event per client address, e.g. signups: `signup-address`, 20, 1 h. */
export interface AddressLimit {
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one event from `address` against `limit`, or refuses it: the seconds to wait, or null
 * when counted. An unknown address (a trusted caller that named no shopper) is not limited:
 * counting it under the caller's own address would put every shopper in one bucket.
 */
export async function refusedForAddress(
  db: Database,
  { name, limit, windowMs }: AddressLimit,
  address: string | undefined,
  now: Date,
): Promise<number | null> {
  if (address === undefined) return null;
  const outcome = await takeHit(db, [{ key: `${name}:${address}`, limit, windowMs }], now);
  return outcome.allowed ? null : outcome.retryAfterSeconds;
}
