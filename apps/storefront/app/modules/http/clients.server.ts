import {
  createAccountClient,
  createCompaniesClient,
  createMediaClient,
  createNewsletterClient,
  createOrdersClient,
  createProductClient,
  createShopperClient,
  createWishlistClient,
} from "@kassa/api-client";
import type { AppLoadContext } from "@remix-run/node";
import { config } from "./config.server";
import { type CallKind, deadlineMs } from "./deadlines.server";
import { platformFetch } from "./platform-fetch.server";

/**
 * API clients are created per request (never held at module level): each carries the token of
 * the shopper who made the request and nobody else's, and (where the platform limits per client,
 * as for session starts) the shopper's address as the storefront's trusted proxy saw it.
 *
 * Every platform client carries the shop's own credential (`KASSA_STOREFRONT_TOKEN`, ADR 0048),
 * beside the shopper's or user's token: the platform takes the shop's signup settings and store
 * groups only from a caller that has it. The newsletter's marketing provider gets none.
 *
 * Every client has a deadline for each call (ADR 0041): the kind of call it mostly makes, given
 * as its last argument where a client serves both pages and forms; a read that every page makes
 * through a write client (the cart's session, the logged-in user) passes `{ timeout }` itself.
 */
export function shopperClient(token?: string, clientAddress?: string, kind: CallKind = "write") {
  return createShopperClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs(kind),
    token,
    forwardedFor: clientAddress,
    storefrontToken: config().storefrontToken,
  });
}

export function productClient() {
  return createProductClient({
    baseUrl: config().productApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("read"),
    storefrontToken: config().storefrontToken,
  });
}

/**
 * An account client for this request, acting as `accessToken`'s user when given. It forwards the
 * shopper's address for the platform's per-address limits: `context.clientAddress`, which the
 * storefront's server takes from the nearest trusted proxy (`KASSA_TRUSTED_PROXIES`), never the
 * request's own `X-Forwarded-For`, which the client writes.
 */
export function accountClient(
  context: AppLoadContext,
  accessToken?: string,
  kind: CallKind = "write",
) {
  return createAccountClient({
    baseUrl: config().accountApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs(kind),
    accessToken,
    forwardedFor: context.clientAddress,
    storefrontToken: config().storefrontToken,
  });
}

/**
 * The order calls of the account pages (`/brink/*`), as the logged-in user `accessToken` names:
 * reads, but for the order decisions (`"write"`).
 */
export function ordersClient(accessToken: string, kind: CallKind = "read") {
  return createOrdersClient({
    baseUrl: config().orderApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs(kind),
    accessToken,
    storefrontToken: config().storefrontToken,
  });
}

/** The company area's calls (A§7), as the logged-in user `accessToken` names. */
export function companiesClient(accessToken: string) {
  return createCompaniesClient({
    baseUrl: config().accountApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("write"),
    accessToken,
    storefrontToken: config().storefrontToken,
  });
}

/**
 * Company media (C§7 Media: print files), as the logged-in user `accessToken` names (C§6), with
 * the upload deadline: the platform converts what is uploaded before it answers.
 */
export function mediaClient(accessToken: string) {
  return createMediaClient({
    baseUrl: config().mediaApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("upload"),
    accessToken,
    storefrontToken: config().storefrontToken,
  });
}

/** The logged-in user's wishlist on the platform, so it follows them to another device. */
export function wishlistClient(accessToken: string) {
  return createWishlistClient({
    baseUrl: config().accountApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("write"),
    accessToken,
    storefrontToken: config().storefrontToken,
  });
}

/**
 * The newsletter's marketing provider (C§7 Newsletter); anonymous, like the shoppers who use it.
 * It forwards the shopper's address (`context.clientAddress`) for the provider's per-address
 * sign-up limit.
 */
export function newsletterClient(context: AppLoadContext) {
  return createNewsletterClient({
    baseUrl: config().marketingApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("write"),
    headers: context.clientAddress ? { "X-Forwarded-For": context.clientAddress } : undefined,
  });
}
