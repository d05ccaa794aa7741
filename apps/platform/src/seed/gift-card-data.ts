import { createHash } from "node:crypto";
import type { Database } from "../db/open-database.js";
import { giftCards } from "../db/schema.js";
import { hashGiftCardPin } from "../modules/accounts/password-hash.js";

/**
 * Demo gift cards (Retain24), one for each answer the service gives (README "Gift cards"). Every
 * pin is 1234. Balances are in minor units. Seeded only with the demo accounts: the pins are
 * public.
 */
export const DEMO_GIFT_CARDS = [
  { code: "6000000000001000", currencyCode: "SEK", balance: 50_000, note: "500 kr" },
  { code: "6000000000002000", currencyCode: "SEK", balance: 10_000, note: "100 kr" },
  { code: "6000000000003000", currencyCode: "EUR", balance: 5_000, note: "50 €" },
  { code: "6000000000004000", currencyCode: "SEK", balance: 0, note: "used up" },
  {
    code: "6000000000005000",
    currencyCode: "SEK",
    balance: 20_000,
    note: "expired",
    expired: true,
  },
  {
    code: "6000000000006000",
    currencyCode: "SEK",
    balance: 20_000,
    note: "blocked",
    blocked: true,
  },
  { code: "6000000000007000", currencyCode: "EUR", balance: 100_000, note: "1000 €" },
  { code: "6000000000008000", currencyCode: "SEK", balance: 1_000_000, note: "10 000 kr" },
] as const;

export const DEMO_GIFT_CARD_PIN = "1234";

/** Inserts the demo cards that are not there yet; answers how many were added. */
export async function seedGiftCards(db: Database): Promise<number> {
  const rows = await Promise.all(
    DEMO_GIFT_CARDS.map(async (card) => {
      // A salt of the code: the seed stays deterministic, and no two cards share one.
      const salt = createHash("sha256").update(card.code).digest().subarray(0, 16);
      const expired = "expired" in card && card.expired;
      return {
        code: card.code,
        pinHash: await hashGiftCardPin(DEMO_GIFT_CARD_PIN, salt),
        currencyCode: card.currencyCode,
        initialBalance: card.balance,
        balance: card.balance,
        validFrom: new Date("2025-01-01T00:00:00Z"),
        validUntil: expired ? new Date("2025-12-31T23:59:59Z") : new Date("2035-12-31T23:59:59Z"),
        status: "blocked" in card && card.blocked ? ("blocked" as const) : ("active" as const),
      };
    }),
  );
  const added = await db.insert(giftCards).values(rows).onConflictDoNothing().returning();
  return added.length;
}
