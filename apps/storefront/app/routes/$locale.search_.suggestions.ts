import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseLocaleSegment } from "~/modules/http/locale-url";
import { throwNotFound } from "~/modules/http/not-found.server";
import { loadSuggestions } from "~/modules/search/search.server";

/**
 * `GET /{locale}/search/suggestions?q=…`: the search box's type-ahead as JSON, in the page's
 * locale. Private (it follows the shopper's store group cookie) and briefly cacheable in their
 * browser.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!parseLocaleSegment(params.locale)) return throwNotFound(request);
  return Response.json(await loadSuggestions(request), {
    headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" },
  });
}
