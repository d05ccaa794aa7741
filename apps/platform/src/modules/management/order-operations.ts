import { randomUUID } from "node:crypto";
import type {
  CreateCompensationPayload,
  CreateDeliveryPayload,
  OrderOperation,
  OrderOperationKind,
} from "@kassa/api-client";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import {
  customStateDefinitions,
  type OrderActorColumn,
  type OrderOperationRow,
  type OrderRow,
  orderLines,
  orderOperations,
  orders,
} from "../../db/schema.js";
import { badRequest, HttpError, notFound } from "../../http/http-error.js";
import { appendOrderEvent } from "../orders/order-events.js";
import { operationOf } from "../orders/order-read.js";
import {
  applyOperation,
  type OperationChange,
  type OrderForOperation,
  refusalOf,
  remainingCompensation,
  remainingDelivery,
} from "./order-transitions.js";

/**
 * The back office's two-step operations (platform contract): `create` records what is to be done
 * (checked against the order as it is), `start` does it in one transaction with the order row
 * locked, or records why it could not (`FAILED`) and answers 409.
 */

export const OPERATION_KINDS = [
  "releases",
  "deliveries",
  "compensations",
  "cancellations",
] as const;

export const operationKindSchema = z.enum(OPERATION_KINDS);

export const deliveryBody = z.object({
  lines: z
    .array(z.object({ position: z.int().min(0).max(999), quantity: z.int().min(1).max(9999) }))
    .min(1)
    .max(200)
    .optional(),
}) satisfies z.ZodType<CreateDeliveryPayload>;

export const compensationBody = z.object({
  amount: z.int().min(1).max(1_000_000_000).optional(),
}) satisfies z.ZodType<CreateCompensationPayload>;

/** The `error` of an operation that cannot be done to the order as it is. */
export const OPERATION_REFUSED = "ORDER_OPERATION_REFUSED";

const refused = (message: string) => new HttpError(409, OPERATION_REFUSED, message);

/** Blocking custom states and the operations each blocks. */
async function blockingStates(db: Database): Promise<Map<string, OrderOperationKind[]>> {
  const rows = await db
    .select()
    .from(customStateDefinitions)
    .where(eq(customStateDefinitions.type, "blocking"));
  return new Map(rows.map((row) => [row.id, row.blocks as OrderOperationKind[]]));
}

async function orderForOperation(db: Database, order: OrderRow): Promise<OrderForOperation> {
  const lines = await db
    .select({ quantity: orderLines.quantity, deliveredQuantity: orderLines.deliveredQuantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return {
    orderStates: order.orderStates,
    customStates: order.customStates,
    lines,
    grandTotal: order.grandTotal,
    compensatedTotal: order.compensatedTotal,
  };
}

/** What the operation will do: its stored input, or everything that is left when none was given. */
function changeOf(
  row: Pick<OrderOperationRow, "kind" | "lines" | "amount">,
  order: OrderForOperation,
): OperationChange {
  switch (row.kind) {
    case "deliveries":
      return { kind: "deliveries", lines: row.lines ?? remainingDelivery(order) };
    case "compensations":
      return { kind: "compensations", amount: row.amount ?? remainingCompensation(order) };
    default:
      return { kind: row.kind };
  }
}

async function lockedOrder(db: Database, orderId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("order not found");
  return order;
}

/**
 * Creates an operation. Its input is checked against the order now (unknown lines, more than is
 * left, an order that cannot take it): 400 for input that can never be right, 409 for an order
 * that cannot take it as it is.
 */
export async function createOperation(
  db: Database,
  input: {
    orderId: string;
    kind: OrderOperationKind;
    body: CreateDeliveryPayload & CreateCompensationPayload;
    clientId: string;
    now: Date;
  },
): Promise<OrderOperation> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, input.orderId);
    const view = await orderForOperation(tx, order);
    const lines = input.kind === "deliveries" ? (input.body.lines ?? null) : null;
    if (lines) {
      const positions = lines.map((line) => line.position);
      if (new Set(positions).size !== positions.length) {
        throw badRequest("A line is named twice", ["lines: each position once"]);
      }
      const unknown = positions.filter((position) => position >= view.lines.length);
      if (unknown.length > 0) {
        throw badRequest(
          "The order has no such line",
          unknown.map((p) => `lines: no line ${p}`),
        );
      }
    }
    const amount = input.kind === "compensations" ? (input.body.amount ?? null) : null;
    const row = { kind: input.kind, lines, amount };
    const refusal = refusalOf(changeOf(row, view), view, await blockingStates(tx));
    if (refusal) throw refused(refusal);
    const [created] = await tx
      .insert(orderOperations)
      .values({
        id: randomUUID(),
        orderId: order.id,
        kind: input.kind,
        lines,
        amount,
        createdBy: input.clientId,
        createdAt: input.now,
      })
      .returning();
    if (!created) throw new Error("Inserting an operation returned no row");
    return operationOf(created);
  });
}

export async function findOperation(
  db: Database,
  orderId: string,
  kind: OrderOperationKind,
  operationId: string,
): Promise<OrderOperationRow> {
  const [row] = await db
    .select()
    .from(orderOperations)
    .where(
      and(
        eq(orderOperations.id, operationId),
        eq(orderOperations.orderId, orderId),
        eq(orderOperations.kind, kind),
      ),
    );
  if (!row) throw notFound("operation not found");
  return row;
}

const EVENT_OF: Record<OrderOperationKind, "released" | "delivered" | "compensated" | "cancelled"> =
  {
    releases: "released",
    deliveries: "delivered",
    compensations: "compensated",
    cancellations: "cancelled",
  };

/**
 * Starts an operation: in one transaction with the order locked, checks it again against the order
 * as it is now, and either changes the order (lines delivered, money given back, states) with its
 * audit entry and ends `SUCCESS`, or ends `FAILED` with the reason, answered as 409 after the
 * failure is stored. An operation starts once; starting it again answers 409.
 */
export async function startOperation(
  db: Database,
  input: {
    orderId: string;
    kind: OrderOperationKind;
    operationId: string;
    actor: OrderActorColumn;
    now: Date;
  },
): Promise<OrderOperation> {
  const outcome = await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, input.orderId);
    const row = await findOperation(tx, input.orderId, input.kind, input.operationId);
    if (row.state !== "CREATED") throw refused(`The operation is ${row.state} already`);
    const view = await orderForOperation(tx, order);
    const change = changeOf(row, view);
    const refusal = refusalOf(change, view, await blockingStates(tx));
    if (refusal) {
      const [failed] = await tx
        .update(orderOperations)
        .set({ state: "FAILED", failureReason: refusal, startedAt: input.now })
        .where(eq(orderOperations.id, row.id))
        .returning();
      return { failed: refusal, operation: failed ?? row };
    }

    const after = applyOperation(change, view);
    await tx
      .update(orders)
      .set({ orderStates: after.orderStates, compensatedTotal: after.compensatedTotal })
      .where(eq(orders.id, order.id));
    if (change.kind === "deliveries") {
      for (const line of change.lines) {
        await tx
          .update(orderLines)
          .set({ deliveredQuantity: after.deliveredQuantities[line.position] ?? 0 })
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.position, line.position)));
      }
    }
    const [done] = await tx
      .update(orderOperations)
      .set({
        state: "SUCCESS",
        startedAt: input.now,
        // What was done, when the operation was created for "everything left".
        lines: change.kind === "deliveries" ? change.lines : row.lines,
        amount: change.kind === "compensations" ? change.amount : row.amount,
      })
      .where(eq(orderOperations.id, row.id))
      .returning();
    await appendOrderEvent(tx, {
      orderId: order.id,
      kind: EVENT_OF[input.kind],
      actor: input.actor,
      details: {
        operationId: row.id,
        orderStates: after.orderStates,
        ...(change.kind === "deliveries" ? { partial: after.partial, lines: change.lines } : {}),
        ...(change.kind === "compensations"
          ? { partial: after.partial, amount: change.amount }
          : {}),
      },
      at: input.now,
    });
    return { failed: null, operation: done ?? row };
  });
  if (outcome.failed) throw refused(outcome.failed);
  return operationOf(outcome.operation);
}
