import { createHash } from "node:crypto";
import { normalizeGiftCardValue } from "@kassa/domain";
import type { Database } from "../../db/open-database.js";
import { clearHits, type HitOutcome, type RateLimit, takeHit } from "../rate-limits/rate-limit.js";

/**
 * How many gift-card tries are allowed (platform contract: codes and pins are guessable by brute
 * force otherwise). A checkout's session and a client address may try 20 and 60 cards an hour; a
 * shopper with a handful of cards stays far below either. A pin is four digits, so one card also
 * takes at most 10 wrong tries a day, from wherever they come (many sessions, many addresses):
 * guessing its 10,000 pins would take years. A right pin clears the card's count, and the count
 * slides, so the owner is never locked out for longer than a day, and not at all unless someone
 * else has been trying their card (ADR 0030).
 */
export const GIFT_CARD_TRIES = {
  perSession: 20,
  perAddress: 60,
  windowMs: 60 * 60 * 1000,
  perCard: 10,
  cardWindowMs: 24 * 60 * 60 * 1000,
};

export interface GiftCardTrySource {
  /** The session the checkout belongs to. */
  sessionId: string;
  /** The shopper's address, see `clientAddress`; unknown means no per-address limit. */
  address: string | undefined;
  /** The card number as typed: a number nobody issued is counted like an issued one. */
  code: string;
}

/** The card's key: hashed, so the table of hits holds no card numbers. */
function cardKey(code: string): string {
  const digest = createHash("sha256").update(normalizeGiftCardValue(code)).digest("base64url");
  return `gift-card-card:${digest}`;
}

/**
 * Counts a try before the pin is checked, against the session, the address and the card, or
 * refuses it when any is at its limit: counted first, in one locked step, so parallel guesses
 * cannot slip past. The caller clears the card's count when the pin turns out right.
 */
export function countGiftCardTry(
  db: Database,
  source: GiftCardTrySource,
  now: Date,
): Promise<HitOutcome> {
  const { perSession, perAddress, windowMs, perCard, cardWindowMs } = GIFT_CARD_TRIES;
  const limits: RateLimit[] = [
    { key: `gift-card-session:${source.sessionId}`, limit: perSession, windowMs },
    { key: cardKey(source.code), limit: perCard, windowMs: cardWindowMs },
  ];
  if (source.address !== undefined) {
    limits.push({ key: `gift-card-address:${source.address}`, limit: perAddress, windowMs });
  }
  return takeHit(db, limits, now);
}

/** Forgets a card's failed tries: its pin was just given right (by its owner, then). */
export async function clearCardFailures(db: Database, code: string): Promise<void> {
  await clearHits(db, cardKey(code));
}
