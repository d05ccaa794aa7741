import type { LoaderFunctionArgs } from "@remix-run/node";
import { catalogueCacheReport } from "~/modules/catalogue/catalogue.server";

/** Loopback callers only: `127.0.0.1`, `::1` (the socket peer, or a trusted proxy's client). */
function isLoopback(address: string | undefined): boolean {
  return address === "::1" || /^127\./.test(address ?? "");
}

/**
 * `/healthz/cache`: this process's data cache (ADR 0025) as JSON: hits, stale answers, misses,
 * entries dropped by notices, whole clears, the freshness and stale bounds, and whether the
 * notices' channel is connected. For the benchmark and an operator on the machine: answered to
 * loopback callers only (404 to anyone else, as if it were not there).
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (!isLoopback(context.clientAddress)) {
    return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
  }
  return Response.json(catalogueCacheReport(), { headers: { "cache-control": "no-store" } });
}
