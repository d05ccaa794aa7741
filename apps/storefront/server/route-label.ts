import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";

type Manifest = ServerBuild["routes"];

/** The build's flat route manifest as the nested tree Remix matches against (its `createRoutes`). */
function routeTree(manifest: Manifest, parentId = ""): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((route) => (route.parentId ?? "") === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: routeTree(manifest, route.id),
          },
    );
}

/** One tree per build: the patched router flattens and ranks a tree once (ADR 0026). */
const trees = new WeakMap<Manifest, AgnosticRouteObject[]>();

/**
 * The Remix route that answers `path`, by its id (`routes/$locale.$prefix.$slug`, `root`): the
 * `route` label of the request-duration histogram (`metrics.ts`, ADR 0042). A route id, never
 * the URL, so the label has as many values as the app has routes. Single-fetch data requests
 * (`/p/slug.data`, `/_root.data`) count as their page; Remix's route discovery (`/__manifest`)
 * as itself; no match (the catch-all route takes nearly everything) as `unmatched`.
 */
export function routeIdOf(build: ServerBuild, path: string): string {
  if (path === "/__manifest") return "__manifest";
  const pagePath = path.endsWith(".data")
    ? path.replace(/\.data$/, "").replace(/^\/_root$/, "/")
    : path;
  let tree = trees.get(build.routes);
  if (!tree) {
    tree = routeTree(build.routes);
    trees.set(build.routes, tree);
  }
  const matches = matchRoutes(tree, pagePath, build.basename);
  return matches?.[matches.length - 1]?.route.id ?? "unmatched";
}
