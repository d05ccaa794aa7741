import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler } from "express";
import {
  type RequestContext,
  runInRequestContext,
} from "../app/modules/http/request-context.server";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The ids taken from a proxy: short and plain, since they end up in log lines, response headers
 * and pages (the platform's rule, `apps/platform/src/http/request-id.ts`, so the platform keeps
 * every id the storefront sends it).
 */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: a trusted proxy's `X-Request-Id` when it is plain enough (the load balancer
 * or CDN in front then has the same id in its own log), otherwise a new UUID. A client's own
 * header is never taken: it could make its requests look like someone else's in the log.
 */
export function requestIdOf(req: Request): string {
  const incoming = req.get(REQUEST_ID_HEADER);
  if (incoming && ACCEPTED_REQUEST_ID.test(incoming)) {
    const trust = req.app.get("trust proxy fn") as (
      address: string | undefined,
      hop: number,
    ) => boolean;
    if (trust(req.socket.remoteAddress, 0)) return incoming;
  }
  return randomUUID();
}

const contexts = new WeakMap<IncomingMessage, RequestContext>();

/** The context `requestContext()` started for this request (undefined before it ran). */
export function requestContextOf(req: IncomingMessage): RequestContext | undefined {
  return contexts.get(req);
}

/**
 * Gives every request its id and its abort signal (ADR 0040): answers with `X-Request-Id`, and runs
 * the rest of the chain inside the request context (`request-context.server.ts`), which every log
 * line and every platform call reads. The signal aborts when the shopper's connection closes
 * before the answer was sent.
 *
 * The chain after this runs in the context: a step that calls the next directly or after an
 * `await` (the body reader) keeps it, and so does the render line (p-limit carries the context of
 * the request that queued). A step that went on from a plain event callback would leave it, so
 * the Remix handler enters it again from `requestContextOf` (`remix-handler.ts`) rather than
 * depend on every step before it.
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req);
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort(new Error("the client closed the connection"));
    });
    const context: RequestContext = { requestId, signal: controller.signal };
    contexts.set(req, context);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    runInRequestContext(context, next);
  };
}
