import { describe, expect, it } from "vitest";
import { CROSS_SITE_EXEMPT_PATHS, checkOrigin, normaliseOrigin } from "./csrf";

const own = "https://shop.example";
const post = (headers: { secFetchSite?: string; origin?: string }, extra = {}) =>
  checkOrigin({ method: "POST", path: "/login", ownOrigin: own, ...headers, ...extra });

describe("checkOrigin", () => {
  it("lets requests that change nothing through", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(
        checkOrigin({
          method,
          path: "/",
          secFetchSite: "cross-site",
          origin: "https://evil.example",
          ownOrigin: own,
        }),
      ).toEqual({ allowed: true, reason: "safe-method" });
    }
  });

  it("checks every other method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "PROPFIND"]) {
      expect(
        checkOrigin({ method, path: "/cart", secFetchSite: "cross-site", ownOrigin: own }).allowed,
      ).toBe(false);
    }
  });

  it("allows same-origin posts, and navigations the person started", () => {
    expect(post({ secFetchSite: "same-origin", origin: own })).toEqual({
      allowed: true,
      reason: "same-origin",
    });
    expect(post({ secFetchSite: "Same-Origin" }).allowed).toBe(true);
    expect(post({ secFetchSite: "none" })).toEqual({ allowed: true, reason: "user-initiated" });
  });

  it("refuses cross-site and same-site posts, whatever Origin says", () => {
    expect(post({ secFetchSite: "cross-site", origin: "https://evil.example" })).toEqual({
      allowed: false,
      reason: "cross-site",
    });
    // A lying Origin does not help: the browser's Sec-Fetch-Site decides.
    expect(post({ secFetchSite: "cross-site", origin: own }).allowed).toBe(false);
    expect(post({ secFetchSite: "same-site", origin: "https://blog.shop.example" })).toEqual({
      allowed: false,
      reason: "same-site",
    });
    expect(post({ secFetchSite: "something-new" })).toEqual({
      allowed: false,
      reason: "unknown-fetch-site",
    });
  });

  it("without Sec-Fetch-Site, allows only the storefront's own origin", () => {
    expect(post({ origin: own })).toEqual({ allowed: true, reason: "own-origin" });
    expect(post({ origin: "https://SHOP.example:443" })).toEqual({
      allowed: true,
      reason: "own-origin",
    });
    expect(post({ origin: "https://evil.example" })).toEqual({
      allowed: false,
      reason: "foreign-origin",
    });
    expect(post({ origin: "http://shop.example" })).toEqual({
      allowed: false,
      reason: "foreign-origin",
    });
    expect(post({ origin: "https://shop.example.evil.example" }).allowed).toBe(false);
    expect(post({ origin: "https://evil.example" }, { ownOrigin: undefined }).allowed).toBe(false);
  });

  it("refuses Origin: null (sandboxed frames, data: pages, some redirects)", () => {
    expect(post({ origin: "null" })).toEqual({ allowed: false, reason: "null-origin" });
    expect(post({ origin: "not a url" })).toEqual({ allowed: false, reason: "null-origin" });
    expect(post({ secFetchSite: "cross-site", origin: "null" }).allowed).toBe(false);
  });

  it("allows a request with neither header: no browser, so no cookies sent behind anyone's back", () => {
    expect(post({})).toEqual({ allowed: true, reason: "no-browser" });
    expect(post({ secFetchSite: "", origin: "" })).toEqual({ allowed: true, reason: "no-browser" });
  });

  it("allows the operator's other origins, also from another site", () => {
    const allowedOrigins = ["https://www.shop.example", "https://shop.example.fi/"];
    expect(post({ origin: "https://www.shop.example" }, { allowedOrigins })).toEqual({
      allowed: true,
      reason: "allowed-origin",
    });
    expect(
      post({ secFetchSite: "same-site", origin: "https://www.shop.example" }, { allowedOrigins })
        .allowed,
    ).toBe(true);
    expect(
      post({ secFetchSite: "cross-site", origin: "https://shop.example.fi" }, { allowedOrigins })
        .allowed,
    ).toBe(true);
    expect(
      post({ secFetchSite: "cross-site", origin: "https://evil.example" }, { allowedOrigins })
        .allowed,
    ).toBe(false);
    expect(post({ origin: "null" }, { allowedOrigins: ["null"] }).allowed).toBe(false);
  });

  it("lets exempt paths through, exactly or below a /* entry", () => {
    const exemptPaths = ["/payments/notify", "/hooks/*"];
    const crossSite = { secFetchSite: "cross-site", origin: "https://psp.example" };
    expect(post(crossSite, { path: "/payments/notify", exemptPaths })).toEqual({
      allowed: true,
      reason: "exempt-path",
    });
    expect(post(crossSite, { path: "/hooks/adyen", exemptPaths }).allowed).toBe(true);
    expect(post(crossSite, { path: "/payments/notify/x", exemptPaths }).allowed).toBe(false);
    expect(post(crossSite, { path: "/hooksx", exemptPaths }).allowed).toBe(false);
  });

  it("exempts only the newsletter's one-click unsubscribe, which its token authenticates", () => {
    expect(CROSS_SITE_EXEMPT_PATHS).toEqual(["/newsletter/unsubscribe"]);
    const provider = { secFetchSite: "cross-site", origin: "https://mail.example" };
    expect(post(provider, { path: "/newsletter/unsubscribe" }).allowed).toBe(true);
    expect(post(provider, { path: "/newsletter/confirm" }).allowed).toBe(false);
  });
});

describe("normaliseOrigin", () => {
  it("gives the serialised origin, or nothing", () => {
    expect(normaliseOrigin("https://Shop.Example:443/")).toBe("https://shop.example");
    expect(normaliseOrigin("http://localhost:3000")).toBe("http://localhost:3000");
    expect(normaliseOrigin("null")).toBeUndefined();
    expect(normaliseOrigin("file:///etc/passwd")).toBeUndefined();
    expect(normaliseOrigin(undefined)).toBeUndefined();
  });
});
