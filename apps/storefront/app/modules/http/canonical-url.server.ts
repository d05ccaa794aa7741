import { publicUrl } from "./public-origin.server";

/**
 * The page's absolute canonical URL on the configured public origin: what `<link rel=canonical>`,
 * `og:url` and JSON-LD's `url` name. Only `page` of the query is kept (a category's or a search's
 * page N is a page of its own); tracking and form parameters are not part of the page.
 * ADR 0037 moves every public page under a locale path; this stays the one place that says a
 * page's URL.
 */
export function canonicalUrlOf(request: Request): string {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  const page = url.searchParams.get("page");
  if (page && page !== "1") kept.set("page", page);
  const query = kept.size > 0 ? `?${kept}` : "";
  return publicUrl(`${url.pathname}${query}`);
}
