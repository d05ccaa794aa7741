import { describe, expect, it } from "vitest";
import { collectPageCacheNotes, emptyPageCacheNotes } from "~/modules/cache/page-tags.server";
import { forgetConfig } from "~/modules/http/config.server";
import { LOCALES, languageTag, localeSegment } from "~/modules/http/locale-url";
import {
  parseSitemapPartName,
  sitemapPartStream,
  sitemapParts,
} from "~/modules/sitemap/sitemap.server";
import { sitemapSource } from "~/modules/sitemap/sitemap-source.server";
import { pointApisAt, withPlatform } from "~/test-support/platform";

/**
 * `/sitemap.xml` and its parts against a real platform: the shape of the sitemap protocol
 * (sitemaps.org: `sitemapindex`/`urlset` in its namespace, `loc`, `lastmod` as a W3C Datetime,
 * Google's `xhtml:link` alternates), every URL on the public origin, alternates reciprocal, and
 * the split into files of at most N URLs (N lowered here to prove it).
 */
const platform = withPlatform();

const ORIGIN = "http://storefront.test";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
/** W3C Datetime (https://www.w3.org/TR/NOTE-datetime), the forms the protocol allows. */
const W3C_DATE = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

async function index() {
  const route = await import("./sitemap[.]xml");
  try {
    return await route.loader();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function part(name: string) {
  const route = await import("./sitemaps.$name");
  try {
    return await route.loader({
      request: new Request(`${ORIGIN}/sitemaps/${name}`),
      params: { name },
      context: {},
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * Checks that `xml` is well-formed as far as a sitemap uses XML (a declaration, elements with
 * attributes in double quotes, text with the five entities, no other markup) and answers its
 * elements as [name, attributes, text].
 */
function parseXml(
  xml: string,
): { name: string; attributes: Record<string, string>; text: string }[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf("?>") + 2);
  const elements: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const open: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const token =
    /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>|([^<]+)/g;
  let consumed = 0;
  for (const match of body.matchAll(token)) {
    expect(match.index, "no stray markup").toBe(consumed);
    consumed += match[0].length;
    const [, closing, name, attributeText, selfClosing, text] = match;
    if (text !== undefined) {
      expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      if (open.length > 0) (open.at(-1) as { text: string }).text += text;
      else expect(text.trim()).toBe("");
      continue;
    }
    if (closing) {
      expect(open.pop()?.name, "tags nest").toBe(name);
      continue;
    }
    expect(elements.length === 0 || open.length > 0, "one root element").toBe(true);
    const attributes = Object.fromEntries(
      [...(attributeText ?? "").matchAll(/([\w:.-]+)="([^"]*)"/g)].map((a) => [
        a[1] as string,
        (a[2] as string).replace(/&amp;/g, "&"),
      ]),
    );
    const element = { name: name as string, attributes, text: "" };
    elements.push(element);
    if (!selfClosing) open.push(element);
  }
  expect(consumed).toBe(body.length);
  expect(open).toEqual([]);
  return elements;
}

interface UrlEntry {
  loc: string;
  lastmod?: string;
  alternates: Map<string, string>;
}

/** The `<url>` entries of a urlset, checked against the protocol's shape. */
function urlsOf(xml: string): UrlEntry[] {
  const elements = parseXml(xml);
  expect(elements[0]).toMatchObject({
    name: "urlset",
    attributes: { xmlns: SITEMAP_NS, "xmlns:xhtml": XHTML_NS },
  });
  const urls: UrlEntry[] = [];
  for (const element of elements.slice(1)) {
    if (element.name === "url") urls.push({ loc: "", alternates: new Map() });
    const url = urls.at(-1) as UrlEntry;
    if (element.name === "loc") url.loc = element.text.replace(/&amp;/g, "&");
    if (element.name === "lastmod") url.lastmod = element.text;
    if (element.name === "xhtml:link") {
      expect(element.attributes.rel).toBe("alternate");
      url.alternates.set(element.attributes.hreflang as string, element.attributes.href as string);
    }
    expect(["url", "loc", "lastmod", "xhtml:link"]).toContain(element.name);
  }
  return urls;
}

async function locsOfIndex(): Promise<string[]> {
  const answer = await index();
  const elements = parseXml(await answer.text());
  expect(elements[0]).toMatchObject({ name: "sitemapindex", attributes: { xmlns: SITEMAP_NS } });
  expect(elements.slice(1).every((e) => e.name === "sitemap" || e.name === "loc")).toBe(true);
  return elements.filter((e) => e.name === "loc").map((e) => e.text);
}

describe("/sitemap.xml", () => {
  it("is a sitemap index naming one sitemap per locale on the public origin, shared and tagged", async () => {
    const notes = emptyPageCacheNotes();
    const answer = await collectPageCacheNotes(notes, () => index());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toMatch(/^public, .*s-maxage=\d+/);
    expect([...notes.tags]).toEqual(expect.arrayContaining(["sitemap", "categories"]));

    const locs = await locsOfIndex();
    // The seed is far below 50,000 products: one part per locale.
    expect(locs).toEqual(
      LOCALES.map((locale) => `${ORIGIN}/sitemaps/${localeSegment(locale)}-1.xml`),
    );
    for (const loc of locs) {
      expect(parseSitemapPartName(loc.split("/").at(-1) as string)).toBeDefined();
    }
  });
});

describe("/sitemaps/{locale}-{n}.xml", () => {
  it("lists the locale's home, categories and products with lastmod and every locale's address", async () => {
    const answer = await part("fi-fi-1.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toMatch(/s-maxage=/);
    const xml = await answer.text();
    const urls = urlsOf(xml);

    expect(urls[0]?.loc).toBe(`${ORIGIN}/fi-fi`);
    expect(urls.some((url) => url.loc.startsWith(`${ORIGIN}/fi-fi/kategoria/`))).toBe(true);
    const products = urls.filter((url) => url.loc.startsWith(`${ORIGIN}/fi-fi/tuote/`));
    expect(products.length).toBeGreaterThan(10);
    const body = await sitemapSource().products.sitemapProducts({
      storeGroupSlug: "default",
      market: "FI",
    });
    expect(products.map((url) => url.loc)).toEqual(
      body.data.map((product) => `${ORIGIN}/fi-fi/tuote/${product.slug}`),
    );
    expect(products.map((url) => url.lastmod)).toEqual(
      body.data.map((product) => product.updatedAt.replace(/\.\d{3}Z$/, "Z")),
    );
    expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
    for (const url of urls) {
      expect(url.loc.startsWith(`${ORIGIN}/`)).toBe(true);
      if (url.lastmod !== undefined) expect(url.lastmod).toMatch(W3C_DATE);
      expect([...url.alternates.keys()]).toEqual([...LOCALES.map(languageTag), "x-default"]);
      expect(url.alternates.get("fi-FI")).toBe(url.loc);
      expect(url.alternates.get("x-default")).toBe(`${ORIGIN}/`);
    }
    expect(products[0]?.alternates.get("sv-SE")?.startsWith(`${ORIGIN}/sv-se/produkt/`)).toBe(true);
  });

  it("has reciprocal alternates: each locale's entry names the others', which name it back", async () => {
    const byLocale = new Map<string, Map<string, UrlEntry>>();
    let compared = 0;
    for (const locale of LOCALES) {
      const urls = urlsOf(await (await part(`${localeSegment(locale)}-1.xml`)).text());
      byLocale.set(languageTag(locale), new Map(urls.map((url) => [url.loc, url])));
    }
    for (const [tag, urls] of byLocale) {
      for (const url of urls.values()) {
        for (const [otherTag, href] of url.alternates) {
          if (otherTag === "x-default") continue;
          const other = byLocale.get(otherTag)?.get(href);
          // A product a market does not sell is in that market's sitemaps under no locale.
          if (!other) continue;
          expect(other.alternates.get(tag), `${href} names ${url.loc}`).toBe(url.loc);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(LOCALES.length * 50);
  });

  it("splits a locale into files of at most N URLs, which together list each URL once", async () => {
    const source = sitemapSource();
    const whole = urlsOf(await (await part("sv-se-1.xml")).text()).map((url) => url.loc);
    const options = { urlsPerSitemap: 10, productsPerRequest: 3 };
    const parts = (await sitemapParts(source, options)).filter(
      (entry) => entry.locale.language === "sv" && entry.locale.country === "SE",
    );
    expect(parts.length).toBe(Math.ceil(whole.length / 10));
    expect(parts.at(-1)?.path).toBe(`/sitemaps/sv-se-${parts.length}.xml`);
    const split: string[] = [];
    for (const entry of parts) {
      const stream = await sitemapPartStream(source, entry.locale, entry.part, options);
      const urls = urlsOf(await new Response(stream).text());
      expect(urls.length).toBeLessThanOrEqual(10);
      expect(urls.length).toBeGreaterThan(0);
      split.push(...urls.map((url) => url.loc));
    }
    expect(split).toEqual(whole);
    const past = await sitemapPartStream(source, parts[0]!.locale, parts.length + 1, options);
    expect(past).toBeUndefined();
  });

  it("answers 404 for a part past the last and for names that are no part", async () => {
    expect((await part("sv-se-2.xml")).status).toBe(404);
    for (const name of ["xx-se-1.xml", "sv-se-0.xml", "sv-se.xml", "sv-se-1.txt", "sv-se-01.xml"]) {
      expect((await part(name)).status, name).toBe(404);
    }
  });

  it("answers 503 when the platform cannot be read, rather than a sitemap missing products", async () => {
    pointApisAt("http://127.0.0.1:9");
    forgetConfig();
    try {
      for (const answer of [await index(), await part("sv-se-1.xml")]) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get("Retry-After")).toBe("60");
        expect(answer.headers.get("Cache-Control")).toBeNull();
      }
    } finally {
      pointApisAt(platform().url);
      forgetConfig();
    }
  });
});
