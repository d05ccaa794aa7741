import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSitemapPartName, sitemapPartStream } from "~/modules/sitemap/sitemap.server";
import {
  sitemapHeaders,
  sitemapSource,
  sitemapUnavailable,
} from "~/modules/sitemap/sitemap-source.server";

/**
 * `/sitemaps/{locale}-{n}.xml`: one locale's home, categories and products with their address in
 * every locale, at most 50,000 URLs; streamed a page of products at a time.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const named = parseSitemapPartName(params.name ?? "");
  if (!named) throw new Response("Not Found", { status: 404 });
  let stream: ReadableStream<Uint8Array> | undefined;
  try {
    stream = await sitemapPartStream(sitemapSource(), named.locale, named.part);
  } catch {
    throw sitemapUnavailable();
  }
  if (!stream) throw new Response("Not Found", { status: 404 });
  return new Response(stream, { headers: sitemapHeaders() });
}
