import type { CallOptions } from "../request.js";
import type { PaymentOutcome } from "../wire/checkout.js";
import type { AvardaCreatePaymentInput, AvardaPayment } from "../wire/providers/avarda.js";
import { type ProviderClientOptions, providerRequester } from "./provider-client.js";

/** Avarda Checkout 3 (C§7 `/shopper-avarda`), with the checkout token. */
export interface AvardaClient {
  /**
   * Initialises the checkout's purchase, or answers the open one with its amount brought up to
   * date (a new one after the last timed out). Sent with an `Idempotency-Key`.
   */
  createPayment(input: AvardaCreatePaymentInput, options?: CallOptions): Promise<AvardaPayment>;
  /** Re-syncs the purchase's amount after the checkout changed (gift cards). No body. */
  syncPayment(options?: CallOptions): Promise<AvardaPayment>;
  /**
   * Reads the purchase on the confirmation page, to confirm it before showing anything: the
   * checkout's newest, or the one `purchaseId` names (the redirect carries it).
   */
  getConfirmation(
    query?: { purchaseId?: string | null },
    options?: CallOptions,
  ): Promise<AvardaPayment>;
}

export function createAvardaClient(options: ProviderClientOptions): AvardaClient {
  const request = providerRequester(options);
  return {
    createPayment: (input, call) =>
      request<AvardaPayment>("POST", "/shopper-avarda/payments", {
        body: input,
        idempotent: true,
        ...call,
      }),
    syncPayment: (call) =>
      request<AvardaPayment>("POST", "/shopper-avarda/payments/sync", {
        idempotent: true,
        ...call,
      }),
    getConfirmation: (query = {}, call) =>
      request<AvardaPayment>("GET", "/shopper-avarda/confirmation", {
        query: { purchaseId: query.purchaseId || undefined },
        ...call,
      }),
  };
}

/** How an Avarda purchase ended, in the shop's words. */
export function avardaOutcome(payment: AvardaPayment): PaymentOutcome {
  switch (payment.step.current) {
    case "Completed":
      return { outcome: "completed", ...(payment.orderId ? { orderId: payment.orderId } : {}) };
    case "TimedOut":
      return { outcome: "expired" };
    default:
      if (payment.errorCode) {
        return {
          outcome: "refused",
          errors: payment.errors ?? [],
          ...(payment.productVariantIDs ? { productVariantIDs: payment.productVariantIDs } : {}),
        };
      }
      return { outcome: "pending" };
  }
}
