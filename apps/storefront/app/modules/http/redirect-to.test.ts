import { describe, expect, it } from "vitest";
import { redirectOnSite, replaceOnSite, safeRedirectTo } from "./redirect-to";

const OFF_SITE = [
  "/\t/evil.example/",
  "/\n/evil.example/",
  "//evil.example/",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%09/evil.example",
  "/a/..//evil.example/",
  "https://evil.example/",
];

describe("safeRedirectTo", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirectTo("/cart")).toBe("/cart");
    expect(safeRedirectTo("/kategori/klader?page=2")).toBe("/kategori/klader?page=2");
  });

  it("falls back for anything that could leave the site", () => {
    for (const value of [...OFF_SITE, "", null, undefined, 42]) {
      expect(safeRedirectTo(value, "/fallback"), JSON.stringify(value)).toBe("/fallback");
    }
  });
});

describe("redirectOnSite and replaceOnSite", () => {
  it("send a path of the shop as it is, with the status and headers given", () => {
    const answer = redirectOnSite("/cart?x=1", { status: 303, headers: { "X-Test": "1" } });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/cart?x=1");
    expect(answer.headers.get("X-Test")).toBe("1");
    expect(replaceOnSite("/cart", 303).headers.get("Location")).toBe("/cart");
  });

  it("send the fallback instead of a target that would leave the shop", () => {
    for (const target of OFF_SITE) {
      expect(redirectOnSite(target, 302, "/sv-se").headers.get("Location"), target).toBe("/sv-se");
      expect(replaceOnSite(target, 303, "/cart").headers.get("Location"), target).toBe("/cart");
    }
    expect(redirectOnSite("//evil.example/").headers.get("Location")).toBe("/");
  });

  it("refuse a fallback that is no path of the shop: a mistake in the code, not in the request", () => {
    expect(() => redirectOnSite("//evil.example/", 302, "//other.example/")).toThrow();
  });
});
