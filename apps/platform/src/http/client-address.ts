import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";
import type { AppEnv } from "./app-env.js";

/**
 * Reads the client a request comes from, as the per-address rate limits count it
 * ({@link clientAddressKey}: an IPv4 address, or an IPv6 address's /64).
 */
export type ClientAddress = (c: Context<AppEnv>) => string | undefined;

/** The bits of an IPv6 address that name one subscriber's network: its /64. */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * The key one client's requests are counted under by every per-address limit (ADR 0051). An
 * IPv4 address is one client. An IPv6 address is not: a home connection or a cloud machine is
 * given a whole /64 (2^64 addresses, SLAAC and privacy addresses change within it), so counting
 * per address gave one client as many tries as it cared to take addresses. Its /64 is the
 * client, written `2001:db8:1:2::/64`. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a
 * dual-stack socket reports for an IPv4 peer) is that IPv4 address. Anything else (`unknown`) is
 * kept as it is.
 */
export function clientAddressKey(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // `process` turns an IPv4-mapped IPv6 address into its IPv4 address.
    parsed = ipaddr.process(address);
  } catch {
    return address.slice(0, 100);
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  const kept = IPV6_CLIENT_PREFIX_BITS / 16;
  const parts = (parsed as ipaddr.IPv6).parts.map((part, index) => (index < kept ? part : 0));
  return `${new ipaddr.IPv6(parts).toString()}/${IPV6_CLIENT_PREFIX_BITS}`;
}

/**
 * The client the nearest trusted proxy saw, as {@link clientAddressKey} of its address, with
 * `trustedProxies` in the notation of Express's `trust proxy` (`loopback`, `linklocal`,
 * `uniquelocal`, addresses, CIDR ranges): the hops of `X-Forwarded-For` are read from the right,
 * and only as far as each is vouched for by a trusted one. A client that writes the header itself is not trusted, so its value is never believed;
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
    // Made here, once, for every limit that counts per address.
    return clientAddressKey(address);
  };
}
