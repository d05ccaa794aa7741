import { describe, expect, it } from "vitest";
import { TAG_ORIGINS } from "~/modules/analytics/tag";
import {
  pagePolicy,
  permissionsPolicy,
  plainPolicy,
  securityHeaders,
} from "./content-security-policy.server";

const sources = {
  images: ["https://media.shop.example"],
  payments: ["https://pay.example", "https://js.provider.example"],
};

/** A policy as a map of directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split("; ").map((part) => {
      const [name = "", ...values] = part.split(" ");
      return [name, values];
    }),
  );
}

describe("a page's policy", () => {
  it("runs scripts from the shop, its payment providers and the page's own hashes only", () => {
    const policy = directives(pagePolicy({ scriptHashes: ["sha256-abc="], sources }));
    expect(policy["script-src"]).toEqual([
      "'self'",
      "https://pay.example",
      "https://js.provider.example",
      "'sha256-abc='",
    ]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["frame-src"]).toEqual(sources.payments);
    expect(policy["form-action"]).toEqual(["'self'", ...sources.payments]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", ...sources.images, ...sources.payments]);
    expect(policy["connect-src"]).toEqual(["'self'", ...sources.payments]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
  });

  it("adds the nonce of a private page, and Vite's WebSocket in development only", () => {
    const policy = directives(
      pagePolicy({ scriptHashes: [], nonce: "bm9uY2U=", development: true, sources }),
    );
    expect(policy["script-src"]).toContain("'nonce-bm9uY2U='");
    expect(policy["connect-src"]).toEqual(["'self'", ...sources.payments, "ws:", "wss:"]);
    expect(directives(pagePolicy({ scriptHashes: [], sources }))["connect-src"]).not.toContain(
      "ws:",
    );
  });

  it("allows a Google tag's hosts only when one is configured (ADR 0038)", () => {
    const without = directives(pagePolicy({ scriptHashes: [], sources }));
    expect(Object.values(without).flat().join(" ")).not.toContain("google");
    const policy = directives(
      pagePolicy({ scriptHashes: [], sources: { ...sources, analytics: TAG_ORIGINS } }),
    );
    expect(policy["script-src"]).toContain("https://www.googletagmanager.com");
    expect(policy["script-src"]).not.toContain("https://*.google-analytics.com");
    expect(policy["connect-src"]).toContain("https://*.google-analytics.com");
    expect(policy["img-src"]).toContain("https://www.googletagmanager.com");
    expect(policy["frame-src"]).toEqual(sources.payments);
  });

  it("frames nothing without payment providers", () => {
    const policy = directives(
      pagePolicy({ scriptHashes: [], sources: { images: [], payments: [] } }),
    );
    expect(policy["frame-src"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
  });
});

describe("the server's own answers", () => {
  it("run no script and load nothing but their own pictures", () => {
    const policy = directives(plainPolicy());
    expect(policy["default-src"]).toEqual(["'none'"]);
    expect(policy["script-src"]).toBeUndefined();
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });
});

describe("the headers on every answer", () => {
  it("turn powerful features off, leaving payments to the shop and its providers", () => {
    expect(permissionsPolicy(sources)).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(self "https://pay.example" "https://js.provider.example")',
    );
  });

  it("ask for HSTS only in production on an https origin", () => {
    const https = { isProduction: true, publicOrigin: "https://shop.example" };
    expect(securityHeaders(https, sources)).toMatchObject({
      "Strict-Transport-Security": "max-age=31536000",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    for (const settings of [
      { isProduction: true, publicOrigin: "http://localhost:3000" },
      { isProduction: false, publicOrigin: "https://shop.example" },
    ]) {
      expect(securityHeaders(settings, sources)).not.toHaveProperty("Strict-Transport-Security");
    }
  });
});
