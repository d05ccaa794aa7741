import { createHash, timingSafeEqual } from "node:crypto";
import { STOREFRONT_TOKEN_HEADER } from "@kassa/api-client";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.js";
import { HttpError } from "./http-error.js";

/**
 * Who is calling, as far as the shop's own decisions go (ADR 0048). The platform is reachable by
 * whoever reaches the payment providers' notification routes, so it cannot take the storefront's
 * word from anyone: a caller is **the shop** only when it sends one of the configured storefront
 * tokens (`KASSA_STOREFRONT_TOKENS`) as `Kassa-Storefront-Token`. Everyone else is anonymous,
 * whatever their `Authorization` says about the shopper or user they act for.
 */

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Middleware: marks the request as the shop's (`c.get("storefront")`) when it carries one of
 * `tokens`. Compared as SHA-256 digests in constant time, every configured token each time, so
 * neither the length of a guess nor which token it resembles shows in the time taken. A header
 * that is sent but matches none is refused with 401, not taken as anonymous: a storefront with a
 * wrong token is a misconfiguration to see at its first call, not one that quietly makes every
 * signup wait for approval.
 */
export function identifyStorefront(tokens: readonly string[]) {
  const known = tokens.map(digest);
  return createMiddleware<AppEnv>(async (c, next) => {
    const sent = c.req.header(STOREFRONT_TOKEN_HEADER);
    if (sent === undefined) return next();
    const sentDigest = digest(sent);
    let matched = false;
    for (const token of known) matched = timingSafeEqual(token, sentDigest) || matched;
    if (!matched) {
      throw new HttpError(
        401,
        "UNAUTHORIZED",
        `${STOREFRONT_TOKEN_HEADER} is not a token of this shop`,
        {
          wwwAuthenticate: `${STOREFRONT_TOKEN_HEADER} realm="kassa"`,
        },
      );
    }
    c.set("storefront", true);
    return next();
  });
}

/** Whether the request carries a valid storefront token (see {@link identifyStorefront}). */
export function isStorefront(c: Context<AppEnv>): boolean {
  return c.get("storefront") === true;
}

/**
 * The store group everyone may shop and read in without the shop's credential: the public one
 * (A§9 `default`, prices with VAT). Any other (`business`) is the shop's to give (ADR 0048).
 */
export const PUBLIC_STORE_GROUP = "default";

/**
 * Refuses with 403 a caller who is not the shop and names a store group other than the public one:
 * starting a session in it, or reading its prices and products. `storeGroupId` is the resolved
 * group's id (an unknown one is refused before, as it always was).
 */
export function assertStoreGroupAllowed(c: Context<AppEnv>, storeGroupId: string): void {
  if (storeGroupId === PUBLIC_STORE_GROUP || isStorefront(c)) return;
  throw new HttpError(
    403,
    "FORBIDDEN",
    `The store group "${storeGroupId}" is the shop's to choose: only the public store group "${PUBLIC_STORE_GROUP}" is open without ${STOREFRONT_TOKEN_HEADER}`,
  );
}
