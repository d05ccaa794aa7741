/**
 * A trivial route: answers without touching the platform. Load balancers use it, and the
 * benchmark (`bench/pages.mjs`) compares the real pages against it.
 */
export function loader() {
  return new Response("ok", {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
