import { context, SpanStatusCode, type Tracer } from "@opentelemetry/api";
import { ATTR_HTTP_ROUTE } from "@opentelemetry/semantic-conventions";
import type { ServerBuild } from "@remix-run/node";
import { matchedRouteIn } from "./telemetry-request-spans";

type RouteFunction = (args: unknown) => unknown;

/**
 * The Remix build with each route's loader and action in a span of its own (`loader
 * routes/$locale.kategori.$`), children of the request's span, parents of the platform calls they
 * make. Each one that runs also tells the request's span its route: the deepest route that ran
 * names the request. A thrown `Response` (a redirect, a 404) is Remix's way of answering, not an
 * error.
 */
export function traceRemixBuild(build: ServerBuild, tracer: Tracer): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module;
    if (!loader && !action) {
      routes[id] = route;
      continue;
    }
    const { pattern, depth } = patternOf(build.routes, id);
    const traced = (kind: "loader" | "action", run: RouteFunction): RouteFunction => {
      return (args) => {
        const matched = matchedRouteIn(context.active());
        if (matched && depth > matched.depth) {
          matched.depth = depth;
          matched.pattern = pattern;
        }
        return tracer.startActiveSpan(
          `${kind} ${id}`,
          {
            attributes: {
              "remix.route.id": id,
              "remix.route.kind": kind,
              [ATTR_HTTP_ROUTE]: pattern,
            },
          },
          async (span) => {
            try {
              return await run(args);
            } catch (error) {
              if (!(error instanceof Response)) {
                span.setStatus({ code: SpanStatusCode.ERROR });
                span.setAttribute("error.type", (error as Error)?.name ?? "Error");
              }
              throw error;
            } finally {
              span.end();
            }
          },
        );
      };
    };
    // A module namespace cannot be changed: the route gets a copy with the traced functions.
    const module = { ...route.module };
    if (loader) module.loader = traced("loader", loader as RouteFunction) as typeof loader;
    if (action) module.action = traced("action", action as RouteFunction) as typeof action;
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

/** The route's URL pattern (its path after its parents'), and its depth in the route tree. */
function patternOf(routes: ServerBuild["routes"], id: string): { pattern: string; depth: number } {
  const parts: string[] = [];
  let depth = -1;
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
    depth++;
  }
  return { pattern: `/${parts.join("/")}`, depth };
}
