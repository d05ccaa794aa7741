/**
 * The names of an order's states (C§3, C§4, platform contract). Back-office states move an order
 * along its flow and its compensation; custom states are set by people (the customer's decisions)
 * and by the back office. On the wire every state is a plain string, so a state this version does
 * not know passes through untouched (C§4: it simply gets no badge).
 */

/** Back-office states of the order's flow; an order is in exactly one of them. */
export const ORDER_FLOW_STATES = [
  "PLACED",
  "RELEASED",
  "PARTIALLY_DELIVERED",
  "FULLY_DELIVERED",
  "CANCELLED",
] as const;
export type OrderFlowState = (typeof ORDER_FLOW_STATES)[number];

/** Back-office states of the order's compensation (refunds); at most one, once refunded. */
export const ORDER_COMPENSATION_STATES = ["PARTIALLY_COMPENSATED", "FULLY_COMPENSATED"] as const;
export type OrderCompensationState = (typeof ORDER_COMPENSATION_STATES)[number];

export type OrderState = OrderFlowState | OrderCompensationState;

/** Every back-office state C§4 gives a badge. */
export const ORDER_STATES: readonly OrderState[] = [
  ...ORDER_FLOW_STATES,
  ...ORDER_COMPENSATION_STATES,
];

export function isOrderState(value: string): value is OrderState {
  return (ORDER_STATES as readonly string[]).includes(value);
}

/** The custom states of C§3, by what they mean. */
export const ORDER_CUSTOM_STATES = {
  awaitingCustomerAction: "awaiting_customer_action",
  customerApproved: "customer_approved",
  customerDeclined: "customer_declined",
} as const;
export type OrderCustomStateId = (typeof ORDER_CUSTOM_STATES)[keyof typeof ORDER_CUSTOM_STATES];

export const ORDER_CUSTOM_STATE_IDS: readonly OrderCustomStateId[] =
  Object.values(ORDER_CUSTOM_STATES);

export function isOrderCustomStateId(value: string): value is OrderCustomStateId {
  return (ORDER_CUSTOM_STATE_IDS as readonly string[]).includes(value);
}

/** C§4: an order whose `attributes.merchantReference2` is this is a Provorder. */
export const PROVORDER_REFERENCE = "provorder";

/** Whether an order is a Provorder (C§4): its invoice is credited once the return is received. */
export function isProvorder(attributes: { merchantReference2?: unknown } | undefined): boolean {
  return attributes?.merchantReference2 === PROVORDER_REFERENCE;
}

/** The ids of an order's custom states, from their wire form (`[{ id }]`). */
export function customStateIds(customStates: readonly { id: string }[]): string[] {
  return customStates.map((state) => state.id);
}
