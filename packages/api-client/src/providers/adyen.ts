import { type CallOptions, segment } from "../request.js";
import type { PaymentOutcome } from "../wire/checkout.js";
import type {
  AdyenCreateSessionInput,
  AdyenSession,
  AdyenSessionResult,
} from "../wire/providers/adyen.js";
import { type ProviderClientOptions, providerRequester } from "./provider-client.js";

/** Adyen, Sessions flow (`/shopper-adyen`), with the checkout token. */
export interface AdyenClient {
  /**
   * Creates the checkout's payment session, or answers the open one updated (one per checkout).
   * Sent with an `Idempotency-Key`.
   */
  createSession(input: AdyenCreateSessionInput, options?: CallOptions): Promise<AdyenSession>;
  /**
   * The session's status, with the `sessionResult` the return URL brought back: on the
   * confirmation page, to confirm the payment before showing anything.
   */
  getSessionResult(
    sessionId: string,
    sessionResult: string,
    options?: CallOptions,
  ): Promise<AdyenSessionResult>;
}

export function createAdyenClient(options: ProviderClientOptions): AdyenClient {
  const request = providerRequester(options);
  return {
    createSession: (input, call) =>
      request<AdyenSession>("POST", "/shopper-adyen/sessions", {
        body: input,
        idempotent: true,
        ...call,
      }),
    getSessionResult: (sessionId, sessionResult, call) =>
      request<AdyenSessionResult>("GET", `/shopper-adyen/sessions/${segment(sessionId)}`, {
        query: { sessionResult },
        ...call,
      }),
  };
}

/**
 * How an Adyen session ended, in the shop's words: `refused` with order errors is the shop's
 * `refused`, without them a declined card (`declined`, the Drop-in can try again); `canceled` and
 * `expired` both mean the session can no longer be paid (`expired`: start again).
 */
export function adyenOutcome(result: AdyenSessionResult): PaymentOutcome {
  switch (result.status) {
    case "completed":
      return { outcome: "completed", ...(result.orderId ? { orderId: result.orderId } : {}) };
    case "refused":
      if (result.errors !== undefined || result.productVariantIDs !== undefined) {
        return {
          outcome: "refused",
          errors: result.errors ?? [],
          ...(result.productVariantIDs ? { productVariantIDs: result.productVariantIDs } : {}),
        };
      }
      return { outcome: "declined" };
    case "canceled":
    case "expired":
      return { outcome: "expired" };
    default:
      return { outcome: "pending" };
  }
}
