import type { Database } from "../../db/open-database.js";
import { type HitOutcome, type RateLimit, takeHit } from "../rate-limits/rate-limit.js";

/**
 * Discount codes a session, and a client address, may try in 15 minutes without one being
 * added. A code is a short word, so without a limit the codes of a shop can be found by trying
 * words (issue 28: 60 unknown codes in a row, none refused). A shopper types a code or two, and
 * an office behind one address a handful each; a code that is added is not counted.
 */
export const DISCOUNT_CODE_TRIES = { perSession: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

/**
 * Unknown codes the whole shop may be sent in a minute, from every session and address together
 * (ADR 0051). The limits per session and address hold one client; a guesser with many addresses
 * (a /56 of home IPv6 has 256 /64s, a cloud's /48 65,536) is many clients to them. Past this
 * budget every try of an unknown code is refused with 429 and `Retry-After` until the minute has
 * room again, while a code that exists is still added (and an expired or inactive one still told
 * apart, C§8). 300 a minute is 18,000 mistyped or made-up codes an hour: the busiest campaign of
 * a large shop stays far below it, and a shopper's typo past it waits a minute at most.
 */
export const UNKNOWN_DISCOUNT_CODES_SHOP_WIDE = { perMinute: 300, windowMs: 60 * 1000 };

/** The limit's name, as `/metrics` labels its refusals. */
export const SHOP_WIDE_LIMIT_NAME = "discount-code-shop";

/** The limits of a discount-code try, as `/metrics` names their refusals. */
export const DISCOUNT_CODE_LIMIT_NAMES = [
  "discount-code-session",
  "discount-code-address",
  SHOP_WIDE_LIMIT_NAME,
] as const;

export interface DiscountCodeTrySource {
  sessionId: string;
  /** The shopper's address, see `clientAddress`; unknown means no per-address limit. */
  address: string | undefined;
}

/**
 * Counts a try before the code is looked up, against the session and the address, or refuses it
 * when either is at its limit: counted first, in one locked step, so a burst of parallel guesses
 * cannot slip past. The caller takes the hits back (`forgetHits`) when the code is added.
 */
export function countDiscountCodeTry(
  db: Database,
  source: DiscountCodeTrySource,
  now: Date,
): Promise<HitOutcome> {
  const { perSession, perAddress, windowMs } = DISCOUNT_CODE_TRIES;
  const limits: RateLimit[] = [
    { key: `discount-code-session:${source.sessionId}`, limit: perSession, windowMs },
  ];
  if (source.address !== undefined) {
    limits.push({ key: `discount-code-address:${source.address}`, limit: perAddress, windowMs });
  }
  return takeHit(db, limits, now);
}

/**
 * Counts a try whose code does not exist against the shop-wide budget
 * ({@link UNKNOWN_DISCOUNT_CODES_SHOP_WIDE}), or refuses it when the budget of the last minute is
 * spent. In the database like the other limits, so it holds across every platform process.
 * Counted after the lookup, only for unknown codes: a guessing run cannot make the shop's real
 * codes unusable.
 */
export function countUnknownDiscountCode(db: Database, now: Date): Promise<HitOutcome> {
  const { perMinute, windowMs } = UNKNOWN_DISCOUNT_CODES_SHOP_WIDE;
  const limit = { key: `${SHOP_WIDE_LIMIT_NAME}:unknown`, limit: perMinute, windowMs };
  // One key for the whole shop: once spent, a flood is refused without queueing on its lock.
  return takeHit(db, [limit], now, { refuseWithoutLock: true });
}
