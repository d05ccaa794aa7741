import {
  type Context,
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from "@opentelemetry/semantic-conventions";
import type { Request, RequestHandler } from "express";

/** The route a request turned out to be for, filled in by its loaders (`telemetry-remix-spans.ts`). */
export interface MatchedRoute {
  /** The Remix route's pattern, `/:locale/kategori/*`. */
  pattern?: string;
  /** How deep in the route tree it is: the deepest route that ran names the request. */
  depth: number;
}

const MATCHED_ROUTE = createContextKey("kassa.storefront.matched-route");

/** The request's matched route, as the loaders running for it see it. */
export function matchedRouteIn(active: Context): MatchedRoute | undefined {
  return active.getValue(MATCHED_ROUTE) as MatchedRoute | undefined;
}

/** `parent` with the record its loaders fill in. */
export function withMatchedRoute(parent: Context, route: MatchedRoute): Context {
  return parent.setValue(MATCHED_ROUTE, route);
}

/**
 * One SERVER span per request, made here rather than by the http instrumentation, which in an ES
 * module app patches `node:http` only if it loads before it (ADR 0043). The shopper's browser is
 * no parent: a `traceparent` is believed only from a trusted proxy (`KASSA_TRUSTED_PROXIES`),
 * which may have started the trace; anyone else's request starts one. The span is named by the
 * Remix route (`GET /:locale/kategori/*`), never by the path, and the query string stays out.
 */
export function requestSpans(tracer: Tracer): RequestHandler {
  return (req, res, next) => {
    const parent = fromTrustedProxy(req)
      ? propagation.extract(ROOT_CONTEXT, req.headers)
      : ROOT_CONTEXT;
    const method = req.method;
    const span = tracer.startSpan(
      method,
      {
        kind: SpanKind.SERVER,
        attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_PATH]: req.path },
      },
      parent,
    );
    const route: MatchedRoute = { depth: -1 };
    let ended = false;
    // `finish` once the response is sent; `close` alone when the visitor left before it was.
    const end = () => {
      if (ended) return;
      ended = true;
      if (route.pattern) {
        span.setAttribute(ATTR_HTTP_ROUTE, route.pattern);
        span.updateName(`${method} ${route.pattern}`);
      }
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!res.writableFinished) span.setAttribute("kassa.aborted", true);
      span.end();
    };
    res.once("finish", end);
    res.once("close", end);
    context.with(withMatchedRoute(trace.setSpan(parent, span), route), next);
  };
}

/** Whether the connection's peer is one of the trusted proxies (Express's `trust proxy`). */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as
    | ((address: string | undefined, hop: number) => boolean)
    | undefined;
  return Boolean(trust?.(req.socket.remoteAddress, 0));
}
