import { createCheckoutClient } from "@kassa/api-client";
import { config } from "~/modules/http/config.server";

/** A checkout client for this request's tokens (created per request, like every client). */
export function checkoutClient(tokens: { sessionToken?: string; checkoutToken?: string }) {
  return createCheckoutClient({ baseUrl: config().shopperApiUrl, ...tokens });
}
