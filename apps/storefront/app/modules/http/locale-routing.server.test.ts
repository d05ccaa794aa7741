import { describe, expect, it } from "vitest";
import { config } from "./config.server";
import { storefrontCookies } from "./cookies.server";
import { alternatesOf, legacyPublicPath, redirectToPreferredLocale } from "./locale-routing.server";
import {
  localeOf,
  preferredLocale,
  rememberLinkedLocale,
  rememberPathLocale,
} from "./request-locale.server";

const SITE = "http://storefront.test";

async function withCookies(
  path: string,
  chosen: { market?: string; lng?: string } = {},
  headers: Record<string, string> = {},
) {
  const cookies = storefrontCookies();
  const pairs = [
    chosen.market ? await cookies.market.serialize(chosen.market) : undefined,
    chosen.lng ? await cookies.language.serialize(chosen.lng) : undefined,
  ]
    .filter((cookie): cookie is string => Boolean(cookie))
    .map((cookie) => cookie.split(";")[0]);
  return new Request(`${SITE}${path}`, {
    headers: { ...headers, ...(pairs.length > 0 ? { Cookie: pairs.join("; ") } : {}) },
  });
}

describe("the locale of a request (ADR 0037)", () => {
  it("is the path's on a public page, whatever the cookies remember", async () => {
    const request = await withCookies("/fi-fi/tuote/x", { market: "SE", lng: "sv" });
    expect(await localeOf(request)).toEqual({ language: "fi", country: "FI" });
  });

  it("is the cookies' on a person's own page, ?lng= first, each market in its own language", async () => {
    expect(await localeOf(await withCookies("/cart", { market: "FI" }))).toEqual({
      language: "fi",
      country: "FI",
    });
    expect(await localeOf(await withCookies("/cart?lng=en", { market: "FI", lng: "sv" }))).toEqual({
      language: "en",
      country: "FI",
    });
    expect(await localeOf(new Request(`${SITE}/cart`))).toEqual({ language: "sv", country: "SE" });
  });

  it("is remembered when the shopper buys on a page of another locale", async () => {
    const request = await withCookies("/fi-fi/tuote/x", { market: "SE", lng: "sv" });
    const remembered = await rememberPathLocale(request);
    expect(remembered.map((cookie) => cookie.split("=")[0])).toEqual(["market", "lng"]);
    expect(
      await rememberPathLocale(await withCookies("/fi-fi/tuote/x", { market: "FI", lng: "fi" })),
    ).toEqual([]);
    expect(await rememberPathLocale(await withCookies("/cart", { market: "SE" }))).toEqual([]);
  });
});

describe("a link from a public page to a person's own page (?locale=)", () => {
  it("gives a visitor without cookies the linked page's language and market", async () => {
    expect(await localeOf(new Request(`${SITE}/login?locale=fi-fi`))).toEqual({
      language: "fi",
      country: "FI",
    });
    const linked = await rememberLinkedLocale(new Request(`${SITE}/login?locale=fi-fi`));
    expect(linked?.location).toBe("/login");
    expect(linked?.setCookies.map((cookie) => cookie.split("=")[0])).toEqual(["market", "lng"]);
    const cookies = storefrontCookies();
    expect(await cookies.market.parse(linked?.setCookies[0] ?? "")).toBe("FI");
    expect(await cookies.language.parse(linked?.setCookies[1] ?? "")).toBe("fi");
  });

  it("gives its language but keeps a market already chosen, in which the cart is", async () => {
    const request = await withCookies("/cart?locale=fi-fi", { market: "SE", lng: "sv" });
    expect(await localeOf(request)).toEqual({ language: "fi", country: "SE" });
    const linked = await rememberLinkedLocale(request);
    expect(linked?.setCookies.map((cookie) => cookie.split("=")[0])).toEqual(["lng"]);
  });

  it("keeps the rest of the address, and sets nothing already remembered", async () => {
    const request = await withCookies("/compare?compare=a&locale=en-fi&compare=b", {
      market: "FI",
      lng: "en",
    });
    expect(await rememberLinkedLocale(request)).toEqual({
      setCookies: [],
      location: "/compare?compare=a&compare=b",
      home: "/en-fi",
    });
  });

  it("drops a locale that names none, and is no link on a public page", async () => {
    expect(await rememberLinkedLocale(new Request(`${SITE}/cart?locale=xx-zz`))).toEqual({
      setCookies: [],
      location: "/cart",
      home: "/sv-se",
    });
    expect(await localeOf(new Request(`${SITE}/cart?locale=xx-zz`))).toEqual({
      language: "sv",
      country: "SE",
    });
    expect(await rememberLinkedLocale(new Request(`${SITE}/fi-fi?locale=sv-se`))).toBeUndefined();
    expect(await rememberLinkedLocale(new Request(`${SITE}/cart`))).toBeUndefined();
  });
});

describe("the bare /", () => {
  it("picks the remembered locale, then the browser's languages, then Sweden in Swedish", async () => {
    expect(await preferredLocale(await withCookies("/", { market: "FI" }))).toEqual({
      language: "fi",
      country: "FI",
    });
    const accept = async (value: string) =>
      preferredLocale(new Request(`${SITE}/`, { headers: { "Accept-Language": value } }));
    expect(await accept("fi")).toEqual({ language: "fi", country: "FI" });
    expect(await accept("sv-FI,sv;q=0.9")).toEqual({ language: "sv", country: "FI" });
    expect(await accept("de-DE,en;q=0.7,fi;q=0.5")).toEqual({ language: "en", country: "SE" });
    expect(await accept("de-DE")).toEqual({ language: "sv", country: "SE" });
    expect(await preferredLocale(new Request(`${SITE}/`))).toEqual({
      language: "sv",
      country: "SE",
    });
  });

  it("answers with a redirect no one else is given", async () => {
    const answer = await redirectToPreferredLocale(
      new Request(`${SITE}/`, { headers: { "Accept-Language": "fi-FI" } }),
    ).catch((thrown: unknown) => thrown as Response);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/fi-fi");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Vary")).toBe("Cookie, Accept-Language");
  });
});

describe("an address from before the locales", () => {
  it("is read from the old URL first, then the cookies", async () => {
    const legacy = async (path: string, chosen?: { market?: string; lng?: string }) =>
      legacyPublicPath(await withCookies(path, chosen));
    expect(await legacy("/produkt/ulltroja")).toBe("/sv-se/produkt/ulltroja");
    // The prefix names Finland; the remembered language is the shopper's.
    expect(await legacy("/tuote/ulltroja", { lng: "sv" })).toBe("/sv-fi/tuote/ulltroja");
    expect(await legacy("/tuote/ulltroja?variant=v1&lng=en")).toBe(
      "/en-fi/tuote/ulltroja?variant=v1",
    );
    // Every market's categories were under /kategori/: the cookie said which.
    expect(await legacy("/kategori/klader/trojor?page=2", { market: "FI" })).toBe(
      "/fi-fi/kategoria/klader/trojor?page=2",
    );
    expect(await legacy("/search?q=villa", { market: "FI" })).toBe("/fi-fi/search?q=villa");
    expect(await legacy("/presentkort")).toBe("/sv-se/presentkort");
    expect(await legacy("/newsletter", { lng: "en" })).toBe("/en-se/newsletter");
    // With a trailing slash too, as old links often had it.
    expect(await legacy("/presentkort/")).toBe("/sv-se/presentkort");
    expect(await legacy("/produkt/ulltroja/")).toBe("/sv-se/produkt/ulltroja");
    expect(await legacy("/kategori/klader/trojor/", { market: "FI" })).toBe(
      "/fi-fi/kategoria/klader/trojor",
    );
    for (const path of ["/", "/nothing", "/produkt/a/b", "/cart/x"]) {
      expect(await legacy(path), path).toBeUndefined();
    }
  });
});

describe("a public page's addresses", () => {
  it("are one per locale, absolute on the configured origin, the page's own query kept", async () => {
    const request = new Request("http://evil.example/sv-se/kopvillkor?page=2&lng=fi&utm_source=x", {
      headers: { "X-Forwarded-Host": "evil.example" },
    });
    const alternates = (await alternatesOf(request)) ?? [];
    expect(alternates.map((alternate) => [alternate.hrefLang, alternate.path])).toEqual([
      ["sv-SE", "/sv-se/kopvillkor?page=2"],
      ["fi-SE", "/fi-se/ostoehdot?page=2"],
      ["en-SE", "/en-se/terms?page=2"],
      ["sv-FI", "/sv-fi/kopvillkor?page=2"],
      ["fi-FI", "/fi-fi/ostoehdot?page=2"],
      ["en-FI", "/en-fi/terms?page=2"],
    ]);
    for (const alternate of alternates) {
      expect(alternate.href).toBe(`${config().publicOrigin}${alternate.path}`);
    }
  });

  it("are none on a person's own page", async () => {
    expect(await alternatesOf(new Request(`${SITE}/cart`))).toBeUndefined();
  });
});
