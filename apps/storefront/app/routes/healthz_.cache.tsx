import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueCacheReport } from "~/modules/catalogue/catalogue.server";
import { isLoopback, notFoundHere } from "~/modules/http/loopback.server";

/**
 * `/healthz/cache`: this process's data cache (ADR 0025) as JSON: hits, stale answers, misses,
 * entries dropped by notices, whole clears, the freshness and stale bounds, and whether the
 * notices' channel is connected. For the benchmark and an operator on the machine: answered to
 * loopback callers only (404 to anyone else, as if it were not there).
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (!isLoopback(context.clientAddress)) return notFoundHere();
  return Response.json(catalogueCacheReport(), { headers: { "cache-control": "no-store" } });
}
