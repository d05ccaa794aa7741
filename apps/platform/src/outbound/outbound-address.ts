import ipaddr from "ipaddr.js";

/**
 * Which addresses the platform's own outbound calls (a provider notification, anything it fetches)
 * may connect to. Only globally routable unicast addresses, by IANA's special-purpose registries
 * as ipaddr.js knows them: never loopback, private (RFC 1918), unique-local, link-local (the cloud
 * metadata service at 169.254.169.254), carrier-grade NAT, unspecified, multicast, broadcast,
 * documentation or reserved ranges, nor an IPv6 form that carries an IPv4 address inside it
 * (mapped, NAT64, 6to4, Teredo), unless the operator lists the network
 * (`KASSA_OUTBOUND_ALLOWED_NETWORKS`).
 */

/** An address or CIDR range the operator allows although it is not public. */
export type AllowedNetwork = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * `KASSA_OUTBOUND_ALLOWED_NETWORKS`: addresses and CIDR ranges, comma-separated (`10.0.0.0/8`,
 * `192.168.1.20`, `fd00::/8`). A bad entry stops the start, so a typo never opens the wrong range.
 */
export function parseAllowedNetworks(entries: readonly string[]): AllowedNetwork[] {
  return entries.map((entry) => {
    try {
      if (entry.includes("/")) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === "ipv4" ? 32 : 128];
    } catch {
      throw new Error(
        `KASSA_OUTBOUND_ALLOWED_NETWORKS: "${entry}" is not an IP address or a CIDR range`,
      );
    }
  });
}

export type AddressVerdict =
  | { allowed: true }
  /** `range`: ipaddr.js's name of the range it fell in (`loopback`, `private`, `linkLocal`, …). */
  | { allowed: false; range: string };

/** Whether an outbound call may connect to `address` (an IP address as text). */
export function outboundAddressVerdict(
  address: string,
  allowedNetworks: readonly AllowedNetwork[] = [],
): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // `::ffff:127.0.0.1` is 127.0.0.1: judged as the IPv4 address it is.
    parsed = ipaddr.process(address.replace(/^\[(.*)\]$/, "$1"));
  } catch {
    return { allowed: false, range: "not an IP address" };
  }
  const listed = allowedNetworks.some(
    ([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits),
  );
  if (listed) return { allowed: true };
  const range = parsed.range();
  return range === "unicast" ? { allowed: true } : { allowed: false, range };
}
