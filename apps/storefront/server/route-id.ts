import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";

type RouteTree = AgnosticRouteObject[];

/** The build's flat route manifest as the tree the router matches against, made once per build. */
const trees = new WeakMap<ServerBuild, RouteTree>();

function treeOf(build: ServerBuild): RouteTree {
  let tree = trees.get(build);
  if (tree) return tree;
  const children = new Map<string | undefined, AgnosticRouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as AgnosticRouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (routes: AgnosticRouteObject[]): AgnosticRouteObject[] =>
    routes.map((route) => {
      const own = children.get(route.id);
      return own && !route.index ? { ...route, children: attach(own) } : route;
    });
  tree = attach(children.get(undefined) ?? []);
  trees.set(build, tree);
  return tree;
}

/**
 * The id of the Remix route that answers `pathname` (`routes/cart`, `routes/$locale.$prefix.$slug`),
 * for the access log and metrics: a name shared by every URL of one page. A single-fetch data
 * request (`/cart.data`, `/_root.data`) is named by the page it loads. Undefined when no route
 * matches (Remix then answers 404 from the root).
 */
export function routeIdOf(build: ServerBuild, pathname: string): string | undefined {
  let path = pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
  }
  const matches = matchRoutes(treeOf(build), path);
  return matches?.at(-1)?.route.id;
}
