import type { OrderAccess } from "@kassa/api-client";
import { ORDER_CUSTOM_STATES } from "@kassa/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type OrderActorColumn,
  type OrderRow,
  organisationMembers,
  type UserRow,
} from "../../db/schema.js";
import { conflict } from "../../http/http-error.js";

/**
 * Who may see and change an order (C§6, ADR 0012). Every `/brink` call asks this about the access
 * token's user and the order row; the storefront hiding a button is never the check.
 */

/** A logged-in user and the companies they belong to, by role. */
export interface OrderViewer {
  user: UserRow;
  /** Organisation id → the user's role in it. */
  memberships: Map<string, "customer" | "agent">;
}

export async function orderViewerOf(db: Database, user: UserRow): Promise<OrderViewer> {
  const rows = await db
    .select({ organisationId: organisationMembers.organisationId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, user.id));
  return { user, memberships: new Map(rows.map((row) => [row.organisationId, row.role])) };
}

type OwnedOrder = Pick<OrderRow, "userId" | "email" | "organisationId">;

/** Whether the viewer placed the order, or it was placed with their (verified) email. */
function isOwnOrder(viewer: OrderViewer, order: OwnedOrder): boolean {
  return order.userId === viewer.user.id || order.email === viewer.user.email;
}

/**
 * How the viewer relates to the order, or null when they may not see it at all:
 * - `customer`: a customer of the order's company, or the consumer whose order it is. The one who
 *   may decide (C§6).
 * - `agent`: an agent of the order's company, or someone who placed it for a company they no
 *   longer belong to. Sees it, may not decide.
 * - `super_admin`: sees every order.
 */
export function accessToOrder(viewer: OrderViewer, order: OwnedOrder): OrderAccess | null {
  const role = order.organisationId ? viewer.memberships.get(order.organisationId) : undefined;
  if (role === "customer") return "customer";
  if (!order.organisationId && isOwnOrder(viewer, order)) return "customer";
  if (role === "agent") return "agent";
  if (viewer.user.isSuperAdmin) return "super_admin";
  if (isOwnOrder(viewer, order)) return "agent";
  return null;
}

const { awaitingCustomerAction, customerApproved, customerDeclined } = ORDER_CUSTOM_STATES;

/**
 * Whether a caller with `access` may make this custom-state change at all. The decisions are the
 * customer's alone: only they set or clear `customer_approved` / `customer_declined`, and they
 * clear `awaiting_customer_action` when they decide. Agents and super admins ask for a decision
 * (add `awaiting_customer_action`) or withdraw the question; other states are theirs too.
 */
export function mayChangeCustomState(
  access: OrderAccess,
  stateId: string,
  type: "add" | "remove",
): boolean {
  if (stateId === customerApproved || stateId === customerDeclined) return access === "customer";
  if (stateId === awaitingCustomerAction && type === "remove") return true;
  return access === "agent" || access === "super_admin";
}

/**
 * The customer's change, against the order's states when it is made (C§4: the decisions show only
 * while the order awaits the customer). A decision is added only while the order awaits one; the
 * question is cleared only once a decision is there; a decision is taken back only while the order
 * awaits or when the customer turns to the other one (decline after approve, in one go). So the
 * calls of one decision (add first, then the removes) pass, and nothing else does; an order that
 * no longer awaits the customer answers 409.
 */
export function customerDecisionGuard(stateId: string, type: "add" | "remove") {
  return (states: readonly string[]): void => {
    const awaiting = states.includes(awaitingCustomerAction);
    const decided = states.includes(customerApproved) || states.includes(customerDeclined);
    const allowed =
      stateId === awaitingCustomerAction
        ? type === "add" || decided
        : type === "add"
          ? awaiting
          : awaiting ||
            states.includes(stateId === customerApproved ? customerDeclined : customerApproved);
    if (!allowed) throw conflict(NOT_AWAITING, "The order does not await the customer's decision");
  };
}

/** The `error` of a decision on an order that no longer awaits the customer. */
export const NOT_AWAITING = "ORDER_NOT_AWAITING_CUSTOMER";

/** The viewer as the audit trail and notes name them. */
export function userActor(user: UserRow, role: OrderAccess): OrderActorColumn {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { type: "user", id: user.id, name, role };
}
