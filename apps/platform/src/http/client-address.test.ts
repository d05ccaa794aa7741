import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../http/app-env.js";
import { clientAddress } from "./client-address.js";

function context(peer: string | undefined, forwardedFor?: string): Context<AppEnv> {
  return {
    env: peer === undefined ? {} : { incoming: { socket: { remoteAddress: peer } } },
    req: { header: (name: string) => (name === "x-forwarded-for" ? forwardedFor : undefined) },
  } as unknown as Context<AppEnv>;
}

describe("clientAddress", () => {
  it("trusts x-forwarded-for (its first value) only from a loopback peer", () => {
    expect(clientAddress(context("127.0.0.1", "203.0.113.7, 10.0.0.1"))).toBe("203.0.113.7");
    expect(clientAddress(context("::1", "2001:db8::1"))).toBe("2001:db8::1");
    expect(clientAddress(context("::ffff:127.0.0.1", "203.0.113.8"))).toBe("203.0.113.8");
  });

  it("uses the peer address otherwise, whatever the header says", () => {
    expect(clientAddress(context("198.51.100.4", "127.0.0.1"))).toBe("198.51.100.4");
    expect(clientAddress(context("::ffff:198.51.100.4"))).toBe("198.51.100.4");
  });

  it("has no address for a loopback caller that forwards none (a storefront without a proxy)", () => {
    expect(clientAddress(context("127.0.0.1"))).toBeUndefined();
    expect(clientAddress(context("127.0.0.1", " "))).toBeUndefined();
    expect(clientAddress(context("::1"))).toBeUndefined();
  });

  it("copes with no socket (app.request() in tests)", () => {
    expect(clientAddress(context(undefined))).toBe("unknown");
  });
});
