import { randomUUID } from "node:crypto";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env.js";
import { BusinessFailure, businessFailureBody } from "./business-failure.js";
import { errorBody } from "./error-body.js";
import { describeError } from "./error-log.js";
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
  // the path as sent (still percent-encoded: no line breaks), no query string, a redacted error.
  const requestId = c.get("requestId") ?? randomUUID();
  c.set("requestId", requestId);
  const path = new URL(c.req.url).pathname;
  console.error(
    `[platform] ${c.req.method} ${path} failed (request ${requestId}): ${describeError(err)}`,
  );
  return replyWithError(c, 500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred");
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  replyWithError(c, 404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`);
