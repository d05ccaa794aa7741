import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../http/app-env.js";
import { withInMemoryTracing } from "./in-memory-tracing.testing.js";
import { requestSpans } from "./request-spans.js";

const tracing = withInMemoryTracing();

function app() {
  const app = new Hono<AppEnv>();
  app.use("*", requestSpans(tracing.tracer()));
  app.use("*", async (c, next) => {
    c.set("requestId", "req-1");
    await next();
  });
  app.get("/products/:id", (c) => {
    tracing.tracer().startSpan("inside").end();
    return c.json({ id: c.req.param("id") });
  });
  app.get("/broken", () => {
    throw new Error("boom");
  });
  // Answered as the platform's error handler answers, without its log line.
  app.onError((_error, c) => c.json({ error: "INTERNAL" }, 500));
  return app;
}

describe("platform request spans", () => {
  it("continues the caller's trace, named by the route, not the path", async () => {
    const response = await app().request("/products/42?token=secret", {
      headers: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
    });
    expect(response.status).toBe(200);
    const [inside, request] = tracing.spans();
    expect(request?.name).toBe("GET /products/:id");
    expect(request?.kind).toBe(SpanKind.SERVER);
    expect(request?.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(request?.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    expect(request?.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.route": "/products/:id",
      "url.path": "/products/42",
      "http.response.status_code": 200,
      "kassa.request_id": "req-1",
    });
    expect(JSON.stringify(request?.attributes)).not.toContain("secret");
    // The handler's work is the request's child.
    expect(inside?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
  });

  it("starts a trace of its own without a caller's, and marks a failed request", async () => {
    const response = await app().request("/broken");
    expect(response.status).toBe(500);
    const [request] = tracing.spans();
    expect(request?.parentSpanContext).toBeUndefined();
    expect(request?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("names an unmatched request by its method only", async () => {
    await app().request("/nowhere/123");
    expect(tracing.spans()[0]?.name).toBe("GET");
  });
});
