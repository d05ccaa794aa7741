import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from "@opentelemetry/semantic-conventions";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../http/app-env.js";

/** Reads the W3C trace context from a Fetch API request's headers. */
const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

/** The attribute that ties a span to the request's id in the logs and error bodies. */
const ATTR_REQUEST_ID = "kassa.request_id";

/**
 * One SERVER span per request, made here rather than by the http instrumentation, which in an ES
 * module app patches `node:http` only if it loads before it (ADR 0043). The caller's `traceparent`
 * is the parent: the storefront's call is one trace with the queries it causes. The span is named
 * by the matched route (`GET /enad/products/:id`), never by the path, whose ids would make every
 * request a name of its own; the query string stays out (search terms, tokens).
 */
export function requestSpans(tracer: Tracer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, headerGetter);
    const method = c.req.method;
    const span = tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_PATH]: c.req.path },
      },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      const route = routePath(c, -1);
      // "*" is the app-wide middleware: no route matched (a 404).
      if (route && route !== "*" && route !== "/*") {
        span.setAttribute(ATTR_HTTP_ROUTE, route);
        span.updateName(`${method} ${route}`);
      }
      const status = c.res.status;
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      const requestId = c.get("requestId");
      if (requestId) span.setAttribute(ATTR_REQUEST_ID, requestId);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
