import type { Context } from "hono";
import proxyaddr from "proxy-addr";
import type { AppEnv } from "./app-env.js";

/** Reads the address of the client a request comes from (for per-address rate limits). */
export type ClientAddress = (c: Context<AppEnv>) => string | undefined;

/**
 * The address the nearest trusted proxy saw, with `trustedProxies` in the notation of Express's
 * `trust proxy` (`loopback`, `linklocal`, `uniquelocal`, addresses, CIDR ranges): the hops of
 * `X-Forwarded-For` are read from the right, and only as far as each is vouched for by a trusted
 * one. A client that writes the header itself is not trusted, so its value is never believed;
 * and a storefront on another machine is believed once its address is listed.
 *
 * A trusted caller that forwards no address (a storefront that does not know the shopper's) gives
 * `undefined`: counting such requests under the caller's own address would put every shopper in
 * one bucket, and 20 failed logins anywhere would lock the whole shop out.
 */
export function createClientAddress(trustedProxies: readonly string[]): ClientAddress {
  const trust = proxyaddr.compile([...trustedProxies]);
  return (c) => {
    const incoming = c.env?.incoming;
    // `app.request()` in tests has no socket.
    if (!incoming?.socket) return "unknown";
    const chain = proxyaddr.all(incoming, trust);
    const address = chain[chain.length - 1];
    if (!address) return undefined;
    const forwardedNothing = chain.length === 1;
    if (forwardedNothing && trust(address, 0)) return undefined;
    // `::ffff:10.0.0.1` and `10.0.0.1` are one client.
    return address.replace(/^::ffff:/, "").slice(0, 100);
  };
}
