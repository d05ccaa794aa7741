import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import proxyaddr from "proxy-addr";
import type { AppEnv } from "../http/app-env.js";
import { bearerTokenOf } from "../modules/accounts/require-user.js";
import { isLoopbackAddress } from "../modules/cache-tags/stream-access.js";

export interface MetricsAccessOptions {
  /**
   * `KASSA_METRICS_ALLOWED`: the scrapers' addresses and networks, in the notation of
   * `KASSA_TRUSTED_PROXIES` (`10.0.0.0/8`, `192.0.2.7`, `uniquelocal`); default none.
   */
  allowed: readonly string[];
  /** `KASSA_METRICS_TOKEN`: a scraper sending `Authorization: Bearer <token>` may read, from anywhere. */
  token?: string;
}

/** Headers a proxy adds for the client it forwards. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"] as const;

/**
 * Who may read `/metrics` (ADR 0039): the figures tell how busy the shop is and how its jobs fare,
 * for the people who run it, so the page is internal. A caller may read it when it
 *
 * - is on this machine: a loopback address and no forwarding header (a proxy on this machine that
 *   forwards a stranger adds one), as for `/cache-tags/stream`;
 * - connects from an address in `allowed` (the socket's address: a scraper connects directly);
 * - or sends `token` as a bearer token (compared in constant time).
 *
 * Anyone else is told there is no such page (404), as for any unknown URL.
 */
export function createMetricsAccess({ allowed, token }: MetricsAccessOptions) {
  const inAllowedNetwork = proxyaddr.compile([...allowed]);
  return (c: Context<AppEnv>): boolean => {
    if (token !== undefined && sameSecret(bearerTokenOf(c.req.header("authorization")), token)) {
      return true;
    }
    const address = c.env?.incoming?.socket?.remoteAddress;
    if (!address) return false;
    if (allowed.length > 0 && inAllowedNetwork(address, 0)) return true;
    const forwarded = FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
    return isLoopbackAddress(address) && !forwarded;
  };
}

function sameSecret(sent: string | undefined, secret: string): boolean {
  if (sent === undefined) return false;
  // Digests of equal length, so the comparison takes as long whatever was sent.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(secret));
}
