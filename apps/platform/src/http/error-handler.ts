import { randomUUID } from "node:crypto";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env.js";
import { BusinessFailure, businessFailureBody } from "./business-failure.js";
import { errorBody } from "./error-body.js";
import { HttpError } from "./http-error.js";
import { REQUEST_ID_HEADER } from "./request-id.js";

function replyWithError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  details?: ConstructorParameters<typeof HttpError>[3],
): Response {
  // The request-id middleware may not have run (e.g. a failure before it); never answer without one.
  const requestId = c.get("requestId") ?? randomUUID();
  const response = c.json(errorBody(status, error, message, requestId, details), status);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="shopper"');
  return response;
}

function replyWithBusinessFailure(c: Context<AppEnv>, failure: BusinessFailure): Response {
  const requestId = c.get("requestId") ?? randomUUID();
  const response = c.json(businessFailureBody(failure, requestId), failure.status);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (failure.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="account"');
  if (failure.retryAfterSeconds !== undefined) {
    response.headers.set("Retry-After", String(failure.retryAfterSeconds));
  }
  return response;
}

/** Turns anything thrown by a handler into the platform error body; never leaks a stack trace. */
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
  console.error(
    `[platform] ${c.req.method} ${c.req.path} failed (request ${c.get("requestId")})`,
    err,
  );
  return replyWithError(c, 500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred");
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  replyWithError(c, 404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`);
