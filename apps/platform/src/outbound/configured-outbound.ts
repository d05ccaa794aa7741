import type { PlatformConfig } from "../config.js";
import { parseAllowedNetworks } from "./outbound-address.js";
import { createOutboundFetch, type OutboundFetch } from "./outbound-fetch.js";

/**
 * The outbound `fetch` of a configured platform: its own public URL and the storefront's origins
 * reached wherever they are (on a developer's machine, localhost), the networks of
 * `KASSA_OUTBOUND_ALLOWED_NETWORKS` too, and every other host only at a public address.
 */
export function outboundFetchOf(
  config: Pick<PlatformConfig, "publicUrl" | "storefrontOrigins" | "outboundAllowedNetworks">,
): OutboundFetch {
  return createOutboundFetch({
    trustedOrigins: [new URL(config.publicUrl).origin, ...config.storefrontOrigins],
    allowedNetworks: parseAllowedNetworks(config.outboundAllowedNetworks),
  });
}
