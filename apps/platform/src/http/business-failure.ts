import type { AccountFailure } from "@kassa/api-client";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The body of a business failure of the account API (A§8): `AccountFailure` of
 * `@kassa/api-client`, with `message`, `statusCode` and `requestId` always sent. `details` is the
 * text the storefront switches on ('user already exists', 'invalid password', …); `retry_after`
 * comes only with 429 'too many attempts', `signup_token` only with a login's 403 'email not
 * verified' (see `logIn`). Schema failures keep the platform error body with `errors[]`.
 */
export type BusinessFailureBody = AccountFailure &
  Required<Pick<AccountFailure, "message" | "statusCode" | "requestId">>;

/** Fields a failure may carry beside `details`, named as they go over the wire. */
export type BusinessFailureExtra = Pick<BusinessFailureBody, "signup_token">;

/**
 * A refusal the account API answers with `{details, message, statusCode, requestId}` rather than
 * the platform error body. Thrown from a handler like `HttpError`; the app's error handler
 * renders it.
 */
export class BusinessFailure extends Error {
  readonly retryAfterSeconds: number | undefined;
  readonly extra: BusinessFailureExtra;

  constructor(
    readonly status: ContentfulStatusCode,
    /** One of the A§8 texts; also the default `message`. */
    readonly details: string,
    options: { message?: string; retryAfterSeconds?: number; extra?: BusinessFailureExtra } = {},
  ) {
    super(options.message ?? details);
    this.name = "BusinessFailure";
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra ?? {};
  }
}

export function businessFailureBody(
  failure: BusinessFailure,
  requestId: string,
): BusinessFailureBody {
  const body: BusinessFailureBody = {
    ...failure.extra,
    details: failure.details,
    // The storefront shows `message` as is in some places (reset password); it is never empty.
    message: failure.message,
    statusCode: failure.status,
    requestId,
  };
  if (failure.retryAfterSeconds !== undefined) body.retry_after = failure.retryAfterSeconds;
  return body;
}
