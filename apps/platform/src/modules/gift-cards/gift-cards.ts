import { randomBytes } from "node:crypto";
import { GIFT_CARD_ERRORS } from "@kassa/api-client";
import { normalizeGiftCardValue } from "@kassa/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type CheckoutRow, checkoutGiftCards, checkouts, giftCards } from "../../db/schema.js";
import { HttpError } from "../../http/http-error.js";
import { hashGiftCardPin, verifyPassword } from "../accounts/password-hash.js";
import { checkoutReply } from "../checkout/checkouts.js";
import { clearCardFailures } from "./gift-card-tries.js";

/** A gift-card failure in the words of the real service (platform contract); answered as 400. */
function giftCardError(text: string, status: 400 | 404 = 400): HttpError {
  return new HttpError(status, text, text);
}

/**
 * Splits what is left to pay over the applied cards, in the order they were applied: each card pays
 * at most its balance and at most what the cards before it left. Called after every change of the
 * list, so the amounts always add up to no more than the grand total.
 */
async function reallocate(tx: Database, checkout: CheckoutRow, grandTotal: number): Promise<void> {
  const applied = await tx
    .select({ code: checkoutGiftCards.giftCardCode, balance: giftCards.balance })
    .from(checkoutGiftCards)
    .innerJoin(giftCards, eq(giftCards.code, checkoutGiftCards.giftCardCode))
    .where(eq(checkoutGiftCards.checkoutId, checkout.id))
    .orderBy(asc(checkoutGiftCards.position));
  let left = grandTotal;
  for (const card of applied) {
    const amount = Math.min(card.balance, left);
    left -= amount;
    await tx
      .update(checkoutGiftCards)
      .set({ amount })
      .where(
        and(
          eq(checkoutGiftCards.checkoutId, checkout.id),
          eq(checkoutGiftCards.giftCardCode, card.code),
        ),
      );
  }
}

/**
 * What a pin is checked against when no card has the code: a hash made like every card's (the
 * PIN's own scrypt cost, not a password's), so an unknown card costs the same scrypt as a known one
 * with a wrong pin. Made once, on the first try.
 */
let unknownCardPinHash: Promise<string> | undefined;
function unknownCardPinHashOnce(): Promise<string> {
  unknownCardPinHash ??= hashGiftCardPin(randomBytes(16).toString("base64url"));
  return unknownCardPinHash;
}

/**
 * `PUT /shopper-retain24/gift-cards/{code} {pin}`: applies a card to the checkout. Nothing is drawn
 * here: the balance is drawn once, when the order is placed. A wrong code and a wrong pin answer
 * the same text after the same work (the pin is checked against a stand-in hash when there is no
 * card), so neither the answer nor its time tells which of the two a guesser got right. A right
 * pin clears the card's failed tries (see `countGiftCardTry`).
 */
export async function applyGiftCard(
  db: Database,
  checkout: CheckoutRow,
  rawCode: string,
  rawPin: string | undefined,
  now: Date,
): Promise<void> {
  const code = normalizeGiftCardValue(rawCode);
  const pin = normalizeGiftCardValue(rawPin ?? "");
  if (!pin) throw giftCardError(GIFT_CARD_ERRORS.pinRequired);

  const reply = await checkoutReply(db, checkout);
  if (reply.isStale || reply.status !== "open") {
    throw new HttpError(409, "CHECKOUT_STALE", "The cart changed after this checkout started");
  }

  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, code));
  const pinIsRight = await verifyPassword(pin, card?.pinHash ?? (await unknownCardPinHashOnce()));
  if (!card || !pinIsRight) throw giftCardError(GIFT_CARD_ERRORS.unableToAdd);
  await clearCardFailures(db, code);
  if (card.status !== "active") throw giftCardError(GIFT_CARD_ERRORS.statusInvalid);
  if (now < card.validFrom || now > card.validUntil) {
    throw giftCardError(GIFT_CARD_ERRORS.outsideValidDates);
  }
  if (card.currencyCode !== reply.currencyCode) {
    throw giftCardError(GIFT_CARD_ERRORS.currencyMismatch);
  }
  if (card.balance <= 0) throw giftCardError(GIFT_CARD_ERRORS.insufficientBalance);
  const alreadyApplied = reply.giftCards.some((applied) => applied.id === code);
  if (!alreadyApplied && reply.totals.amountToPay <= 0) {
    throw giftCardError(GIFT_CARD_ERRORS.grandTotalZero);
  }

  await db.transaction(async (tx) => {
    const locked = await lockOpenCheckout(tx, checkout);
    const applied = locked.giftCards.some((entry) => entry.id === code);
    if (!applied) {
      if (locked.totals.amountToPay <= 0) throw giftCardError(GIFT_CARD_ERRORS.grandTotalZero);
      await tx
        .insert(checkoutGiftCards)
        .values({ checkoutId: checkout.id, giftCardCode: code, amount: 0, createdAt: now })
        .onConflictDoNothing();
    }
    await reallocate(tx, checkout, locked.totals.grandTotal);
  });
}

/**
 * The checkout, read again with its row locked for the rest of the transaction, or 409 when it
 * can no longer change (paid, or its cart changed). A gift-card change and the order's placement
 * both lock the row, so they never interleave: a payment placed first leaves the cards as it drew
 * them, and a change made first is what the payment's amount is checked against (ADR 0030). An
 * open payment session is left as it is: its amount no longer adds up, so it cannot be paid until
 * the shop has updated it to the new amount.
 */
async function lockOpenCheckout(tx: Database, checkout: CheckoutRow) {
  const [row] = await tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, checkout.id))
    .for("update");
  if (!row) throw new HttpError(409, "CHECKOUT_STALE", "The checkout no longer exists");
  const reply = await checkoutReply(tx, row);
  if (reply.isStale || reply.status !== "open") {
    throw new HttpError(409, "CHECKOUT_STALE", "The cart changed after this checkout started");
  }
  return reply;
}

/** `DELETE /shopper-retain24/gift-cards/{code}`: removes a card from the checkout. */
export async function removeGiftCard(
  db: Database,
  checkout: CheckoutRow,
  rawCode: string,
): Promise<void> {
  const code = normalizeGiftCardValue(rawCode);
  await db.transaction(async (tx) => {
    const reply = await lockOpenCheckout(tx, checkout);
    const removed = await tx
      .delete(checkoutGiftCards)
      .where(
        and(
          eq(checkoutGiftCards.checkoutId, checkout.id),
          eq(checkoutGiftCards.giftCardCode, code),
        ),
      )
      .returning();
    if (removed.length === 0) throw giftCardError(GIFT_CARD_ERRORS.unableToAdd, 404);
    await reallocate(tx, checkout, reply.totals.grandTotal);
  });
}
