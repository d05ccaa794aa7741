import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, type Dispatcher, fetch as undiciFetch } from "undici";
import { type AllowedNetwork, outboundAddressVerdict } from "./outbound-address.js";

/**
 * The platform's outbound HTTP calls: `fetch` through a connection agent that checks, at connect
 * time, the address each host name resolved to, so a name that resolves to a private address (or
 * resolves to a public one when asked first and a private one when connected to: DNS rebinding)
 * never gets a connection. A shopper must never make the platform call into its own network
 * (SSRF); the rule is {@link outboundAddressVerdict}.
 *
 * The origins the operator configured (the platform's own public URL, the storefront's) are
 * reached whatever they resolve to: on a developer's machine and in the tests they are localhost.
 */
export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;

export type OutboundInit = Omit<NonNullable<Parameters<typeof undiciFetch>[1]>, "dispatcher">;

export interface OutboundOptions {
  /** Origins reached whatever their address (`http://localhost:4000`): the configured ones. */
  trustedOrigins?: readonly string[];
  /** Networks reached although not public (`KASSA_OUTBOUND_ALLOWED_NETWORKS`). */
  allowedNetworks?: readonly AllowedNetwork[];
  /** Resolves host names; default the system's resolver (`dns.lookup`). Tests give their own. */
  lookup?: LookupFunction;
}

/** Thrown (as the `cause` of fetch's error) when an address is refused. */
export class OutboundAddressRefused extends Error {
  override name = "OutboundAddressRefused";
  constructor(host: string, address: string, range: string) {
    super(
      `Outbound call to ${host} refused: ${address === host ? "" : `it resolves to ${address}, `}a ${range} address (KASSA_OUTBOUND_ALLOWED_NETWORKS lists the networks allowed)`,
    );
  }
}

/** `host:port` of a URL's origin, with the scheme's default port spelt out. */
function hostPort(protocol: string, hostname: string, port: string): string {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return `${protocol}//${bare}:${port || (protocol === "https:" ? "443" : "80")}`;
}

/**
 * A `dns.lookup` that answers only when every address the name has is allowed: one private
 * address among public ones refuses the name, since the connection may try any of them.
 */
function guardedLookup(
  resolve: LookupFunction,
  allowedNetworks: readonly AllowedNetwork[],
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, "", 0);
      const addresses = (Array.isArray(found) ? found : [{ address: found, family: 0 }]).filter(
        (entry): entry is LookupAddress => typeof entry.address === "string",
      );
      for (const { address } of addresses) {
        const verdict = outboundAddressVerdict(address, allowedNetworks);
        if (!verdict.allowed) {
          return callback(new OutboundAddressRefused(hostname, address, verdict.range), "", 0);
        }
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`${hostname} resolved to no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/** The agent every outbound call goes through: configured origins as they are, others checked. */
export function outboundAgent({
  trustedOrigins = [],
  allowedNetworks = [],
  lookup = dnsLookup as LookupFunction,
}: OutboundOptions = {}): Dispatcher {
  const trusted = new Set(
    trustedOrigins.map((origin) => {
      const url = new URL(origin);
      return hostPort(url.protocol, url.hostname, url.port);
    }),
  );
  const timeout = 10_000;
  const direct = buildConnector({ timeout, lookup });
  const checked = buildConnector({ timeout, lookup: guardedLookup(lookup, allowedNetworks) });
  return new Agent({
    connect: (options, callback) => {
      if (trusted.has(hostPort(options.protocol, options.hostname, options.port))) {
        return direct(options, callback);
      }
      // An address in the URL is never looked up: it is checked here.
      const literal = options.hostname.replace(/^\[(.*)\]$/, "$1");
      if (isIP(literal)) {
        const verdict = outboundAddressVerdict(literal, allowedNetworks);
        if (!verdict.allowed) {
          return callback(new OutboundAddressRefused(literal, literal, verdict.range), null);
        }
      }
      return checked(options, callback);
    },
  });
}

/** `fetch` through {@link outboundAgent}. Redirects are never followed: each hop is a new call. */
export function createOutboundFetch(options: OutboundOptions = {}): OutboundFetch {
  const dispatcher = outboundAgent(options);
  return async (url, init = {}) =>
    (await undiciFetch(url, { ...init, redirect: "manual", dispatcher })) as unknown as Response;
}
