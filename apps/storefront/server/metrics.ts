import { BlockList, isIPv6 } from "node:net";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Gauge, Histogram, type Metric, register } from "prom-client";
import { normaliseAddress } from "./load-context";
import type { LineLoad } from "./request-limit";

/**
 * The storefront's Prometheus metrics (ADR 0042), all in prom-client's default registry: it is
 * one module outside both bundles, so the data cache's counter, made in the Remix build
 * (`app/modules/cache/cache-metrics.server.ts`), is in it too. Each metric is made once per
 * process however many apps are made (tests make many): a second maker finds the first's.
 */
function once<T extends Metric>(name: string, make: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

const requestDuration = once(
  "http_request_duration_seconds",
  () =>
    new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival at the storefront's server to the end of its answer, by method, Remix route id and status",
      labelNames: ["method", "route", "status"],
      // From a cached page (a few ms) to the request timeouts' neighbourhood.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

/** What the render-line gauges read: the line of the app made last (one per process outside tests). */
let lineLoad: () => LineLoad = () => ({ atOnce: 0, rendering: 0, waiting: 0, longestWaitMs: 0 });

once(
  "kassa_storefront_render_slots",
  () =>
    new Gauge({
      name: "kassa_storefront_render_slots",
      help: "Requests this process renders at once at most (KASSA_REQUESTS_AT_ONCE; 0: no limit)",
      collect() {
        this.set(lineLoad().atOnce);
      },
    }),
);
once(
  "kassa_storefront_render_slots_in_use",
  () =>
    new Gauge({
      name: "kassa_storefront_render_slots_in_use",
      help: "Requests being rendered now",
      collect() {
        this.set(lineLoad().rendering);
      },
    }),
);
once(
  "kassa_storefront_render_waiting",
  () =>
    new Gauge({
      name: "kassa_storefront_render_waiting",
      help: "Requests waiting in line for a render slot",
      collect() {
        this.set(lineLoad().waiting);
      },
    }),
);
once(
  "kassa_storefront_render_longest_wait_seconds",
  () =>
    new Gauge({
      name: "kassa_storefront_render_longest_wait_seconds",
      help: "How long the first request in line has waited (0 when none waits)",
      // Summing waits across the cluster's workers means nothing: the longest one does.
      aggregator: "max",
      collect() {
        this.set(lineLoad().longestWaitMs / 1000);
      },
    }),
);

// Node's own: CPU, memory, heap spaces, event-loop lag, handles, garbage collection.
if (!register.getSingleMetric("process_cpu_user_seconds_total")) collectDefaultMetrics();

/** The render line the gauges report (`request-limit.ts`). */
export function reportRenderLine(load: () => LineLoad): void {
  lineLoad = load;
}

/** HTTP's methods as they are; anything else as `other`, so a client cannot make new series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Times every request from here to the end of its answer into the histogram. `routeOf` names the
 * route (`route-label.ts`); it runs once the answer is sent, off the answer's own time.
 */
export function measureRequests(routeOf: (path: string) => string): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requestDuration.observe(
        {
          method: METHODS.has(req.method) ? req.method : "other",
          route: routeOf(req.path),
          status: String(res.statusCode),
        },
        seconds,
      );
    });
    next();
  };
}

/** Loopback, plus `KASSA_METRICS_ALLOWED`'s addresses and ranges (already checked by the config). */
export function metricsReaders(allowed: readonly string[]): BlockList {
  const readers = new BlockList();
  readers.addSubnet("127.0.0.0", 8, "ipv4");
  readers.addAddress("::1", "ipv6");
  for (const entry of allowed) {
    const [address = "", bits] = entry.split("/");
    const family = isIPv6(address) ? "ipv6" : "ipv4";
    if (bits === undefined) readers.addAddress(address, family);
    else readers.addSubnet(address, Number(bits), family);
  }
  return readers;
}

/**
 * `GET /metrics`: Prometheus's text format, to the readers above only (the client's address as
 * the trusted proxies give it, so a shopper behind Varnish is never a reader); 404 to anyone
 * else, as if it were not there. Never kept by a shared cache. `collect` gives the text: this
 * process's registry, or the whole cluster's (`cluster-metrics.ts`).
 */
export function metricsEndpoint(
  readers: BlockList,
  collect: () => Promise<{ text: string; contentType: string }>,
): RequestHandler {
  return async (req, res) => {
    const address = normaliseAddress(req.ip);
    const allowed =
      address !== undefined && readers.check(address, isIPv6(address) ? "ipv6" : "ipv4");
    res.set("Cache-Control", "no-store");
    if (!allowed || (req.method !== "GET" && req.method !== "HEAD")) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const { text, contentType } = await collect();
      // As prom-client gives it (Express's `type()` would reorder its parameters).
      res.status(200).setHeader("Content-Type", contentType);
      res.end(text);
    } catch (error) {
      res
        .status(500)
        .type("text/plain")
        .send(`metrics unavailable: ${(error as Error).message}`);
    }
  };
}

/** This process's metrics. */
export async function processMetrics(): Promise<{ text: string; contentType: string }> {
  return { text: await register.metrics(), contentType: register.contentType };
}
