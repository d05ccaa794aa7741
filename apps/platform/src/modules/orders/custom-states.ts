import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type CustomStateDefinitionRow,
  customStateDefinitions,
  type OrderActorColumn,
  orders,
} from "../../db/schema.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { appendOrderEvent } from "./order-events.js";

/** The three custom states of C§3, as definitions (platform contract: informative or blocking). */
export const SEED_CUSTOM_STATE_DEFINITIONS: CustomStateDefinitionRow[] = [
  {
    id: "awaiting_customer_action",
    type: "blocking",
    blocks: ["releases", "deliveries"],
    description:
      "The customer must approve, decline or ask for a change before the order moves on.",
  },
  {
    id: "customer_approved",
    type: "informative",
    blocks: [],
    description: "The customer approved the order.",
  },
  {
    id: "customer_declined",
    type: "blocking",
    blocks: ["releases", "deliveries"],
    description: "The customer declined the order; it waits to be cancelled or changed.",
  },
];

export async function findCustomStateDefinition(
  db: Database,
  stateId: string,
): Promise<CustomStateDefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(customStateDefinitions)
    .where(eq(customStateDefinitions.id, stateId));
  return row;
}

export interface CustomStateChangeInput {
  orderId: string;
  stateId: string;
  type: "add" | "remove";
  actor: OrderActorColumn;
  onBehalfOf?: { id: string; name: string } | null;
  now: Date;
  /**
   * A rule that depends on the order's states at the time of the change (the customer's
   * decisions, ADR 0012): given the states before, throws when this change may not be made.
   * Checked with the row locked, and only for a change that changes something.
   */
  guard?: (customStates: readonly string[]) => void;
}

/**
 * Adds or removes one custom state (C§4), in one transaction with the order row locked, so two
 * changes at once cannot lose one another. Adding a state the order has, or removing one it
 * lacks, changes nothing and leaves no audit entry; a real change leaves one. Answers the states
 * after. The caller has already checked that the actor may make this change.
 */
export async function changeCustomState(
  db: Database,
  input: CustomStateChangeInput,
): Promise<string[]> {
  if (!(await findCustomStateDefinition(db, input.stateId))) {
    throw badRequest("Unknown custom state", [`stateId: no custom state "${input.stateId}"`]);
  }
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ customStates: orders.customStates })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!order) throw notFound("order not found");
    const has = order.customStates.includes(input.stateId);
    if (has === (input.type === "add")) return order.customStates;
    input.guard?.(order.customStates);

    const [updated] = await tx
      .update(orders)
      .set({
        customStates:
          input.type === "add"
            ? sql`array_append(${orders.customStates}, ${input.stateId})`
            : sql`array_remove(${orders.customStates}, ${input.stateId})`,
      })
      .where(eq(orders.id, input.orderId))
      .returning({ customStates: orders.customStates });
    await appendOrderEvent(tx, {
      orderId: input.orderId,
      kind: input.type === "add" ? "custom_state_added" : "custom_state_removed",
      actor: input.actor,
      onBehalfOf: input.onBehalfOf,
      details: { stateId: input.stateId },
      at: input.now,
    });
    return updated?.customStates ?? [];
  });
}
