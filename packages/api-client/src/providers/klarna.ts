import { type CallOptions, segment } from "../request.js";
import type { PaymentOutcome } from "../wire/checkout.js";
import type { KlarnaCreateOrderInput, KlarnaOrder } from "../wire/providers/klarna.js";
import { type ProviderClientOptions, providerRequester } from "./provider-client.js";

/** Klarna Checkout (C§7 `POST /shopper-kco/orders`), with the checkout token. */
export interface KlarnaClient {
  /**
   * Creates the checkout's Klarna order, or answers the one it has (one order per checkout,
   * updated rather than recreated). Sent with an `Idempotency-Key`.
   */
  createOrder(input: KlarnaCreateOrderInput, options?: CallOptions): Promise<KlarnaOrder>;
  /** Reads the order: on the confirmation page, to confirm the purchase before showing it. */
  getOrder(orderId: string, options?: CallOptions): Promise<KlarnaOrder>;
}

export function createKlarnaClient(options: ProviderClientOptions): KlarnaClient {
  const request = providerRequester(options);
  return {
    createOrder: (input, call) =>
      request<KlarnaOrder>("POST", "/shopper-kco/orders", {
        body: input,
        idempotent: true,
        ...call,
      }),
    getOrder: (orderId, call) =>
      request<KlarnaOrder>("GET", `/shopper-kco/orders/${segment(orderId)}`, { ...call }),
  };
}

/** How a Klarna order ended, in the shop's words. */
export function klarnaOutcome(order: KlarnaOrder): PaymentOutcome {
  if (order.status === "checkout_complete") {
    return {
      outcome: "completed",
      ...(order.kassa_order_id ? { orderId: order.kassa_order_id } : {}),
    };
  }
  if (order.error_code) {
    return {
      outcome: "refused",
      errors: order.error_messages ?? [],
      ...(order.productVariantIDs ? { productVariantIDs: order.productVariantIDs } : {}),
    };
  }
  return { outcome: "pending" };
}
