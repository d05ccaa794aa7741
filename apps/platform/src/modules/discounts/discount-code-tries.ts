import type { Database } from "../../db/open-database.js";
import { type HitOutcome, type RateLimit, takeHit } from "../rate-limits/rate-limit.js";

/**
 * Discount codes a session, and a client address, may try in 15 minutes without one being
 * added. A code is a short word, so without a limit the codes of a shop can be found by trying
 * words (issue 28: 60 unknown codes in a row, none refused). A shopper types a code or two, and
 * an office behind one address a handful each; a code that is added is not counted.
 */
export const DISCOUNT_CODE_TRIES = { perSession: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

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
