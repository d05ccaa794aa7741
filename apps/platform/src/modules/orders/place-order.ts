import { randomUUID } from "node:crypto";
import type { OrderAddress } from "@kassa/api-client";
import { GIFT_CARD_ERRORS, ORDER_REFUSAL_ERRORS } from "@kassa/api-client";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  cartItems,
  checkouts,
  giftCardDraws,
  giftCards,
  type OrderRow,
  orderLines,
  orders,
  type PaymentSessionRow,
  paymentSessions,
  shopperSessions,
  variantStocks,
} from "../../db/schema.js";
import { cacheTag, publishCacheTags } from "../cache-tags/cache-tags.js";
import { appliedGiftCards, frozenCart } from "../checkout/checkouts.js";
import { isGiftCardLine } from "../gift-cards/gift-card-product-catalogue.js";
import { issueBoughtGiftCards } from "../gift-cards/issue-gift-cards.js";
import type { Mailer } from "../mail/send-mail.js";
import { lapsedCustomerLink } from "../shopper/session-customer.js";
import { addressProblems, cleanAddress, withCardAddress } from "./order-address.js";
import { orderConfirmationMail } from "./order-mail.js";
import { placementOf, recordPlacement } from "./order-placement.js";
import { OrderRefused } from "./order-refused.js";
import { findOrderOfCheckout, placedOrderReply } from "./order-reply.js";

export interface PlaceOrderInput {
  /**
   * The payment that paid: `amount` is what the provider charged, as its widget showed it. The
   * order is written for exactly that, or not at all (ADR 0030).
   */
  payment: Pick<PaymentSessionRow, "id" | "checkoutId" | "provider" | "reference" | "amount">;
  billingAddress: Partial<OrderAddress>;
  shippingAddress?: Partial<OrderAddress>;
  now: Date;
  /** Runs in the transaction once the order is written (not when it was already there). */
  afterPlaced?: (tx: Database, order: OrderRow) => Promise<void>;
}

/**
 * Places the order of a paid checkout, once (DESIGN §8). In one transaction: the checkout row is
 * locked (a second confirmation or notification waits, then finds the order and answers it); the
 * cart must still be the one the checkout froze; the payment must still be open and charge what
 * its session says, and that amount plus the gift cards must be the grand total (ADR 0030); the
 * addresses must pass the order rules; stock is drawn by conditional updates (two shoppers racing
 * for the last unit: one draws it, the other is refused with the variant named); gift-card
 * balances are drawn the same way; the order and its lines are written, the cart emptied, the
 * payment session completed, and the confirmation mail stored in the outbox. Anything refused
 * rolls all of it back and throws {@link OrderRefused}.
 */
export async function placeOrder(
  db: Database,
  mailer: Mailer,
  input: PlaceOrderInput,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, input.payment.checkoutId))
      .for("update");
    if (!checkout) throw new OrderRefused("The checkout no longer exists");

    const existing = await findOrderOfCheckout(tx, checkout.id);
    if (existing) {
      // A repeat of the payment that placed it. Another payment of the same checkout is not
      // answered with that order: it paid for nothing, and must not count as paid.
      if (
        existing.paymentProvider === input.payment.provider &&
        existing.paymentReference === input.payment.reference
      ) {
        return existing;
      }
      throw new OrderRefused("The checkout was paid by another payment", {
        errors: [ORDER_REFUSAL_ERRORS.paymentEnded],
      });
    }

    const [session] = await tx
      .select()
      .from(shopperSessions)
      .where(eq(shopperSessions.id, checkout.sessionId))
      .for("update");
    if (!session || session.revision !== checkout.cartRevision) {
      throw new OrderRefused("The cart changed after the checkout started", {
        errors: [ORDER_REFUSAL_ERRORS.cartChanged],
      });
    }

    // The payment as it stands now, locked: still open, and charging what the provider charged
    // (an update of its amount meanwhile means the shopper paid another amount than it has now).
    const [payment] = await tx
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, input.payment.id))
      .for("update");
    if (!payment || payment.checkoutId !== checkout.id || payment.status !== "open") {
      throw new OrderRefused("The payment has ended", {
        errors: [ORDER_REFUSAL_ERRORS.paymentEnded],
      });
    }
    const cart = frozenCart(checkout);
    const cards = await appliedGiftCards(tx, checkout.id);
    const giftCardTotal = cards.reduce((sum, card) => sum + card.amount, 0);
    if (
      payment.amount !== input.payment.amount ||
      !paysInFull({
        paid: input.payment.amount,
        giftCards: giftCardTotal,
        grandTotal: cart.totals.grandTotal,
      })
    ) {
      // The provider charged another amount than the order costs (a gift card applied or removed
      // after the payment opened, and the payment not updated): never write such an order.
      throw new OrderRefused("The paid amount does not match the order", {
        errors: [ORDER_REFUSAL_ERRORS.paymentMismatch],
      });
    }

    // The customer link, asked again now: a member an admin removed after the checkout started
    // no longer orders for the company (issue 28).
    const lapsed = await lapsedCustomerLink(tx, checkout);
    if (lapsed) {
      throw new OrderRefused(lapsed, { errors: [`customer: ${lapsed.toLowerCase()}`] });
    }

    // The customer card's addresses (A§2), when an agent chose them, take the provider's place;
    // the provider's names and email stay. The revision check above proves they are the ones the
    // checkout was started with.
    const billing = withCardAddress(input.billingAddress, session.customerBillingAddress);
    const shipping = session.customerShippingAddress
      ? withCardAddress(
          input.shippingAddress ?? input.billingAddress,
          session.customerShippingAddress,
        )
      : (input.shippingAddress ?? billing);
    const problems = [
      ...addressProblems("billing", billing),
      ...(input.shippingAddress || session.customerShippingAddress
        ? addressProblems("shipping", shipping)
        : []),
    ];
    if (problems.length > 0) throw new OrderRefused("The order is not valid", { errors: problems });

    const wanted = new Map<string, number>();
    for (const item of cart.items) {
      // Gift cards being bought have no stock: they are issued below.
      if (isGiftCardLine(item)) continue;
      wanted.set(item.productVariantId, (wanted.get(item.productVariantId) ?? 0) + item.quantity);
    }
    const soldOut: string[] = [];
    for (const [variantId, quantity] of wanted) {
      const drawn = await tx
        .update(variantStocks)
        .set({ stockQuantity: sql`${variantStocks.stockQuantity} - ${quantity}` })
        .where(
          and(
            eq(variantStocks.productVariantId, variantId),
            eq(variantStocks.countryCode, cart.countryCode),
            sql`${variantStocks.stockQuantity} - ${variantStocks.reservedQuantity} >= ${quantity}`,
          ),
        )
        .returning({ id: variantStocks.productVariantId });
      if (drawn.length === 0) soldOut.push(variantId);
    }
    if (soldOut.length > 0) {
      throw new OrderRefused("Some items are no longer in stock", { productVariantIDs: soldOut });
    }
    // The stock drawn changes what the product pages show: announced when this order commits.
    const drawnParents = cart.items
      .filter((item) => wanted.has(item.productVariantId))
      .map((item) => item.productParentId);
    await publishCacheTags(tx, new Set(drawnParents.map(cacheTag.stock)));

    const orderId = randomUUID();
    // What the provider charged, never recomputed: the check above proved it pays the rest.
    const paidAmount = input.payment.amount;

    const billingAddress = cleanAddress(billing);
    const placement = await placementOf(
      tx,
      {
        userId: checkout.customerUserId,
        organisationId: checkout.customerOrganisationId,
        contactUserId: session.customerContactUserId,
      },
      { billingAddress, email: billingAddress.email },
    );
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        checkoutId: checkout.id,
        sessionId: session.id,
        storeGroupId: session.storeGroupId,
        countryCode: cart.countryCode,
        currencyCode: cart.currencyCode,
        languageCode: cart.languageCode,
        isTaxIncludedInPrice: cart.isTaxIncludedInPrice,
        email: billingAddress.email,
        billingAddress,
        shippingAddress: cleanAddress(shipping),
        attributes: cart.attributes,
        discountCodes: cart.discountCodes,
        subTotal: cart.totals.subTotal,
        shippingTotal: cart.totals.shippingTotal,
        discountTotal: cart.totals.discountTotal,
        taxTotal: cart.totals.taxTotal,
        grandTotal: cart.totals.grandTotal,
        giftCardTotal,
        paidAmount,
        paymentProvider: input.payment.provider,
        paymentReference: input.payment.reference,
        shippingProvider: checkout.shippingProvider,
        placedAt: input.now,
        userId: checkout.customerUserId,
        organisationId: checkout.customerOrganisationId,
        customStates: placement.customStates,
      })
      .returning();
    if (!order) throw new Error("Inserting an order returned no row");
    await recordPlacement(tx, order, placement, input.now);

    // Each card is drawn exactly its applied amount or the whole order rolls back.
    let drawnTotal = 0;
    for (const card of cards.filter((applied) => applied.amount > 0)) {
      const drawn = await tx
        .update(giftCards)
        .set({ balance: sql`${giftCards.balance} - ${card.amount}` })
        .where(
          and(
            eq(giftCards.code, card.code),
            eq(giftCards.status, "active"),
            gte(giftCards.balance, card.amount),
          ),
        )
        .returning({ code: giftCards.code });
      if (drawn.length === 0) {
        throw new OrderRefused(GIFT_CARD_ERRORS.insufficientBalance, {
          errors: [`gift_card: ${GIFT_CARD_ERRORS.insufficientBalance}`],
        });
      }
      await tx.insert(giftCardDraws).values({
        giftCardCode: card.code,
        orderId,
        amount: card.amount,
        createdAt: input.now,
      });
      drawnTotal += card.amount;
    }
    // The invariant, on what this order records as paid and drew: nothing is written otherwise.
    if (
      drawnTotal !== order.giftCardTotal ||
      !paysInFull({ paid: order.paidAmount, giftCards: drawnTotal, grandTotal: order.grandTotal })
    ) {
      throw new OrderRefused("The paid amount does not match the order", {
        errors: [ORDER_REFUSAL_ERRORS.paymentMismatch],
      });
    }

    await tx.insert(orderLines).values(
      cart.items.map((item, position) => ({
        orderId,
        position,
        productVariantId: item.productVariantId,
        productParentId: item.productParentId,
        name: item.name,
        displayName: item.displayName,
        imageUrl: item.imageUrl,
        quantity: item.quantity,
        options: item.options,
        customAttributes: item.customAttributes as unknown as Record<string, unknown>,
        basePriceAmount: item.basePriceAmount,
        salePriceAmount: item.salePriceAmount,
        totalDiscountAmount: item.totalDiscountAmount,
        totalPriceAmount: item.totalPriceAmount,
        taxPercentage: item.taxPercentage,
      })),
    );

    // Gift cards bought with this order are issued and mailed to their recipients, now: the
    // order is paid, and the cart lines that say what to issue are still here.
    await issueBoughtGiftCards(tx, mailer, { order, cart, now: input.now });

    // The cart is bought: it empties, and its codes go with it. The revision moves on, so no other
    // checkout of this cart can be paid any more.
    await tx.delete(cartItems).where(eq(cartItems.sessionId, session.id));
    await tx
      .update(shopperSessions)
      .set({
        discountCodes: [],
        revision: sql`${shopperSessions.revision} + 1`,
        updatedAt: input.now,
      })
      .where(eq(shopperSessions.id, session.id));
    await tx
      .update(checkouts)
      .set({ status: "completed", updatedAt: input.now })
      .where(eq(checkouts.id, checkout.id));
    await tx
      .update(paymentSessions)
      .set({ status: "completed", orderId, updatedAt: input.now })
      .where(eq(paymentSessions.id, input.payment.id));

    await mailer.send(
      await orderConfirmationMail(await placedOrderReply(tx, order), cart.languageCode),
      { db: tx },
    );
    await input.afterPlaced?.(tx, order);
    return order;
  });
}

/**
 * The money invariant of an order (ADR 0030): what the provider charged plus the gift cards drawn
 * is the grand total, to the minor unit, with neither part negative.
 */
export function paysInFull(amounts: { paid: number; giftCards: number; grandTotal: number }) {
  const { paid, giftCards, grandTotal } = amounts;
  return paid >= 0 && giftCards >= 0 && paid + giftCards === grandTotal;
}
