import { performance } from "node:perf_hooks";
import { createMiddleware } from "hono/factory";
import { logger } from "../logging/logger.js";
import { redactUrl } from "../logging/redaction.js";
import type { AppEnv } from "./app-env.js";
import { routePatternOf } from "./route-pattern.js";

/**
 * One log line per request, written when its answer is ready (ADR 0039): method, route pattern,
 * status and duration in milliseconds, with the request id every line of the request carries
 * (`request-id.ts` runs first). The URL is there too, as sent but with secret query parameters
 * and email addresses redacted, for the one product or session a person looks for.
 *
 * A streamed answer (`/cache-tags/stream`) is logged when it starts: its duration is the time to
 * its head.
 */
export const accessLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const url = new URL(c.req.url);
    logger.info(
      {
        method: c.req.method,
        route: routePatternOf(c),
        url: redactUrl(`${url.pathname}${url.search}`),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  }
});
