import { createRequester, type RequesterOptions } from "../request.js";

/** What every payment-provider client of the shopper API takes: the checkout token. */
export interface ProviderClientOptions {
  /** Origin of the shopper API. */
  baseUrl: string;
  /** The checkout token (`startCheckout`). */
  checkoutToken: string;
  fetch?: typeof fetch;
  retry?: RequesterOptions["retry"];
  headers?: Record<string, string>;
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
}

/** The request pipeline of a provider client: `Authorization: Bearer <checkout token>`. */
export function providerRequester(options: ProviderClientOptions) {
  return createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retry: options.retry,
    headers: options.headers,
    sleep: options.sleep,
    timeout: options.timeout,
    authorization: () => `Bearer ${options.checkoutToken}`,
  });
}
