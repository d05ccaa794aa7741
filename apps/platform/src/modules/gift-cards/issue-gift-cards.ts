import { randomInt } from "node:crypto";
import type { Cart } from "@kassa/api-client";
import {
  GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY,
  giftCardRecipientLimitError,
  recipientKey,
} from "@kassa/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { giftCardProducts, giftCards, type OrderRow } from "../../db/schema.js";
import { hashGiftCardPin } from "../accounts/password-hash.js";
import type { Mailer } from "../mail/send-mail.js";
import { OrderRefused } from "../orders/order-refused.js";
import { takeHit } from "../rate-limits/rate-limit.js";
import { issuedGiftCardMail } from "./gift-card-mail.js";
import { isGiftCardLine } from "./gift-card-product-catalogue.js";

/** How long an issued card can be used: three years from the order (the Swedish limitation period). */
export const GIFT_CARD_VALID_YEARS = 3;

/** A 16-digit card number that does not start with 0; random, so numbers cannot be guessed in a row. */
export function newGiftCardCode(): string {
  let code = String(randomInt(1, 10));
  for (let i = 0; i < 15; i++) code += String(randomInt(0, 10));
  return code;
}

/** A 4-digit PIN, `0000`–`9999`. */
export function newGiftCardPin(): string {
  return String(randomInt(0, 10_000)).padStart(4, "0");
}

function yearsLater(date: Date, years: number): Date {
  const later = new Date(date.getTime());
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts the order's gift-card mails against each recipient's daily share
 * ({@link GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY}), in the order's transaction, so a refused or
 * failed order counts nothing. A recipient without room refuses the order (the shopper sees why
 * on the order error card) before any card is issued or mailed: the shop never becomes a relay
 * that mails a stranger's words to one address without end.
 */
async function countRecipientMails(tx: Database, addresses: readonly string[], now: Date) {
  // Keys in one order, so two orders for the same recipients never wait on each other in turn.
  const counts = new Map<string, number>();
  for (const address of addresses) {
    counts.set(recipientKey(address), (counts.get(recipientKey(address)) ?? 0) + 1);
  }
  for (const [address, mails] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    const limit = {
      key: `gift-card-mail:${address}`,
      limit: GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY,
      windowMs: DAY_MS,
    };
    for (let mail = 0; mail < mails; mail++) {
      const outcome = await takeHit(tx, [limit], now);
      if (!outcome.allowed) {
        throw new OrderRefused("A gift card's recipient has had enough gift cards today", {
          errors: [giftCardRecipientLimitError(address)],
        });
      }
    }
  }
}

/**
 * Issues the gift cards bought with an order (C§7 gift-card products), inside the order's
 * transaction: for each gift-card line of the cart a card in `gift_cards` (a random 16-digit
 * number and 4-digit PIN, the PIN stored hashed; balance the amount loaded; valid for
 * {@link GIFT_CARD_VALID_YEARS} years from `now`), and a mail with number and PIN to the receiving
 * email in the outbox. Runs once per order: `placeOrder` answers a repeat with the order it placed.
 * Each recipient's daily share of gift-card mails is counted first; one without room refuses the
 * order ({@link OrderRefused}).
 */
export async function issueBoughtGiftCards(
  tx: Database,
  mailer: Mailer,
  { order, cart, now }: { order: OrderRow; cart: Cart; now: Date },
): Promise<number> {
  const lineIds = cart.items.filter(isGiftCardLine).map((item) => item.id);
  if (lineIds.length === 0) return 0;
  const products = await tx
    .select()
    .from(giftCardProducts)
    .where(
      and(
        eq(giftCardProducts.sessionId, order.sessionId),
        inArray(giftCardProducts.cartItemId, lineIds),
      ),
    );
  const byLine = new Map(products.map((product) => [product.cartItemId, product]));
  await countRecipientMails(
    tx,
    products.filter((product) => !product.issuedGiftCardCode).map((p) => p.receivingEmail),
    now,
  );
  let issued = 0;
  for (const lineId of lineIds) {
    const product = byLine.get(lineId);
    if (!product) throw new Error(`Gift-card line ${lineId} has no gift-card product`);
    if (product.issuedGiftCardCode) continue;
    const pin = newGiftCardPin();
    const pinHash = await hashGiftCardPin(pin);
    const validUntil = yearsLater(now, GIFT_CARD_VALID_YEARS);
    let code: string | undefined;
    // 10^15 numbers: a clash is all but impossible, but a clash must never hand out a used card.
    for (let attempt = 0; attempt < 5 && !code; attempt++) {
      const candidate = newGiftCardCode();
      const inserted = await tx
        .insert(giftCards)
        .values({
          code: candidate,
          pinHash,
          currencyCode: product.currencyCode,
          initialBalance: product.amountToLoad,
          balance: product.amountToLoad,
          validFrom: now,
          validUntil,
          status: "active",
          receivingEmail: product.receivingEmail,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ code: giftCards.code });
      code = inserted[0]?.code;
    }
    if (!code) throw new Error("Could not find a free gift card number");
    await tx
      .update(giftCardProducts)
      .set({ issuedGiftCardCode: code })
      .where(eq(giftCardProducts.id, product.id));
    await mailer.send(
      await issuedGiftCardMail({
        to: product.receivingEmail,
        code,
        pin,
        amount: product.amountToLoad,
        currencyCode: product.currencyCode,
        validUntil,
        templateId: product.templateId,
        senderName: product.senderName,
        message: product.message,
        languageCode: order.languageCode,
      }),
      { db: tx },
    );
    issued++;
  }
  return issued;
}
