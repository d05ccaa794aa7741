import type { OrderAccess } from "@kassa/api-client";
import { ORDER_CUSTOM_STATES } from "@kassa/domain";
import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type OrderActorColumn,
  type OrderRow,
  orders,
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

/**
 * Whether a consumer order (one without a company) is the viewer's: the account that placed it,
 * or, for a guest's order (no account placed it), the verified owner of the address it was placed
 * with, where its confirmation went. An account's order is never its email's: a mistyped address,
 * or a later account with a deleted one's address (ADR 0004), gains nothing.
 */
function ownsConsumerOrder(viewer: OrderViewer, order: OwnedOrder): boolean {
  return order.userId !== null
    ? order.userId === viewer.user.id
    : order.email === viewer.user.email;
}

/**
 * How the viewer relates to the order, or null when they may not see it at all (ADR 0012, its
 * issue 28 addendum). Rights come from the memberships stored now, never from having placed the
 * order or from its email: a company's order is the company's.
 * - `customer`: a customer of the order's company; for a consumer order, its owner
 *   ({@link ownsConsumerOrder}). The one who may decide (C§6).
 * - `agent`: an agent of the order's company. Sees it, may not decide.
 * - `super_admin`: sees every order.
 * A member removed from the company, or whoever placed a company order and has left it, sees
 * nothing of it.
 */
export function accessToOrder(viewer: OrderViewer, order: OwnedOrder): OrderAccess | null {
  if (order.organisationId) {
    const role = viewer.memberships.get(order.organisationId);
    if (role) return role;
  } else if (ownsConsumerOrder(viewer, order)) {
    return "customer";
  }
  return viewer.user.isSuperAdmin ? "super_admin" : null;
}

/**
 * {@link accessToOrder} as a condition on `orders`, for the lookups: the orders the viewer may see
 * (undefined for a super admin: every order). The two say the same; `orders-brink.test.ts` holds
 * them to it.
 */
export function visibleOrdersWhere(viewer: OrderViewer): SQL | undefined {
  if (viewer.user.isSuperAdmin) return undefined;
  const companies = [...viewer.memberships.keys()];
  const consumerOrders = and(
    isNull(orders.organisationId),
    or(
      eq(orders.userId, viewer.user.id),
      and(isNull(orders.userId), eq(orders.email, viewer.user.email)),
    ),
  );
  return companies.length > 0
    ? or(inArray(orders.organisationId, companies), consumerOrders)
    : consumerOrders;
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
