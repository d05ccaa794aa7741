import {
  type CallOptions,
  createRequester,
  type RequesterOptions,
  type RetryPolicy,
  segment,
} from "./request.js";
import type { CheckoutStarted, CheckoutState, StartCheckoutInput } from "./wire/checkout.js";

export interface CheckoutClientOptions {
  /** Origin of the shopper API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** The shopper session (cart) token: starting a checkout needs it. */
  sessionToken?: string;
  /** The checkout token `startCheckout` answered: every other call needs it. */
  checkoutToken?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  headers?: Record<string, string>;
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
}

/** The checkout and its gift cards (C§7): `/shopper/sessions/checkout…` and `/shopper-retain24`. */
export interface CheckoutClient {
  /**
   * `POST /shopper/sessions/checkout/start` (session token): freezes the cart and answers the
   * checkout token. Sent with an `Idempotency-Key`, so a retry answers the same checkout.
   */
  startCheckout(input: StartCheckoutInput, options?: CallOptions): Promise<CheckoutStarted>;
  /** `GET /shopper/sessions/checkout` (checkout token): the checkout and, once paid, its order. */
  getCheckout(options?: CallOptions): Promise<CheckoutState>;
  /**
   * `PUT /shopper-retain24/gift-cards/{code} {pin}` (checkout token): applies a card; `{}` (204).
   * A PUT is retried as is: applying a card twice applies it once.
   */
  applyGiftCard(code: string, pin: string, options?: CallOptions): Promise<Record<string, never>>;
  /** `DELETE /shopper-retain24/gift-cards/{code}` (checkout token). */
  removeGiftCard(code: string, options?: CallOptions): Promise<Record<string, never>>;
  /** A client like this one with other tokens. */
  withTokens(tokens: { sessionToken?: string; checkoutToken?: string }): CheckoutClient;
}

/**
 * Creates a checkout client for one shopper. Create one per request on a server.
 *
 * @example
 * const checkout = createCheckoutClient({ baseUrl, sessionToken: cookies.cartToken });
 * const { token } = await checkout.startCheckout({ paymentProvider: "KlarnaCheckout", shippingProvider: "PostNord" });
 */
export function createCheckoutClient(options: CheckoutClientOptions): CheckoutClient {
  const requester = (token: string | undefined) =>
    createRequester({
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      retry: options.retry,
      headers: options.headers,
      sleep: options.sleep,
      timeout: options.timeout,
      authorization: () => (token ? `Bearer ${token}` : undefined),
    });
  const withSession = requester(options.sessionToken);
  const withCheckout = requester(options.checkoutToken);
  const giftCardPath = (code: string) => `/shopper-retain24/gift-cards/${segment(code)}`;

  return {
    startCheckout: (input, call) =>
      withSession<CheckoutStarted>("POST", "/shopper/sessions/checkout/start", {
        body: input,
        idempotent: true,
        ...call,
      }),
    getCheckout: (call) =>
      withCheckout<CheckoutState>("GET", "/shopper/sessions/checkout", { ...call }),
    applyGiftCard: (code, pin, call) =>
      withCheckout<Record<string, never>>("PUT", giftCardPath(code), { body: { pin }, ...call }),
    removeGiftCard: (code, call) =>
      withCheckout<Record<string, never>>("DELETE", giftCardPath(code), { ...call }),
    withTokens: (tokens) => createCheckoutClient({ ...options, ...tokens }),
  };
}
