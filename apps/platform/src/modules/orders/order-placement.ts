import type { OrderAccess } from "@kassa/api-client";
import { ORDER_CUSTOM_STATES } from "@kassa/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type OrderActorColumn,
  type OrderRow,
  organisationMembers,
  organisations,
  users,
} from "../../db/schema.js";
import { appendOrderEvent, SYSTEM_ACTOR } from "./order-events.js";

/**
 * Who placed an order, for whom, and what it starts with (ADR 0012). An agent or super admin who
 * orders for a company they are not a customer of orders on its behalf; such an order starts
 * awaiting the company's decision (`awaiting_customer_action`): the company approves what was
 * ordered for it.
 */
export interface Placement {
  actor: OrderActorColumn;
  onBehalfOf: { id: string; name: string } | null;
  customStates: string[];
  /** The contact person the customer card chose (A§4), recorded in the `placed` entry. */
  contact: { id: string; name: string; email: string } | null;
}

/** The placement of an order from a checkout's customer link (none: a guest). */
export async function placementOf(
  db: Database,
  link: { userId: string | null; organisationId: string | null; contactUserId?: string | null },
  guest: Pick<OrderRow, "billingAddress" | "email">,
): Promise<Placement> {
  const placer = link.userId ? await placerOf(db, link.userId, link.organisationId) : null;
  const onBehalfOf = placer?.onBehalfOf ?? null;
  return {
    actor: placer?.actor ?? guestActor(guest),
    onBehalfOf,
    customStates: onBehalfOf ? [ORDER_CUSTOM_STATES.awaitingCustomerAction] : [],
    contact: placer && link.contactUserId ? await contactOf(db, link.contactUserId) : null,
  };
}

async function contactOf(db: Database, userId: string): Promise<Placement["contact"]> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

/**
 * The new order's first audit entries, in the order's transaction: `placed` (who, on whose
 * behalf), then the platform's `awaiting_customer_action` of an on-behalf order.
 */
export async function recordPlacement(
  db: Database,
  order: OrderRow,
  placement: Placement,
  now: Date,
): Promise<void> {
  await appendOrderEvent(db, {
    orderId: order.id,
    kind: "placed",
    actor: placement.actor,
    onBehalfOf: placement.onBehalfOf,
    details: {
      orderStates: order.orderStates,
      ...(placement.contact ? { contact: placement.contact } : {}),
    },
    at: now,
  });
  for (const stateId of placement.customStates) {
    await appendOrderEvent(db, {
      orderId: order.id,
      kind: "custom_state_added",
      actor: SYSTEM_ACTOR,
      details: { stateId, reason: "placed_on_behalf" },
      at: now,
    });
  }
}

/** A guest has no account: the trail names them as the payment provider collected them. */
function guestActor(order: Pick<OrderRow, "billingAddress" | "email">): OrderActorColumn {
  const { givenName, familyName } = order.billingAddress;
  const name = `${givenName} ${familyName}`.trim() || order.email;
  return { type: "user", id: "", name, role: "customer" };
}

async function placerOf(
  db: Database,
  userId: string,
  organisationId: string | null,
): Promise<{ actor: OrderActorColumn; onBehalfOf: { id: string; name: string } | null } | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  if (!organisationId) {
    return { actor: { type: "user", id: user.id, name, role: "customer" }, onBehalfOf: null };
  }
  const [row] = await db
    .select({ name: organisations.name, role: organisationMembers.role })
    .from(organisations)
    .leftJoin(
      organisationMembers,
      and(
        eq(organisationMembers.organisationId, organisations.id),
        eq(organisationMembers.userId, userId),
      ),
    )
    .where(eq(organisations.id, organisationId));
  const role: OrderAccess =
    row?.role === "customer" ? "customer" : row?.role === "agent" ? "agent" : "super_admin";
  return {
    actor: { type: "user", id: user.id, name, role },
    onBehalfOf: role === "customer" ? null : { id: organisationId, name: row?.name ?? "" },
  };
}
