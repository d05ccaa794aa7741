import type { Context } from "hono";
import { matchedRoutes, routePath } from "hono/route";

/**
 * The route a request was for, as it was registered (`/shopper/sessions/items/:id`), never the
 * URL: the access log and the metrics group requests by it, and a URL would give every product,
 * session and token a line or a time series of its own. Read after the request was handled.
 *
 * The route that answered, unless a middleware did (a body limit's 413, a refused upload): its
 * path is a wildcard (`*`, `/api/*`), and the route the request was going to tells more. A URL
 * no route has (a 404) gives the wildcard, one label for all of them.
 */
export function routePatternOf(c: Context): string {
  const answered = routePath(c);
  if (!answered.endsWith("*")) return answered;
  const routes = matchedRoutes(c);
  const specific = routes.findLast((route) => !route.path.endsWith("*"));
  return specific?.path ?? answered;
}
