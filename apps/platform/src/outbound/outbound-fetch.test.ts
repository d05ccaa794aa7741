import { createServer, type Server } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboundAddressVerdict, parseAllowedNetworks } from "./outbound-address.js";
import { createOutboundFetch, OutboundAddressRefused } from "./outbound-fetch.js";

/** A listener on loopback that counts what reaches it: an internal service a shopper aims at. */
let server: Server;
let port: number;
let received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    response.end("internal");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

/** A resolver that answers from a table, as a DNS server the attacker controls would. */
function resolverOf(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = (table[hostname] ?? []).map((address) => ({
      address,
      family: address.includes(":") ? 6 : 4,
    }));
    if (addresses.length === 0) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: "ENOTFOUND",
      });
      return callback(error, "", 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]?.address ?? "", addresses[0]?.family ?? 4);
  };
}

/** The reason a refused call failed (undici's `fetch failed` carries it as `cause`). */
async function refusal(call: Promise<Response>): Promise<unknown> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(Error);
  return (error as Error).cause;
}

describe("outbound calls", () => {
  it("never connect to a loopback address written in the URL", async () => {
    const outbound = createOutboundFetch();
    for (const host of [
      "127.0.0.1",
      "127.1.2.3",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
    ]) {
      const cause = await refusal(outbound(`http://${host}:${port}/hook`, { method: "POST" }));
      expect(cause, host).toBeInstanceOf(OutboundAddressRefused);
    }
    expect(received).toEqual([]);
  });

  it("never connect to a name that resolves to a private address, checked when connecting", async () => {
    let asked = 0;
    // Public when a careless check asks first, loopback when the connection is made (rebinding).
    const rebinding: LookupFunction = (hostname, options, callback) => {
      asked++;
      const table = asked === 1 ? { [hostname]: ["93.184.216.34"] } : { [hostname]: ["127.0.0.1"] };
      resolverOf(table)(hostname, options, callback);
    };
    const outbound = createOutboundFetch({ lookup: rebinding });
    await new Promise((resolve) => rebinding("rebind.test", {}, resolve));
    const cause = await refusal(outbound(`http://rebind.test:${port}/hook`, { method: "POST" }));
    expect(cause).toBeInstanceOf(OutboundAddressRefused);
    expect(String((cause as Error).message)).toContain("127.0.0.1");

    // One private address among public ones refuses the name: the connection may try any.
    const mixed = createOutboundFetch({
      lookup: resolverOf({ "mixed.test": ["93.184.216.34", "127.0.0.1"] }),
    });
    expect(await refusal(mixed(`http://mixed.test:${port}/`))).toBeInstanceOf(
      OutboundAddressRefused,
    );
    expect(received).toEqual([]);
  });

  it("reach the configured origins whatever they resolve to, and listed networks", async () => {
    const trusted = createOutboundFetch({ trustedOrigins: [`http://127.0.0.1:${port}`] });
    expect((await trusted(`http://127.0.0.1:${port}/notify`, { method: "POST" })).status).toBe(200);
    // Another port of the same host is not configured.
    expect(await refusal(trusted(`http://127.0.0.1:${port + 1}/`))).toBeInstanceOf(
      OutboundAddressRefused,
    );

    const listed = createOutboundFetch({
      allowedNetworks: parseAllowedNetworks(["127.0.0.0/8"]),
      lookup: resolverOf({ "internal.test": ["127.0.0.1"] }),
    });
    expect((await listed(`http://internal.test:${port}/listed`)).status).toBe(200);
    expect(received).toEqual(["POST /notify", "GET /listed"]);
  });

  it("follow no redirect", async () => {
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: `http://127.0.0.1:${port}/hook` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      const outbound = createOutboundFetch({ trustedOrigins: [origin] });
      const answer = await outbound(`${origin}/`, { method: "POST", redirect: "follow" });
      expect(answer.status).toBe(307);
      expect(received).toEqual([]);
    } finally {
      redirecting.closeAllConnections();
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });
});

describe("outboundAddressVerdict", () => {
  it("allows only public unicast addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) {
      expect(outboundAddressVerdict(address), address).toEqual({ allowed: true });
    }
    for (const [address, range] of [
      ["127.0.0.1", "loopback"],
      ["10.1.2.3", "private"],
      ["172.16.0.1", "private"],
      ["192.168.1.1", "private"],
      ["169.254.169.254", "linkLocal"],
      ["100.64.0.1", "carrierGradeNat"],
      ["0.0.0.0", "unspecified"],
      ["224.0.0.1", "multicast"],
      ["255.255.255.255", "broadcast"],
      ["::1", "loopback"],
      ["::", "unspecified"],
      ["fe80::1", "linkLocal"],
      ["fd00::1", "uniqueLocal"],
      ["::ffff:10.0.0.1", "private"],
      ["64:ff9b::a00:1", "rfc6052"],
      ["2002:a00:1::", "6to4"],
      ["not-an-address", "not an IP address"],
    ] as const) {
      expect(outboundAddressVerdict(address), address).toEqual({ allowed: false, range });
    }
  });

  it("allows the networks the operator lists, and refuses a bad entry at start", () => {
    const networks = parseAllowedNetworks(["10.0.0.0/8", "192.168.1.20", "fd00::/8"]);
    expect(outboundAddressVerdict("10.9.8.7", networks)).toEqual({ allowed: true });
    expect(outboundAddressVerdict("192.168.1.20", networks)).toEqual({ allowed: true });
    expect(outboundAddressVerdict("192.168.1.21", networks).allowed).toBe(false);
    expect(outboundAddressVerdict("fd12::1", networks)).toEqual({ allowed: true });
    expect(() => parseAllowedNetworks(["10.0.0.0/33"])).toThrow("KASSA_OUTBOUND_ALLOWED_NETWORKS");
    expect(() => parseAllowedNetworks(["intranet"])).toThrow("KASSA_OUTBOUND_ALLOWED_NETWORKS");
  });
});
