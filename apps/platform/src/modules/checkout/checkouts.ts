import { randomUUID } from "node:crypto";
import type { Cart, Checkout, CheckoutGiftCard, StartCheckoutInput } from "@kassa/api-client";
import { maskGiftCardCode } from "@kassa/domain";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import {
  type CheckoutRow,
  checkoutGiftCards,
  checkouts,
  giftCards,
  type ShopperSessionRow,
  shopperSessions,
} from "../../db/schema.js";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { badRequest, HttpError, notFound, unauthorized } from "../../http/http-error.js";
import { resolveMarket } from "../catalogue/markets.js";
import { availableQuantities } from "../catalogue/stocks.js";
import { isGiftCardLine } from "../gift-cards/gift-card-product-catalogue.js";
import { capabilitiesFor } from "../shopper/capabilities.js";
import { loadCart } from "../shopper/cart.js";
import { OUT_OF_STOCK_ERROR } from "../shopper/cart-items.js";
import { assertSessionCustomerMayOrder } from "../shopper/session-customer.js";
import { findSession } from "../shopper/sessions.js";

const providerName = z.string().trim().min(1).max(MAX_ID_LENGTH);

export const startCheckoutBody = z.object({
  paymentProvider: providerName,
  shippingProvider: providerName,
  giftCardProvider: providerName.optional(),
});

/** Whether a capability list offers a provider, by name or id. */
function offers(list: { id: string; name: string }[], wanted: string): string | undefined {
  return list.find((provider) => provider.name === wanted || provider.id === wanted)?.name;
}

/**
 * `POST /shopper/sessions/checkout/start`: freezes the session's cart as a checkout. Every line must
 * be in stock now (else 404 `out of stock error` naming the variants, C§8); the providers must be
 * ones the cart's capabilities offer.
 */
export async function startCheckout(
  db: Database,
  config: PlatformConfig,
  sessionId: string,
  input: StartCheckoutInput,
  now: Date,
): Promise<CheckoutRow> {
  return db.transaction(async (tx) => {
    // Locked, so the cart cannot change between reading it and freezing its revision.
    const session = await findSession(tx, sessionId, { forUpdate: true });
    await assertSessionCustomerMayOrder(tx, session);
    const cart = await loadCart(tx, session, config.publicUrl, now);
    if (cart.items.length === 0)
      throw badRequest("The cart is empty", ["items: the cart is empty"]);

    const capabilities = capabilitiesFor(
      config.paymentProviders,
      session.storeGroupId,
      session.countryCode,
    );
    const paymentProvider = offers(capabilities.paymentProviders, input.paymentProvider);
    const shippingProvider = offers(capabilities.shippingProviders, input.shippingProvider);
    const giftCardProvider = input.giftCardProvider
      ? offers(capabilities.giftCardProviders, input.giftCardProvider)
      : undefined;
    const errors = [
      paymentProvider ? null : `paymentProvider: "${input.paymentProvider}" is not offered here`,
      shippingProvider ? null : `shippingProvider: "${input.shippingProvider}" is not offered here`,
      input.giftCardProvider && !giftCardProvider
        ? `giftCardProvider: "${input.giftCardProvider}" is not offered here`
        : null,
    ].filter((error): error is string => error !== null);
    if (!paymentProvider || !shippingProvider || errors.length > 0) {
      throw badRequest("The checkout cannot start with these providers", errors);
    }

    await assertInStock(tx, session, cart);

    const [row] = await tx
      .insert(checkouts)
      .values({
        id: randomUUID(),
        sessionId: session.id,
        cartRevision: session.revision,
        paymentProvider,
        shippingProvider,
        giftCardProvider: giftCardProvider ?? null,
        cart: cart as unknown as Record<string, unknown>,
        // Whose order it becomes is frozen with the cart (ADR 0012).
        customerUserId: session.customerUserId,
        customerOrganisationId: session.customerOrganisationId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("Inserting a checkout returned no row");
    return row;
  });
}

/**
 * 404 `out of stock error` with the variants the cart holds more of than is available. Gift cards
 * being bought need no stock: they are issued when the order is placed.
 */
export async function assertInStock(
  db: Database,
  session: Pick<ShopperSessionRow, "countryCode">,
  cart: Pick<Cart, "items">,
): Promise<void> {
  const market = resolveMarket(session.countryCode);
  if (!market) throw new Error(`Unknown market ${session.countryCode}`);
  const wanted = new Map<string, number>();
  for (const item of cart.items) {
    if (isGiftCardLine(item)) continue;
    wanted.set(item.productVariantId, (wanted.get(item.productVariantId) ?? 0) + item.quantity);
  }
  const available = await availableQuantities(db, [...wanted.keys()], market);
  const short = [...wanted].filter(([id, quantity]) => quantity > (available.get(id) ?? 0));
  if (short.length > 0) {
    throw new HttpError(404, OUT_OF_STOCK_ERROR, "Some items are no longer in stock", {
      productVariantIDs: short.map(([id]) => id),
    });
  }
}

/** The checkout a token names, or 401 when it is gone (a reseed) or not of that session. */
export async function findCheckout(
  db: Database,
  claims: { checkoutId: string; sessionId: string },
  { forUpdate = false } = {},
): Promise<CheckoutRow> {
  const query = db.select().from(checkouts).where(eq(checkouts.id, claims.checkoutId));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row || row.sessionId !== claims.sessionId)
    throw unauthorized("The checkout no longer exists");
  return row;
}

export async function findCheckoutById(db: Database, checkoutId: string): Promise<CheckoutRow> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row) throw notFound("checkout not found", `No checkout ${checkoutId}`);
  return row;
}

/** The gift cards applied to a checkout, in the order they were applied. */
export async function appliedGiftCards(
  db: Database,
  checkoutId: string,
): Promise<{ code: string; amount: number; currencyCode: string }[]> {
  return db
    .select({
      code: checkoutGiftCards.giftCardCode,
      amount: checkoutGiftCards.amount,
      currencyCode: giftCards.currencyCode,
    })
    .from(checkoutGiftCards)
    .innerJoin(giftCards, eq(giftCards.code, checkoutGiftCards.giftCardCode))
    .where(eq(checkoutGiftCards.checkoutId, checkoutId))
    .orderBy(asc(checkoutGiftCards.position));
}

/** The frozen cart of a checkout, as it was stored. */
export function frozenCart(row: CheckoutRow): Cart {
  return row.cart as unknown as Cart;
}

/** The current revision of the checkout's session; a checkout of another revision is stale. */
async function sessionRevision(db: Database, sessionId: string): Promise<number | null> {
  const [row] = await db
    .select({ revision: shopperSessions.revision })
    .from(shopperSessions)
    .where(eq(shopperSessions.id, sessionId));
  return row?.revision ?? null;
}

/** A checkout as the shopper API answers it. */
export async function checkoutReply(db: Database, row: CheckoutRow): Promise<Checkout> {
  const cart = frozenCart(row);
  const cards = await appliedGiftCards(db, row.id);
  const giftCardList: CheckoutGiftCard[] = cards.map((card) => ({
    id: card.code,
    amount: card.amount,
    name: maskGiftCardCode(card.code),
    currencyCode: card.currencyCode,
  }));
  const giftCardTotal = cards.reduce((sum, card) => sum + card.amount, 0);
  const revision =
    row.status === "completed" ? row.cartRevision : await sessionRevision(db, row.sessionId);
  return {
    id: row.id,
    cartRevision: row.cartRevision,
    isStale: row.status === "open" && revision !== row.cartRevision,
    status: row.status,
    paymentProvider: row.paymentProvider,
    shippingProvider: row.shippingProvider,
    giftCardProvider: row.giftCardProvider,
    currencyCode: cart.currencyCode,
    countryCode: cart.countryCode,
    languageCode: cart.languageCode,
    isTaxIncludedInPrice: cart.isTaxIncludedInPrice,
    items: cart.items,
    discountCodes: cart.discountCodes,
    giftCards: giftCardList,
    totals: {
      ...cart.totals,
      giftCardTotal,
      amountToPay: Math.max(0, cart.totals.grandTotal - giftCardTotal),
    },
    attributes: cart.attributes,
    orderId: null,
  };
}

/** 409 when the cart changed after the checkout froze it: a new checkout must start. */
export function assertFresh(checkout: Checkout): void {
  if (checkout.isStale) {
    throw new HttpError(
      409,
      "CHECKOUT_STALE",
      "The cart changed after this checkout started; start a new checkout",
    );
  }
  if (checkout.status === "completed") {
    throw new HttpError(409, "CHECKOUT_COMPLETED", "This checkout is already paid");
  }
}
