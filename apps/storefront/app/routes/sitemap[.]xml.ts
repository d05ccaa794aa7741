import { sitemapIndexXml } from "~/modules/sitemap/sitemap.server";
import {
  sitemapHeaders,
  sitemapSource,
  sitemapUnavailable,
} from "~/modules/sitemap/sitemap-source.server";

/**
 * `/sitemap.xml` (robots.txt names it): the sitemap index, one sitemap per locale and part
 * (`/sitemaps/sv-se-1.xml`, …). Shared and purged like the catalogue's pages.
 */
export async function loader() {
  let xml: string;
  try {
    xml = await sitemapIndexXml(sitemapSource());
  } catch {
    throw sitemapUnavailable();
  }
  return new Response(xml, { headers: sitemapHeaders() });
}
