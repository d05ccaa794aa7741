import { randomUUID } from "node:crypto";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "../db/database-unavailable.js";
import { logger } from "../logging/logger.js";
import type { AppEnv } from "./app-env.js";
import { BusinessFailure, businessFailureBody } from "./business-failure.js";
import { errorBody } from "./error-body.js";
import { HttpError } from "./http-error.js";
import { isPlainApiPath } from "./plain-api-paths.js";
import { REQUEST_ID_HEADER } from "./request-id.js";

/**
 * Under `/api/…` every answer is the `{ok, status, data}` envelope (A§7), failures too: also those
 * raised before a route runs (413, 415, a URL that cannot be stored) and unknown routes. The media
 * and wishlist calls are the exception: their wire shapes (C§7, `wire/media.ts`,
 * `wire/wishlist.ts`) have no envelope.
 */
function inEnvelope(c: Context<AppEnv>, status: ContentfulStatusCode, data: unknown): unknown {
  const path = c.req.path;
  return path.startsWith("/api/") && !isPlainApiPath(path) ? { ok: false, status, data } : data;
}

function replyWithError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  details?: ConstructorParameters<typeof HttpError>[3],
): Response {
  // The request-id middleware may not have run (e.g. a failure before it); never answer without one.
  const requestId = c.get("requestId") ?? randomUUID();
  const body = errorBody(status, error, message, requestId, details);
  const response = c.json(inEnvelope(c, status, body), status);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (details?.wwwAuthenticate) response.headers.set("WWW-Authenticate", details.wwwAuthenticate);
  else if (status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="shopper"');
  if (details?.retryAfterSeconds !== undefined) {
    response.headers.set("Retry-After", String(details.retryAfterSeconds));
  }
  return response;
}

function replyWithBusinessFailure(c: Context<AppEnv>, failure: BusinessFailure): Response {
  const requestId = c.get("requestId") ?? randomUUID();
  const body = businessFailureBody(failure, requestId);
  const response = c.json(inEnvelope(c, failure.status, body), failure.status);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (failure.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="account"');
  if (failure.retryAfterSeconds !== undefined) {
    response.headers.set("Retry-After", String(failure.retryAfterSeconds));
  }
  return response;
}

/**
 * Turns anything thrown by a handler or a middleware into the platform error body (in the envelope
 * under `/api/`); never sends a stack trace, and logs unexpected failures without the values they
 * carry (see `error-log.ts`).
 */
export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof BusinessFailure) return replyWithBusinessFailure(c, err);
  if (err instanceof HttpError) {
    return replyWithError(c, err.status, err.error, err.message, err.details);
  }
  if (err instanceof HTTPException) {
    // Raised by Hono's own middleware (body limit, …): keep its status, use our body.
    const status = err.status as ContentfulStatusCode;
    const error =
      status === 413
        ? "PAYLOAD_TOO_LARGE"
        : status >= 500
          ? "INTERNAL_SERVER_ERROR"
          : "BAD_REQUEST";
    return replyWithError(c, status, error, err.message || error);
  }
  // The log gets what is needed to find the fault, never a value the request or a query carried:
  // the path as sent (still percent-encoded: no line breaks), no query string, a redacted error
  // (the logger's `err` serializer, `error-log.ts`). The request id is on the line as on all of
  // the request's; it is written out too, for a failure before the id was given.
  const requestId = c.get("requestId") ?? randomUUID();
  c.set("requestId", requestId);
  const path = new URL(c.req.url).pathname;
  logger.error({ err, requestId }, `${c.req.method} ${path} failed`);
  if (isDatabaseUnavailable(err)) return databaseUnavailable(c);
  return replyWithError(c, 500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred");
};

/**
 * The database was lost mid-request (restarting, connections terminated): 503 with `Retry-After`,
 * so a client retries, with the same `Idempotency-Key` for a change; the request's transaction
 * rolled back with its connection (ADR 0045).
 */
function databaseUnavailable(c: Context<AppEnv>): Response {
  return replyWithError(
    c,
    503,
    "SERVICE_UNAVAILABLE",
    "The database is unavailable for a moment; retry shortly",
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}

/** A restarted server takes seconds; a terminated connection is replaced at once. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  replyWithError(c, 404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`);
