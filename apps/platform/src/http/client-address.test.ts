import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env.js";
import { clientAddressKey, createClientAddress } from "./client-address.js";

function context(peer: string | undefined, forwardedFor?: string): Context<AppEnv> {
  const headers: Record<string, string> = {};
  if (forwardedFor !== undefined) headers["x-forwarded-for"] = forwardedFor;
  return {
    env: peer === undefined ? {} : { incoming: { socket: { remoteAddress: peer }, headers } },
  } as unknown as Context<AppEnv>;
}

describe("clientAddress with the default trusted proxies (loopback)", () => {
  const clientAddress = createClientAddress(["loopback"]);

  it("believes x-forwarded-for only as far as a trusted hop vouches for it", () => {
    // The storefront on this machine forwards the address its own trusted proxy saw.
    expect(clientAddress(context("127.0.0.1", "203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(context("::1", "2001:db8::1"))).toBe("2001:db8::/64");
    expect(clientAddress(context("::ffff:127.0.0.1", "203.0.113.8"))).toBe("203.0.113.8");
    // The shopper wrote the left value; the storefront (trusted) saw 198.51.100.9.
    expect(clientAddress(context("127.0.0.1", "1.2.3.4, 198.51.100.9"))).toBe("198.51.100.9");
  });

  it("uses the peer address when the peer is not trusted, whatever the header says", () => {
    expect(clientAddress(context("198.51.100.4", "127.0.0.1"))).toBe("198.51.100.4");
    expect(clientAddress(context("::ffff:198.51.100.4"))).toBe("198.51.100.4");
  });

  it("has no address for a trusted caller that forwards none (a storefront without a proxy)", () => {
    expect(clientAddress(context("127.0.0.1"))).toBeUndefined();
    expect(clientAddress(context("::1"))).toBeUndefined();
  });

  it("copes with no socket (app.request() in tests)", () => {
    expect(clientAddress(context(undefined))).toBe("unknown");
  });
});

describe("clientAddress with a storefront on another machine", () => {
  const clientAddress = createClientAddress(["loopback", "10.0.0.0/8"]);

  it("believes the storefront's forwarded address once the storefront is listed", () => {
    expect(clientAddress(context("10.1.2.3", "203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(context("::ffff:10.1.2.3", "203.0.113.7"))).toBe("203.0.113.7");
  });

  it("still refuses the header from an unlisted peer", () => {
    expect(clientAddress(context("192.0.2.50", "203.0.113.7"))).toBe("192.0.2.50");
  });
});

describe("clientAddressKey: what every per-address limit counts under (ADR 0051)", () => {
  it("counts an IPv4 address as itself", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address as its /64: one home connection, however many addresses it takes", () => {
    const keys = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:a1b2:c3d4:e5f6:0789",
      "2001:DB8:1:2:3:4:5:6",
    ].map(clientAddressKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    // The next /64 is another client.
    expect(clientAddressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("keeps what is no address as it is", () => {
    expect(clientAddressKey("unknown")).toBe("unknown");
  });
});

describe("clientAddress gives the key, so no limit can count per IPv6 address", () => {
  const clientAddress = createClientAddress(["loopback"]);

  it("from a trusted proxy's header and from the peer itself", () => {
    expect(clientAddress(context("127.0.0.1", "2001:db8:1:2::7"))).toBe("2001:db8:1:2::/64");
    expect(clientAddress(context("127.0.0.1", "2001:db8:1:2:9::8"))).toBe("2001:db8:1:2::/64");
    expect(clientAddress(context("2001:db8:5:6::1"))).toBe("2001:db8:5:6::/64");
    expect(clientAddress(context("127.0.0.1", "::ffff:198.51.100.9"))).toBe("198.51.100.9");
  });
});
