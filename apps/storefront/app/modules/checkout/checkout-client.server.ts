import { createCheckoutClient } from "@kassa/api-client";
import { config } from "~/modules/http/config.server";

/**
 * A checkout client for this request's tokens (created per request, like every client). With the
 * shopper's address (`context.clientAddress`) it forwards it, for the platform's per-address
 * limit on gift-card tries.
 */
export function checkoutClient(
  tokens: { sessionToken?: string; checkoutToken?: string },
  clientAddress?: string,
) {
  return createCheckoutClient({
    baseUrl: config().shopperApiUrl,
    ...tokens,
    ...(clientAddress ? { headers: { "X-Forwarded-For": clientAddress } } : {}),
  });
}
