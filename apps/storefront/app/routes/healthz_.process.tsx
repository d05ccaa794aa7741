import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLoopback, notFoundHere } from "~/modules/http/loopback.server";

/**
 * `/healthz/process`: which process answered and its memory, as JSON (`pid`, `ppid`, resident
 * and heap bytes, seconds up). With `WEB_CONCURRENCY` above 1 each answer comes from one of the
 * workers, so it shows that they all serve; the load bench follows their memory. Loopback callers
 * only (404 to anyone else).
 */
export function loader({ context }: LoaderFunctionArgs) {
  if (!isLoopback(context.clientAddress)) return notFoundHere();
  const memory = process.memoryUsage();
  return Response.json(
    {
      pid: process.pid,
      ppid: process.ppid,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      uptimeSeconds: Math.round(process.uptime()),
    },
    { headers: { "cache-control": "no-store" } },
  );
}
