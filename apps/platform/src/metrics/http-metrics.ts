import { performance } from "node:perf_hooks";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env.js";
import { routePatternOf } from "../http/route-pattern.js";
import { currentRequestContext } from "../logging/request-context.js";
import type { PlatformMetrics } from "./platform-metrics.js";

/**
 * Times every request into `kassa_platform_http_request_duration_seconds`, by route pattern, and
 * has the rate limits the request meets count their refusals into the same metrics (through the
 * request's context, which `requestId` opened before this runs).
 */
export function measureRequests(metrics: PlatformMetrics) {
  const countLimitRefusal = (limit: string) => metrics.countRateLimitRefusal(limit);
  return createMiddleware<AppEnv>(async (c, next) => {
    const context = currentRequestContext();
    if (context) context.countLimitRefusal = countLimitRefusal;
    const started = performance.now();
    await next();
    metrics.observeRequest(
      { route: routePatternOf(c), method: c.req.method, status: c.res.status },
      performance.now() - started,
    );
  });
}
