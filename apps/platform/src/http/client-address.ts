import type { Context } from "hono";
import type { AppEnv } from "../../http/app-env.js";

function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/**
 * The address of the client a login comes from, for the per-address rate limit. The storefront
 * calls the platform from its server, so for a caller on this machine (loopback) the first
 * `x-forwarded-for` value, the shopper's address as the storefront forwards it, is used. From any
 * other peer the header is ignored: a client could write anything there to dodge the limit.
 *
 * A loopback caller without the header is a storefront that does not know the shopper's address
 * (no proxy in front of it): the answer is `undefined`, and no per-address limit applies. Counting
 * such logins under the storefront's own address would put every shopper in one bucket, and 20
 * failed logins anywhere would lock the whole shop out.
 */
export function clientAddress(c: Context<AppEnv>): string | undefined {
  const peer = c.env?.incoming?.socket?.remoteAddress ?? "";
  if (isLoopback(peer)) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    return forwarded ? forwarded.slice(0, 100) : undefined;
  }
  // `::ffff:10.0.0.1` and `10.0.0.1` are one client.
  return peer.replace(/^::ffff:/, "") || "unknown";
}
