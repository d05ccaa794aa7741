/**
 * Loopback callers only: `127.0.0.1`, `::1` (the socket peer, or a trusted proxy's client). What
 * the process tells about itself (`/healthz/cache`, `/healthz/process`) is for the benchmark and
 * an operator on the machine, not for the world.
 */
export function isLoopback(address: string | undefined): boolean {
  return address === "::1" || /^127\./.test(address ?? "");
}

/** The answer to anyone else: as if the route were not there. */
export function notFoundHere(): Response {
  return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
}
