import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { runInRequestContext } from "../logging/request-context.js";
import type { AppEnv } from "./app-env.js";

export const REQUEST_ID_HEADER = "x-request-id";

// A caller-chosen id is kept so a storefront can follow one request through both services; it is
// only trusted when short and plain, since it ends up in logs and response headers.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id, echoed in the `x-request-id` header and every error body, and written
 * on every log line of the request (the rest of it runs in its request context, ADR 0039).
 */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header(REQUEST_ID_HEADER);
  const id = incoming && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  c.set("requestId", id);
  c.header(REQUEST_ID_HEADER, id);
  await runInRequestContext({ requestId: id }, next);
});
