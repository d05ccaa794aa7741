import type { CallOptions } from "../request.js";
import type { PaymentOutcome } from "../wire/checkout.js";
import type { WalleyCheckout, WalleyInitCheckoutInput } from "../wire/providers/walley.js";
import { type ProviderClientOptions, providerRequester } from "./provider-client.js";

/** Walley Checkout (C§7 `/shopper-walley/checkouts`), with the checkout token. */
export interface WalleyClient {
  /**
   * Creates the checkout's Walley checkout, or answers the open one with the URLs updated (one
   * public token per checkout, reused for its 7 days). Sent with an `Idempotency-Key`.
   */
  initCheckout(input: WalleyInitCheckoutInput, options?: CallOptions): Promise<WalleyCheckout>;
  /** Reads the checkout's newest Walley checkout: on the confirmation page, before showing it. */
  getCheckout(options?: CallOptions): Promise<WalleyCheckout>;
}

export function createWalleyClient(options: ProviderClientOptions): WalleyClient {
  const request = providerRequester(options);
  return {
    initCheckout: (input, call) =>
      request<WalleyCheckout>("POST", "/shopper-walley/checkouts", {
        body: input,
        idempotent: true,
        ...call,
      }),
    getCheckout: (call) => request<WalleyCheckout>("GET", "/shopper-walley/checkouts", { ...call }),
  };
}

/** How a Walley checkout ended, in the shop's words. */
export function walleyOutcome(checkout: WalleyCheckout): PaymentOutcome {
  switch (checkout.status) {
    case "PurchaseCompleted":
      return {
        outcome: "completed",
        ...(checkout.kassaOrderId ? { orderId: checkout.kassaOrderId } : {}),
      };
    case "PurchaseRefused":
      return {
        outcome: "refused",
        errors: checkout.errors ?? [],
        ...(checkout.productVariantIDs ? { productVariantIDs: checkout.productVariantIDs } : {}),
      };
    case "Expired":
      return { outcome: "expired" };
    default:
      return { outcome: "pending" };
  }
}
