import type { CallOptions } from "../request.js";
import type { PaymentOutcome } from "../wire/checkout.js";
import type { QliroCreateCheckoutInput, QliroOrder } from "../wire/providers/qliro.js";
import { type ProviderClientOptions, providerRequester } from "./provider-client.js";

/** Qliro One (C§7 `/shopper-qliro/checkouts`), with the checkout token. */
export interface QliroOneClient {
  /**
   * Creates the checkout's Qliro order, or updates and answers the one it has (one order per
   * checkout). Sent with an `Idempotency-Key`.
   */
  createCheckout(input: QliroCreateCheckoutInput, options?: CallOptions): Promise<QliroOrder>;
  /** Reads the checkout's Qliro order: on the confirmation page, before showing anything. */
  getCheckout(options?: CallOptions): Promise<QliroOrder>;
  /**
   * Syncs the Qliro order with the checkout (the amount after gift cards) and answers it; between
   * `q1.lock()` and `q1.unlock()` on the page. Empty body; sent with an `Idempotency-Key`.
   */
  syncCheckout(options?: CallOptions): Promise<QliroOrder>;
}

export function createQliroOneClient(options: ProviderClientOptions): QliroOneClient {
  const request = providerRequester(options);
  return {
    createCheckout: (input, call) =>
      request<QliroOrder>("POST", "/shopper-qliro/checkouts", {
        body: input,
        idempotent: true,
        ...call,
      }),
    getCheckout: (call) => request<QliroOrder>("GET", "/shopper-qliro/checkouts", { ...call }),
    syncCheckout: (call) =>
      request<QliroOrder>("POST", "/shopper-qliro/checkouts/sync", { idempotent: true, ...call }),
  };
}

/**
 * How a Qliro order ended, in the shop's words. `OnHold` is `pending`: the order is placed but
 * Qliro has not released it yet (sync again, or wait for the push).
 */
export function qliroOneOutcome(order: QliroOrder): PaymentOutcome {
  switch (order.CustomerCheckoutStatus) {
    case "Completed":
      return {
        outcome: "completed",
        ...(order.KassaOrderId ? { orderId: order.KassaOrderId } : {}),
      };
    case "Refused":
      return {
        outcome: "refused",
        errors: order.errors ?? [],
        ...(order.productVariantIDs ? { productVariantIDs: order.productVariantIDs } : {}),
      };
    case "Expired":
      return { outcome: "expired" };
    default:
      return { outcome: "pending" };
  }
}
