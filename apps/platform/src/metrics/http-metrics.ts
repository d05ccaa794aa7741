import { performance } from "node:perf_hooks";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env.js";
import { routePatternOf } from "../http/route-pattern.js";
import type { PlatformMetrics } from "./platform-metrics.js";

/** Times every request into `kassa_platform_http_request_duration_seconds`, by route pattern. */
export function measureRequests(metrics: PlatformMetrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observeRequest(
      { route: routePatternOf(c), method: c.req.method, status: c.res.status },
      performance.now() - started,
    );
  });
}
