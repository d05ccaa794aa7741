import { createCheckoutClient } from "@kassa/api-client";
import { config } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";

/**
 * A checkout client for this request's tokens (created per request, like every client). With the
 * shopper's address (`context.clientAddress`) it forwards it, for the platform's per-address
 * limit on gift-card tries. Its calls have the payment deadline (ADR 0041): opening a checkout waits
 * on the platform's provider and stock checks.
 */
export function checkoutClient(
  tokens: { sessionToken?: string; checkoutToken?: string },
  clientAddress?: string,
) {
  return createCheckoutClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("payment"),
    ...tokens,
    ...(clientAddress ? { headers: { "X-Forwarded-For": clientAddress } } : {}),
  });
}
