import type {
  ManagementOrder,
  Order,
  OrderEvent,
  OrderNote,
  OrderOperation,
  OrderSummary,
} from "@kassa/api-client";
import { maskGiftCardCode } from "@kassa/domain";
import { asc, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  giftCardDraws,
  type OrderEventRow,
  type OrderNoteRow,
  type OrderOperationRow,
  type OrderRow,
  orderEvents,
  orderLines,
  orderNotes,
  orderOperations,
  orders,
  organisations,
} from "../../db/schema.js";
import { orderLineOf, orderTotalsOf } from "./order-reply.js";

/**
 * Orders as the management API and the `/brink` wrapper read them (`Order`, `OrderSummary` of
 * `@kassa/api-client`): one place that turns rows into the wire shape, so both surfaces answer the
 * same order the same way.
 */

/** The most summaries one lookup answers (ADR 0012); far above what one company orders. */
export const MAX_ORDER_SUMMARIES = 1000;

type CompanyOfOrder = OrderSummary["company"];

const companyColumns = {
  companyId: organisations.id,
  companyName: organisations.name,
  companyNumber: organisations.organisationNumber,
};

/**
 * What a summary is made of, and no more: a list reads hundreds of orders, and their addresses,
 * totals and payment columns would triple what the database hands over (measured in
 * `bench/pages.mjs`, the order list).
 */
const summaryOrderColumns = {
  id: orders.id,
  reference: orders.reference,
  placedAt: orders.placedAt,
  orderStates: orders.orderStates,
  customStates: orders.customStates,
  currencyCode: orders.currencyCode,
  countryCode: orders.countryCode,
  grandTotal: orders.grandTotal,
  attributes: orders.attributes,
};

type SummaryOrderRow = Pick<OrderRow, keyof typeof summaryOrderColumns>;

function companyOf(row: {
  companyId: string | null;
  companyName: string | null;
  companyNumber: string | null;
}): CompanyOfOrder {
  return row.companyId
    ? {
        id: row.companyId,
        name: row.companyName ?? "",
        organisationNumber: row.companyNumber ?? "",
      }
    : null;
}

function attributesOf(
  order: SummaryOrderRow,
): OrderSummary["attributes"] & Record<string, unknown> {
  return order.attributes as OrderSummary["attributes"] & Record<string, unknown>;
}

function orderSummaryOf(order: SummaryOrderRow, company: CompanyOfOrder): OrderSummary {
  const attributes = attributesOf(order);
  return {
    id: order.id,
    reference: String(order.reference),
    date: order.placedAt.toISOString(),
    status: {
      orderStates: order.orderStates,
      customStates: order.customStates.map((id) => ({ id })),
    },
    currencyCode: order.currencyCode,
    countryCode: order.countryCode,
    totals: { grandTotal: order.grandTotal },
    attributes: {
      ...(typeof attributes.merchantReference1 === "string"
        ? { merchantReference1: attributes.merchantReference1 }
        : {}),
      ...(typeof attributes.merchantReference2 === "string"
        ? { merchantReference2: attributes.merchantReference2 }
        : {}),
    },
    company,
  };
}

/** Summaries of the orders `where` selects, newest first (equal times: higher number first). */
export async function readOrderSummaries(
  db: Database,
  where: SQL | undefined,
  { limit = MAX_ORDER_SUMMARIES, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<OrderSummary[]> {
  const rows = await db
    .select({ ...summaryOrderColumns, ...companyColumns })
    .from(orders)
    .leftJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.reference))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => orderSummaryOf(row, companyOf(row)));
}

/** The order row and its company, or undefined. */
export async function findOrderWithCompany(
  db: Database,
  orderId: string,
): Promise<{ order: OrderRow; company: CompanyOfOrder } | undefined> {
  const [row] = await db
    .select({ order: orders, ...companyColumns })
    .from(orders)
    .leftJoin(organisations, eq(organisations.id, orders.organisationId))
    .where(eq(orders.id, orderId));
  return row ? { order: row.order, company: companyOf(row) } : undefined;
}

export function noteOf(row: OrderNoteRow): OrderNote {
  return { id: row.id, text: row.text, createdAt: row.createdAt.toISOString(), author: row.author };
}

export function eventOf(row: OrderEventRow): OrderEvent {
  return {
    id: row.id,
    kind: row.kind,
    at: row.at.toISOString(),
    actor: row.actor,
    onBehalfOf: row.onBehalfOf ?? null,
    details: row.details,
  };
}

export function operationOf(row: OrderOperationRow): OrderOperation {
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    state: row.state,
    ...(row.lines ? { lines: row.lines } : {}),
    ...(row.amount !== null ? { amount: row.amount } : {}),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.startedAt ? { startedAt: row.startedAt.toISOString() } : {}),
  };
}

/**
 * A line's image as a URL. Lines keep the URL the cart had when the order was placed; the demo
 * orders keep a path, which gets the platform's own public URL in front of it.
 */
function imageUrlOf(stored: string, publicUrl: string): string {
  return stored.startsWith("/") ? `${publicUrl}${stored}` : stored;
}

/** The whole order: lines, totals, addresses, payment, notes and audit trail. */
export async function readOrder(
  db: Database,
  orderId: string,
  publicUrl: string,
): Promise<Order | undefined> {
  const found = await findOrderWithCompany(db, orderId);
  if (!found) return undefined;
  const { order, company } = found;
  const [lines, draws, notes, events] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position)),
    db
      .select()
      .from(giftCardDraws)
      .where(eq(giftCardDraws.orderId, order.id))
      .orderBy(asc(giftCardDraws.createdAt)),
    db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id))
      .orderBy(asc(orderNotes.position)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.position)),
  ]);
  return {
    ...orderSummaryOf(order, company),
    attributes: attributesOf(order),
    email: order.email,
    languageCode: order.languageCode,
    isTaxIncludedInPrice: order.isTaxIncludedInPrice,
    lines: lines.map((line) => orderLineOf(line, imageUrlOf(line.imageUrl, publicUrl))),
    totals: { ...orderTotalsOf(order), compensatedTotal: order.compensatedTotal },
    discountCodes: order.discountCodes,
    giftCards: draws.map((draw) => ({
      name: maskGiftCardCode(draw.giftCardCode),
      amount: draw.amount,
    })),
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    payment: {
      provider: order.paymentProvider,
      reference: order.paymentReference,
      amount: order.paidAmount,
    },
    shippingProvider: order.shippingProvider,
    notes: notes.map(noteOf),
    events: events.map(eventOf),
  };
}

/** The order as the management API reads it: the order, its owner and its operations. */
export async function readManagementOrder(
  db: Database,
  orderId: string,
  publicUrl: string,
): Promise<ManagementOrder | undefined> {
  const order = await readOrder(db, orderId, publicUrl);
  if (!order) return undefined;
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const operations = await db
    .select()
    .from(orderOperations)
    .where(eq(orderOperations.orderId, orderId))
    .orderBy(asc(orderOperations.createdAt));
  return { ...order, userId: row?.userId ?? null, operations: operations.map(operationOf) };
}
