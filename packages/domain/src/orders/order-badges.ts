import { isProvorder, ORDER_STATES, type OrderState } from "./order-states.js";

/**
 * The badges of an order (C§4): one per back-office state it is in, by the names C§4 gives them
 * (RELEASED shows as "processing", CANCELLED as "declined"); every custom state as an extra badge
 * by its id; and the Provorder badge. A state C§4 does not name gets no badge.
 */

/** A badge's tone, for its colour; the storefront maps it to the ui's badge variants. */
export type OrderBadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

export type OrderBadge =
  | { kind: "state"; state: OrderState; tone: OrderBadgeTone }
  | { kind: "custom"; id: string; tone: OrderBadgeTone }
  | { kind: "provorder"; tone: OrderBadgeTone };

const STATE_TONES: Record<OrderState, OrderBadgeTone> = {
  PLACED: "neutral",
  RELEASED: "info",
  PARTIALLY_DELIVERED: "info",
  FULLY_DELIVERED: "success",
  PARTIALLY_COMPENSATED: "warning",
  FULLY_COMPENSATED: "warning",
  CANCELLED: "danger",
};

const CUSTOM_STATE_TONES: Record<string, OrderBadgeTone> = {
  awaiting_customer_action: "warning",
  customer_approved: "success",
  customer_declined: "danger",
};

export interface OrderBadgeSource {
  status: { orderStates: readonly string[]; customStates: readonly { id: string }[] };
  attributes?: { merchantReference2?: unknown };
}

export function orderBadges(order: OrderBadgeSource): OrderBadge[] {
  const badges: OrderBadge[] = [];
  for (const state of order.status.orderStates) {
    if ((ORDER_STATES as readonly string[]).includes(state)) {
      const known = state as OrderState;
      badges.push({ kind: "state", state: known, tone: STATE_TONES[known] });
    }
  }
  for (const { id } of order.status.customStates) {
    badges.push({ kind: "custom", id, tone: CUSTOM_STATE_TONES[id] ?? "neutral" });
  }
  if (isProvorder(order.attributes)) badges.push({ kind: "provorder", tone: "info" });
  return badges;
}
