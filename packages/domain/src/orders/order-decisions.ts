import { ORDER_CUSTOM_STATES } from "./order-states.js";

/**
 * The customer's decisions on an order (C§4, C§6): approve, decline, request a change. Which of
 * them an order offers, and which custom-state changes each makes. The storefront sends exactly
 * these changes, in this order; the platform checks who may make them.
 */

export const ORDER_DECISIONS = ["approve", "decline", "request-change"] as const;
export type OrderDecision = (typeof ORDER_DECISIONS)[number];

export interface CustomStateChange {
  type: "add" | "remove";
  stateId: string;
}

const { awaitingCustomerAction, customerApproved, customerDeclined } = ORDER_CUSTOM_STATES;

/**
 * C§4: the custom-state changes a decision makes on an order with `current` custom states, in the
 * order they are to be sent. Approve adds `customer_approved` if absent, then removes
 * `awaiting_customer_action` and `customer_declined` if present; decline mirrors it; a change
 * request changes no state (its text goes as a note). Adding first means a decision cut off
 * halfway leaves the order still awaiting the customer, who can simply decide again.
 */
export function customStateChanges(
  decision: OrderDecision,
  current: readonly string[],
): CustomStateChange[] {
  const has = (id: string) => current.includes(id);
  const decide = (add: string, remove: readonly string[]): CustomStateChange[] => [
    ...(has(add) ? [] : [{ type: "add" as const, stateId: add }]),
    ...remove.filter(has).map((stateId) => ({ type: "remove" as const, stateId })),
  ];
  switch (decision) {
    case "approve":
      return decide(customerApproved, [awaitingCustomerAction, customerDeclined]);
    case "decline":
      return decide(customerDeclined, [awaitingCustomerAction, customerApproved]);
    case "request-change":
      return [];
  }
}

/** The custom states after `changes`, in order (adding a present state or removing an absent one changes nothing). */
export function applyCustomStateChanges(
  current: readonly string[],
  changes: readonly CustomStateChange[],
): string[] {
  let states = [...current];
  for (const change of changes) {
    if (change.type === "add" && !states.includes(change.stateId)) states.push(change.stateId);
    if (change.type === "remove") states = states.filter((id) => id !== change.stateId);
  }
  return states;
}

export interface DecisionContext {
  /** The order's custom state ids. */
  customStates: readonly string[];
  /** The build setting that allows order decisions (`KASSA_ORDER_DECISIONS_ENABLED`). */
  decisionsEnabled: boolean;
  /** The action config is provided (C§4): the page can post decisions. */
  actionsConfigured: boolean;
  /** C§6: only the customer may decide; agents and super admins see the order, not the buttons. */
  isCustomer: boolean;
}

/**
 * C§4: approve shows while the order awaits the customer; decline and request change show while it
 * awaits the customer and carries neither decision yet. All three need the setting, the action
 * config and (C§6) the customer.
 */
export function availableDecisions(context: DecisionContext): Record<OrderDecision, boolean> {
  const allowed = context.decisionsEnabled && context.actionsConfigured && context.isCustomer;
  const awaiting = context.customStates.includes(awaitingCustomerAction);
  const undecided =
    !context.customStates.includes(customerApproved) &&
    !context.customStates.includes(customerDeclined);
  return {
    approve: allowed && awaiting,
    decline: allowed && awaiting && undecided,
    "request-change": allowed && awaiting && undecided,
  };
}
