import { createProductClient, createShopperClient } from "@kassa/api-client";
import { config } from "./config.server";

/**
 * API clients are created per request (never held at module level): each carries the token of
 * the shopper who made the request and nobody else's, and (where the platform limits per client,
 * as for session starts) the shopper's address as the storefront's trusted proxy saw it.
 */
export function shopperClient(token?: string, clientAddress?: string) {
  return createShopperClient({ baseUrl: config().shopperApiUrl, token, forwardedFor: clientAddress });
}

export function productClient() {
  return createProductClient({ baseUrl: config().productApiUrl });
}
