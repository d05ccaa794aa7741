import { Hono } from "hono";
import type { AppEnv } from "../http/app-env.js";
import { HttpError } from "../http/http-error.js";
import { createMetricsAccess, type MetricsAccessOptions } from "./metrics-access.js";
import type { PlatformMetrics } from "./platform-metrics.js";

/** `GET /metrics`: the Prometheus text of `platform-metrics.ts`, for trusted callers only. */
export function metricsRoutes(metrics: PlatformMetrics, access: MetricsAccessOptions) {
  const mayRead = createMetricsAccess(access);
  const app = new Hono<AppEnv>({ strict: false });
  app.get("/", async (c) => {
    if (!mayRead(c)) throw new HttpError(404, "NOT_FOUND", `No route for GET ${c.req.path}`);
    const { contentType, text } = await metrics.render();
    c.header("Cache-Control", "no-store");
    return c.body(text, 200, { "Content-Type": contentType });
  });
  return app;
}
