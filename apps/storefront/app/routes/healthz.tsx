/**
 * A trivial route: answers without touching the platform. Load balancers use it, and the
 * benchmark (`bench/pages.mjs`) compares the real pages against it. While the process is
 * saturated the server answers 503 before this route is reached (`server/health.ts`).
 */
export function loader() {
  return new Response("ok", {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
