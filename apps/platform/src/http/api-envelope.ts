import type { ApiEnvelope } from "@kassa/api-client";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env.js";
import { BusinessFailure } from "./business-failure.js";
import { errorBody } from "./error-body.js";
import { HttpError } from "./http-error.js";

/**
 * Every `/api/…` call answers `{ok, status, data}` (A§7, `ApiEnvelope` of @kassa/api-client).
 * Runs an `/api/…` handler and wraps its answer, failures included, in the envelope; the HTTP
 * status is always the envelope's `status`. A business failure's data is `{details}`; a body that
 * fails its schema carries the platform error body as data. Anything unexpected goes on to the
 * app's error handler, which answers it (and failures raised before the route: 413, 415, …) in the
 * envelope too, as a 500 without details.
 */
export async function replyInEnvelope<Data>(
  c: Context<AppEnv>,
  run: () => Promise<{ status: ContentfulStatusCode; data: Data }>,
): Promise<Response> {
  try {
    const { status, data } = await run();
    return c.json({ ok: status < 400, status, data } satisfies ApiEnvelope<Data>, status);
  } catch (error) {
    if (error instanceof BusinessFailure) {
      const data: { details: string; retry_after?: number } = { details: error.details };
      if (error.retryAfterSeconds !== undefined) {
        data.retry_after = error.retryAfterSeconds;
        c.header("Retry-After", String(error.retryAfterSeconds));
      }
      const reply: ApiEnvelope<typeof data> = { ok: false, status: error.status, data };
      return c.json(reply, error.status);
    }
    if (error instanceof HttpError) {
      const data = errorBody(
        error.status,
        error.error,
        error.message,
        c.get("requestId"),
        error.details,
      );
      return c.json({ ok: false, status: error.status, data }, error.status);
    }
    throw error;
  }
}
