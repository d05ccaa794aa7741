import { isKassaApiError, isUnexpectedError, type OrdersClient } from "@kassa/api-client";
import {
  availableDecisions,
  customStateChanges,
  customStateIds,
  ORDER_CUSTOM_STATES,
  type OrderDecisionForm,
} from "@kassa/domain";

export type DecisionOutcome =
  | { ok: true }
  /** The order no longer awaits the customer (someone decided meanwhile, or never asked). */
  | { ok: false; reason: "not-awaiting" }
  /** C§8: the order action failed; `message` is the platform's, when it gave one. */
  | { ok: false; reason: "failed"; message?: string };

const { awaitingCustomerAction, customerApproved, customerDeclined } = ORDER_CUSTOM_STATES;

/** Whether the decision is what the order already shows: a repeat of a post that got through. */
function alreadyDecided(form: OrderDecisionForm, states: readonly string[]): boolean {
  if (states.includes(awaitingCustomerAction)) return false;
  if (form.intent === "approve") return states.includes(customerApproved);
  if (form.intent === "decline") return states.includes(customerDeclined);
  return false;
}

/**
 * Carries out the customer's decision on an order (C§4), as the spec's calls: the order is read
 * again (the page may be old), the decision must be one it offers the user (C§6: only the
 * customer), then the custom-state changes of `customStateChanges()` go one by one, and the
 * decline reason or the change request goes as a note. `noteKey` makes a double-submitted form
 * one note; a repeat of a decision that got through answers success again.
 */
export async function decideOnOrder(
  client: OrdersClient,
  form: OrderDecisionForm,
  { decisionsEnabled, noteKey }: { decisionsEnabled: boolean; noteKey: string },
): Promise<DecisionOutcome> {
  try {
    const { order, access } = await client.getOrderById(form.orderId);
    const states = customStateIds(order.status.customStates);
    const repeat = access === "customer" && alreadyDecided(form, states);
    const offered = availableDecisions({
      customStates: states,
      decisionsEnabled,
      actionsConfigured: true,
      isCustomer: access === "customer",
    });
    if (!offered[form.intent] && !repeat) return { ok: false, reason: "not-awaiting" };

    if (!repeat) {
      for (const change of customStateChanges(form.intent, states)) {
        await client.changeOrderCustomState({ orderId: order.id, ...change });
      }
    }
    // C§4: an empty decline reason sends no note; a change request is its text.
    const note =
      form.intent === "decline"
        ? form.reason
        : form.intent === "request-change"
          ? form.change
          : undefined;
    if (note) await client.addOrderNote(order.id, note, { idempotencyKey: noteKey });
    return { ok: true };
  } catch (error) {
    if (isKassaApiError(error) && !isUnexpectedError(error)) {
      return { ok: false, reason: "failed", message: error.message };
    }
    if (isUnexpectedError(error)) return { ok: false, reason: "failed" };
    throw error;
  }
}
