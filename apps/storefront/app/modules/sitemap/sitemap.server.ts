import type { Category, ProductClient, SitemapProduct } from "@kassa/api-client";
import {
  categoryPathIn,
  LOCALES,
  type Locale,
  languageTag,
  localePath,
  localeSegment,
  marketOfLocale,
  parseLocaleSegment,
  productPathIn,
} from "~/modules/http/locale-url";
import { publicUrl } from "~/modules/http/public-origin.server";

/**
 * The sitemaps (issue 30, docs/search-engines.md): `/sitemap.xml` is an index naming one sitemap
 * per locale and part, `/sitemaps/{locale}-{n}.xml`; each lists that locale's home, categories
 * and products with their address in every locale (`xhtml:link` hreflang, as the pages' own
 * `<link rel=alternate>`), at most {@link URLS_PER_SITEMAP} URLs a file (the protocol's limit).
 * Every path comes from the locale module, every URL from the public origin.
 *
 * A part is streamed: products are read a page at a time (`sitemapProducts`, keyset by id) and
 * each page is written out before the next is read, so a process holds one page, never the
 * catalogue. A part past the first pages through the products before it (ids only, a few
 * thousand a request) rather than asking the platform for an offset it cannot serve cheaply.
 */

/** The sitemap protocol's most URLs in one file. */
export const URLS_PER_SITEMAP = 50_000;

/** Products asked for per platform call: the endpoint's most. */
export const PRODUCTS_PER_REQUEST = 5000;

/** Anonymous visitors' store group: public pages show its prices. */
const STORE_GROUP = "default";

export interface SitemapOptions {
  /** URLs per file; lowered by tests to prove the split. */
  urlsPerSitemap?: number;
  /** Products per platform call. */
  productsPerRequest?: number;
}

/** What the sitemaps read: the product client's call and the categories (cached, tagged). */
export interface SitemapSource {
  products: Pick<ProductClient, "sitemapProducts">;
  categories: (locale: Locale) => Promise<Category[]>;
}

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** The path of one part: `/sitemaps/sv-se-1.xml`. */
export function sitemapPartPath(locale: Locale, part: number): string {
  return `/sitemaps/${localeSegment(locale)}-${part}.xml`;
}

/** The locale and part a part's file name (`sv-se-1.xml`) names, or undefined. */
export function parseSitemapPartName(name: string): { locale: Locale; part: number } | undefined {
  const match = name.match(/^([a-z]{2}-[a-z]{2})-([1-9][0-9]{0,5})\.xml$/);
  if (!match) return undefined;
  const locale = parseLocaleSegment(match[1]);
  return locale ? { locale, part: Number(match[2]) } : undefined;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A W3C Datetime in UTC to the second: `2026-11-27T12:00:00Z`. */
export function w3cDate(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The categories a sitemap lists: those with products, in the order of their uri. */
function listedCategories(categories: Category[]): Category[] {
  return categories
    .filter((category) => category.productCount > 0)
    .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}

/** One `<url>`: the address in `locale`, and in every locale plus `x-default` (`/`, as the pages). */
function urlEntry(locale: Locale, pathIn: (locale: Locale) => string, lastmod?: string): string {
  const links = LOCALES.map(
    (other) =>
      `<xhtml:link rel="alternate" hreflang="${languageTag(other)}" href="${escapeXml(publicUrl(pathIn(other)))}"/>`,
  );
  links.push(
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(publicUrl("/"))}"/>`,
  );
  return `<url><loc>${escapeXml(publicUrl(pathIn(locale)))}</loc>${
    lastmod ? `<lastmod>${lastmod}</lastmod>` : ""
  }${links.join("")}</url>\n`;
}

/** How many products each market sells (one small call per market). */
async function productCounts(source: SitemapSource): Promise<Map<string, number>> {
  const countries = [...new Set(LOCALES.map((locale) => locale.country))];
  const counts = await Promise.all(
    countries.map(async (country) => {
      const reply = await source.products.sitemapProducts({
        storeGroupSlug: STORE_GROUP,
        market: country,
        limit: 1,
      });
      return [country, reply.total ?? reply.data.length] as const;
    }),
  );
  return new Map(counts);
}

export interface SitemapIndexEntry {
  locale: Locale;
  part: number;
  path: string;
}

/** The parts there are: for each locale, its URLs (home, categories, products) cut into files. */
export async function sitemapParts(
  source: SitemapSource,
  options: SitemapOptions = {},
): Promise<SitemapIndexEntry[]> {
  const perFile = options.urlsPerSitemap ?? URLS_PER_SITEMAP;
  const [counts, categories] = await Promise.all([
    productCounts(source),
    source.categories(LOCALES[0] as Locale),
  ]);
  const categoryCount = listedCategories(categories).length;
  return LOCALES.flatMap((locale) => {
    const urls = 1 + categoryCount + (counts.get(locale.country) ?? 0);
    const parts = Math.max(1, Math.ceil(urls / perFile));
    return Array.from({ length: parts }, (_, index) => ({
      locale,
      part: index + 1,
      path: sitemapPartPath(locale, index + 1),
    }));
  });
}

/** `/sitemap.xml`: the sitemap index. Small (a line per part), so built whole. */
export async function sitemapIndexXml(
  source: SitemapSource,
  options: SitemapOptions = {},
): Promise<string> {
  const parts = await sitemapParts(source, options);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${parts
    .map((part) => `<sitemap><loc>${escapeXml(publicUrl(part.path))}</loc></sitemap>\n`)
    .join("")}</sitemapindex>\n`;
}

/**
 * One part as a stream of XML, or undefined when the locale has no such part. The first page of
 * products (and the categories) are read before it answers, so a platform that is down is a
 * 503, not a sitemap cut short; a failure later on errors the stream, which ends the answer
 * without its last chunk (a shared cache keeps no such body).
 */
export async function sitemapPartStream(
  source: SitemapSource,
  locale: Locale,
  part: number,
  options: SitemapOptions = {},
): Promise<ReadableStream<Uint8Array> | undefined> {
  const perFile = options.urlsPerSitemap ?? URLS_PER_SITEMAP;
  const perRequest = options.productsPerRequest ?? PRODUCTS_PER_REQUEST;
  const market = marketOfLocale(locale);
  const categories = listedCategories(await source.categories(locale));
  // The locale's URLs are numbered 0…: home, the categories, then the products by id.
  const first = (part - 1) * perFile;
  const end = first + perFile;
  const before: string[] = [];
  if (first === 0) before.push(urlEntry(locale, (l) => localePath(l)));
  for (const [index, category] of categories.entries()) {
    const position = 1 + index;
    if (position >= first && position < end) {
      before.push(urlEntry(locale, (l) => categoryPathIn(l, category.uri)));
    }
  }
  const productBase = 1 + categories.length;
  // Products to pass over before this part's first, and to write.
  let skip = Math.max(0, first - productBase);
  let remaining = end - Math.max(first, productBase);

  const read = (after: string | undefined) =>
    source.products.sitemapProducts({
      storeGroupSlug: STORE_GROUP,
      market: market.country,
      after,
      limit: perRequest,
    });
  let page = await read(undefined);
  const total = page.total ?? page.data.length;
  if (part > 1 && first >= productBase + total) return undefined;

  const encoder = new TextEncoder();
  let started = false;
  const productEntry = (product: SitemapProduct) =>
    urlEntry(locale, (l) => productPathIn(l, product.slug), w3cDate(product.updatedAt));

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(
            `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n${before.join("")}`,
          ),
        );
      }
      // Passes over whole pages before this part without writing them.
      while (skip >= page.data.length && page.next !== null && remaining > 0) {
        skip -= page.data.length;
        page = await read(page.next);
      }
      const products = page.data.slice(skip, skip + Math.max(0, remaining));
      skip = 0;
      remaining -= products.length;
      if (products.length > 0)
        controller.enqueue(encoder.encode(products.map(productEntry).join("")));
      if (remaining <= 0 || page.next === null) {
        controller.enqueue(encoder.encode("</urlset>\n"));
        controller.close();
        return;
      }
      page = await read(page.next);
    },
  });
}
