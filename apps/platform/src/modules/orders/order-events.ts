import { randomUUID } from "node:crypto";
import type { OrderEventKind } from "@kassa/api-client";
import type { Database } from "../../db/open-database.js";
import { type OrderActorColumn, type OrderEventRow, orderEvents } from "../../db/schema.js";

/** The platform itself, as an actor (a rule that adds a state, the seed). */
export const SYSTEM_ACTOR: OrderActorColumn = {
  type: "system",
  id: "kassa",
  name: "Kassa",
  role: "system",
};

export interface OrderEventInput {
  orderId: string;
  kind: OrderEventKind;
  actor: OrderActorColumn;
  /** The company an agent or super admin acted for. */
  onBehalfOf?: { id: string; name: string } | null;
  details?: Record<string, unknown>;
  at: Date;
}

/**
 * Appends one entry to an order's audit trail (ADR 0012). Call it in the transaction that makes
 * the change, so the trail and the order can never disagree.
 */
export async function appendOrderEvent(
  db: Database,
  input: OrderEventInput,
): Promise<OrderEventRow> {
  const [row] = await db
    .insert(orderEvents)
    .values({
      id: randomUUID(),
      orderId: input.orderId,
      kind: input.kind,
      actor: input.actor,
      onBehalfOf: input.onBehalfOf ?? null,
      details: input.details ?? {},
      at: input.at,
    })
    .returning();
  if (!row) throw new Error("Inserting an order event returned no row");
  return row;
}
