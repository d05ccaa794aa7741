import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";
import { emptyPageCacheNotes } from "./page-tags.server";
import { type AnswerToShare, cacheHeadersFor, sharedCacheControl } from "./shared-page.server";

const SHARED = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";

function answer(overrides: Partial<AnswerToShare> = {}): AnswerToShare {
  const notes = emptyPageCacheNotes();
  notes.tags.add("stock-pp-2");
  notes.tags.add("price-pp-2");
  return {
    method: "GET",
    cookie: undefined,
    status: 200,
    cacheControl: SHARED,
    setsCookie: false,
    notes,
    ...overrides,
  };
}

afterEach(() => {
  delete process.env.KASSA_PAGE_CACHE_SECONDS;
  delete process.env.KASSA_PAGE_CACHE_STALE_SECONDS;
  reloadConfig();
});

describe("which answers a shared cache may keep", () => {
  it("shares an anonymous visitor's page, naming the layout and every tag it was built from", () => {
    expect(cacheHeadersFor(answer())).toEqual({
      "Cache-Control": SHARED,
      "Surrogate-Key": "layout price-pp-2 stock-pp-2",
    });
  });

  it("shares it for a visitor who chose a language or a market: the cache keeps one per value", () => {
    const headers = cacheHeadersFor(answer({ cookie: "lng=ImZpIg%3D%3D; market=abc.def" }));
    expect(headers?.["Cache-Control"]).toBe(SHARED);
    expect(cacheHeadersFor(answer({ method: "HEAD" }))?.["Cache-Control"]).toBe(SHARED);
  });

  it("shares it for a visitor who made a cookie choice: the cache keeps one per choice (ADR 0038)", () => {
    const headers = cacheHeadersFor(answer({ cookie: "kassa_consent=1.1.0.20261127; lng=x" }));
    expect(headers?.["Cache-Control"]).toBe(SHARED);
  });

  it.each([
    ["pending analytics events", "kassa_consent=1.1.0.20261127; kassa_events=abc"],
    ["a cart", "cartToken=eyJ"],
    ["a login", "lng=ImZpIg%3D%3D; userToken=eyJ"],
    ["a flash message", "kassa_flash=abc"],
    ["a wishlist", "wishlist=pp-1"],
    ["a checkout", "checkoutToken=abc"],
    ["a cookie the shop does not know", "_ga=GA1.1.1"],
  ])("keeps a page private for a visitor with %s", (_what, cookie) => {
    expect(cacheHeadersFor(answer({ cookie }))).toEqual({ "Cache-Control": "private, no-store" });
  });

  it.each([
    ["a form's answer", { method: "POST" }],
    ["a page not found", { status: 404 }],
    ["a failure", { status: 500 }],
    ["a redirect", { status: 302 }],
    ["an answer that sets a cookie (?lng=fi)", { setsCookie: true }],
  ] satisfies [string, Partial<AnswerToShare>][])("keeps %s private", (_what, overrides) => {
    expect(cacheHeadersFor(answer(overrides))).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("keeps a page private when a read stood in for data it could not get", () => {
    const notes = emptyPageCacheNotes();
    notes.incomplete = true;
    expect(cacheHeadersFor(answer({ notes }))).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("makes every page that says nothing of caching private, and leaves a route's own choice", () => {
    expect(cacheHeadersFor(answer({ cacheControl: undefined }))).toEqual({
      "Cache-Control": "private, no-store",
    });
    const translations = "public, max-age=31536000, immutable";
    expect(cacheHeadersFor(answer({ cacheControl: translations, cookie: "cartToken=x" }))).toBe(
      undefined,
    );
    expect(cacheHeadersFor(answer({ cacheControl: "no-store" }))).toBe(undefined);
  });
});

describe("the shared pages' Cache-Control", () => {
  it("follows the settings, and 0 shares nothing", () => {
    process.env.KASSA_PAGE_CACHE_SECONDS = "120";
    process.env.KASSA_PAGE_CACHE_STALE_SECONDS = "15";
    reloadConfig();
    expect(sharedCacheControl()).toBe("public, max-age=0, s-maxage=120, stale-while-revalidate=15");
    process.env.KASSA_PAGE_CACHE_SECONDS = "0";
    reloadConfig();
    expect(sharedCacheControl()).toBe(undefined);
  });
});
