import { randomBytes, randomUUID } from "node:crypto";
import type { Checkout, OrderAddress, PaymentOutcome } from "@kassa/api-client";
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type CheckoutRow,
  checkouts,
  type PaymentSessionRow,
  paymentSessions,
} from "../../db/schema.js";
import { HttpError, notFound } from "../../http/http-error.js";
import { assertFresh, checkoutReply } from "../checkout/checkouts.js";
import type { Mailer } from "../mail/send-mail.js";
import { OrderRefused } from "../orders/order-refused.js";
import { placeOrder } from "../orders/place-order.js";
import type { SandboxProvider } from "./sandbox-provider.js";

/** A provider-style id: a readable prefix and 24 random hex digits. */
export function providerReference(prefix: string): string {
  return `${prefix}${randomBytes(12).toString("hex")}`;
}

export interface OpenSessionInput {
  provider: SandboxProvider;
  checkoutRow: CheckoutRow;
  urls: Record<string, string>;
  data?: Record<string, unknown>;
  referencePrefix: string;
  now: Date;
}

/**
 * The payment session of a checkout with one provider: the open one when there is one (a provider
 * keeps one purchase per checkout and updates it, as Klarna does), otherwise a new one. The amount
 * is what is left to pay after gift cards. This create-or-update, the provider's own call, is the
 * only place a session's amount is set, and only while it is open: after a gift card is applied or
 * removed the session cannot be paid until the shop has updated it here (ADR 0030). A stale or
 * paid checkout is refused (409). The checkout row is locked meanwhile, so two first calls at once
 * make one purchase, not two, and a gift-card change waits; an open purchase past its time is
 * ended (`expired`) before a new one starts.
 */
export async function openPaymentSession(
  db: Database,
  input: OpenSessionInput,
): Promise<{ session: PaymentSessionRow; checkout: Checkout }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.id, input.checkoutRow.id))
      .for("update");
    const checkout = await checkoutReply(tx, input.checkoutRow);
    assertFresh(checkout);
    if (checkout.paymentProvider !== input.provider.name) {
      throw new HttpError(
        409,
        "PAYMENT_PROVIDER_MISMATCH",
        `This checkout was started for ${checkout.paymentProvider}, not ${input.provider.name}`,
      );
    }
    const open = and(
      eq(paymentSessions.checkoutId, checkout.id),
      eq(paymentSessions.provider, input.provider.name),
      eq(paymentSessions.status, "open"),
    );
    await tx
      .update(paymentSessions)
      .set({ status: "expired", updatedAt: input.now })
      .where(and(open, lte(paymentSessions.expiresAt, input.now)));
    const [current] = await tx
      .select()
      .from(paymentSessions)
      .where(open)
      .orderBy(desc(paymentSessions.createdAt))
      .limit(1);
    const amount = checkout.totals.amountToPay;
    if (current) {
      const [updated] = await tx
        .update(paymentSessions)
        .set({
          amount,
          urls: { ...current.urls, ...input.urls },
          data: { ...current.data, ...input.data },
          updatedAt: input.now,
        })
        .where(eq(paymentSessions.id, current.id))
        .returning();
      return { session: updated ?? current, checkout };
    }
    const [created] = await tx
      .insert(paymentSessions)
      .values({
        id: randomUUID(),
        checkoutId: checkout.id,
        provider: input.provider.name,
        reference: providerReference(input.referencePrefix),
        amount,
        currencyCode: checkout.currencyCode,
        urls: input.urls,
        data: input.data ?? {},
        expiresAt: new Date(input.now.getTime() + input.provider.lifetimeMs),
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!created) throw new Error("Inserting a payment session returned no row");
    return { session: created, checkout };
  });
}

export async function findPaymentSession(
  db: Database,
  provider: SandboxProvider,
  by: { id?: string; reference?: string },
): Promise<PaymentSessionRow> {
  const condition = by.id
    ? eq(paymentSessions.id, by.id)
    : eq(paymentSessions.reference, by.reference ?? "");
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(and(condition, eq(paymentSessions.provider, provider.name)));
  if (!row) throw notFound("payment not found", `No ${provider.label} payment with this id`);
  return row;
}

/**
 * The payment session of a checkout with a provider that the shop sees: the live one (open or
 * paid) before any that ended, then the newest. (By `createdAt` alone a session opened after a
 * refused one within the same millisecond could lose to it.)
 */
export async function latestPaymentSession(
  db: Database,
  provider: SandboxProvider,
  checkoutId: string,
): Promise<PaymentSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(eq(paymentSessions.checkoutId, checkoutId), eq(paymentSessions.provider, provider.name)),
    )
    .orderBy(
      desc(sql`${paymentSessions.status} in ('open', 'completed')`),
      desc(paymentSessions.createdAt),
      desc(paymentSessions.updatedAt),
    )
    .limit(1);
  return row;
}

/** An open session past its time ends `expired`, for good (Avarda's 30 minutes, Adyen's hour). */
export async function expireIfDue(
  db: Database,
  session: PaymentSessionRow,
  now: Date,
): Promise<PaymentSessionRow> {
  if (session.status !== "open" || session.expiresAt > now) return session;
  const [expired] = await db
    .update(paymentSessions)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, "open")))
    .returning();
  return expired ?? session;
}

/** How a payment session ended, in the shop's words (each provider maps it to its own). */
export function outcomeOf(session: PaymentSessionRow): PaymentOutcome {
  const data = session.data as { errors?: string[]; productVariantIDs?: string[] };
  switch (session.status) {
    case "completed":
      return { outcome: "completed", orderId: session.orderId ?? undefined };
    case "refused":
      return {
        outcome: "refused",
        ...(data.errors ? { errors: data.errors } : {}),
        ...(data.productVariantIDs ? { productVariantIDs: data.productVariantIDs } : {}),
      };
    case "declined":
      return { outcome: "declined" };
    case "expired":
      return { outcome: "expired" };
    default:
      return { outcome: "pending" };
  }
}

export interface PayInput {
  billingAddress: Partial<OrderAddress>;
  shippingAddress?: Partial<OrderAddress>;
  now: Date;
  /** What the provider does in the order's transaction once the order is placed. */
  afterPlaced?: (tx: Database) => Promise<void>;
}

/**
 * The shopper pays in the widget (or the provider says they did): the provider charged the
 * session's amount, as the widget showed it, and the order is placed for exactly that in the same
 * step; the amount is never recomputed from the checkout here, nor written afterwards, so the
 * session keeps what was charged (ADR 0030). A refusal (the amount no longer adds up to the total,
 * stock, address rules, a gift card drawn elsewhere) ends the session `refused` with its details,
 * for the shop to show; a repeat finds the order already placed.
 */
export async function completePayment(
  db: Database,
  mailer: Mailer,
  session: PaymentSessionRow,
  input: PayInput,
): Promise<PaymentSessionRow> {
  if (session.status === "completed") return session;
  if (session.status !== "open") {
    throw new HttpError(409, "PAYMENT_ENDED", `This payment has ended (${session.status})`);
  }
  try {
    const order = await placeOrder(db, mailer, {
      payment: session,
      billingAddress: input.billingAddress,
      shippingAddress: input.shippingAddress,
      now: input.now,
      afterPlaced: input.afterPlaced,
    });
    const [done] = await db
      .update(paymentSessions)
      .set({ status: "completed", orderId: order.id, updatedAt: input.now })
      .where(eq(paymentSessions.id, session.id))
      .returning();
    return done ?? session;
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    const [refused] = await db
      .update(paymentSessions)
      .set({
        status: "refused",
        data: { ...session.data, refusal: error.message, ...error.details },
        updatedAt: input.now,
      })
      .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.status, "open")))
      .returning();
    if (refused) return refused;
    // Ended meanwhile (expired, or paid by a concurrent request): answer it as it is now.
    return findPaymentSessionById(db, session.id, session);
  }
}

async function findPaymentSessionById(
  db: Database,
  id: string,
  fallback: PaymentSessionRow,
): Promise<PaymentSessionRow> {
  const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  return row ?? fallback;
}

/** The shopper's payment was declined by the (sandbox) bank: the session stays open to try again. */
export async function recordDecline(
  db: Database,
  session: PaymentSessionRow,
  now: Date,
): Promise<PaymentSessionRow> {
  const declines = Number((session.data as { declines?: number }).declines ?? 0) + 1;
  const [updated] = await db
    .update(paymentSessions)
    .set({ data: { ...session.data, declines, lastAttempt: "declined" }, updatedAt: now })
    .where(eq(paymentSessions.id, session.id))
    .returning();
  return updated ?? session;
}
