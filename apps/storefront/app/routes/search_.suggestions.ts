import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadSuggestions } from "~/modules/search/search.server";

/**
 * `GET /search/suggestions?q=…`: the search box's type-ahead as JSON. Private (it follows the
 * shopper's language, market and store group cookies) and briefly cacheable in their browser.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await loadSuggestions(request), {
    headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" },
  });
}
