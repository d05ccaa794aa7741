import { createProductClient, createShopperClient } from "@kassa/api-client";
import { config } from "./config.server";

/**
 * API clients are created per request (never held at module level): each carries the token of
 * the shopper who made the request and nobody else's.
 */
export function shopperClient(token?: string) {
  return createShopperClient({ baseUrl: config().shopperApiUrl, token });
}

export function productClient() {
  return createProductClient({ baseUrl: config().productApiUrl });
}
