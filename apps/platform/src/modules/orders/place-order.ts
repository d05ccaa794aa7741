import { randomUUID } from "node:crypto";
import type { OrderAddress } from "@kassa/api-client";
import { GIFT_CARD_ERRORS } from "@kassa/api-client";
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
import { findOrderOfCheckout, placedOrderReply } from "./order-reply.js";

/** Why an order could not be placed; the payment session ends `refused` with these details. */
export class OrderRefused extends Error {
  override name = "OrderRefused";
  constructor(
    message: string,
    readonly details: { errors?: string[]; productVariantIDs?: string[] } = {},
  ) {
    super(message);
  }
}

export interface PlaceOrderInput {
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
 * cart must still be the one the checkout froze; the addresses must pass the order rules; stock is
 * drawn by conditional updates (two shoppers racing for the last unit: one draws it, the other is
 * refused with the variant named); gift-card balances are drawn the same way; the order and its
 * lines are written, the cart emptied, the payment session completed, and the confirmation mail
 * stored in the outbox. Anything refused rolls all of it back and throws {@link OrderRefused}.
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
    if (existing) return existing;

    const [session] = await tx
      .select()
      .from(shopperSessions)
      .where(eq(shopperSessions.id, checkout.sessionId))
      .for("update");
    if (!session || session.revision !== checkout.cartRevision) {
      throw new OrderRefused("The cart changed after the checkout started", {
        errors: ["cart: the cart changed after the checkout started"],
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

    const cart = frozenCart(checkout);
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
    const cards = await appliedGiftCards(tx, checkout.id);
    const giftCardTotal = cards.reduce((sum, card) => sum + card.amount, 0);
    const paidAmount = Math.max(0, cart.totals.grandTotal - giftCardTotal);
    if (paidAmount !== input.payment.amount) {
      // The provider charged another amount than the order costs: never write such an order.
      throw new OrderRefused("The paid amount does not match the order", {
        errors: [`amount: paid ${input.payment.amount}, the order costs ${paidAmount}`],
      });
    }

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

    await mailer.send(orderConfirmationMail(await placedOrderReply(tx, order), cart.languageCode), {
      db: tx,
    });
    await input.afterPlaced?.(tx, order);
    return order;
  });
}
