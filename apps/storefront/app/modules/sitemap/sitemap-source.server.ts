import { notePageTags } from "~/modules/cache/page-tags.server";
import { sharedCacheControl } from "~/modules/cache/shared-page.server";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { productClient } from "~/modules/http/clients.server";
import { type Locale, marketOfLocale } from "~/modules/http/locale-url";
import type { SitemapSource } from "./sitemap.server";

/**
 * The cache tag the platform announces when a market's products, or the date of one, change
 * (`apps/platform/src/modules/cache-tags/cache-tags.ts`): every sitemap names it as a surrogate
 * key, with `categories` (from the categories' read), so a change purges them (ADR 0027).
 */
export const SITEMAP_TAG = "sitemap";

/** The platform the sitemaps read, for this request. */
export function sitemapSource(): SitemapSource {
  notePageTags([SITEMAP_TAG]);
  return {
    products: productClient(),
    categories: (locale: Locale) =>
      catalogue.categories({
        storeGroupSlug: "default",
        market: marketOfLocale(locale).country,
        language: locale.language,
      }),
  };
}

/**
 * The headers of a sitemap: XML, and the shared pages' `Cache-Control` (ADR 0027), so a shared
 * cache keeps it until the catalogue changes. Search engines fetch sitemaps rarely; building a
 * part of 50,000 URLs costs the platform a few dozen calls, so the shared cache matters here.
 */
export function sitemapHeaders(): Headers {
  const headers = new Headers({ "Content-Type": "application/xml; charset=utf-8" });
  const cacheControl = sharedCacheControl();
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}

/** A platform that cannot answer: try again later, and nothing is kept. */
export function sitemapUnavailable(): Response {
  return new Response("The sitemap cannot be built now.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
  });
}
