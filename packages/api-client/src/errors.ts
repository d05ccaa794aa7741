import type { PlatformErrorBody } from "./wire/errors.js";

/**
 * The errors of the request pipeline (C§8). One base class and one subclass per kind of failure,
 * like ky: catch `KassaApiError` for all of them, or a subclass for one.
 *
 * ```
 * KassaApiError
 * ├── HttpError          a non-OK answer with a body the platform wrote
 * │   └── OutOfStockError  404 'out of stock error' naming the sold-out variants
 * ├── UnexpectedError    no usable answer after every retry (network error, 502 page, …)
 * │   └── DeadlineExceededError  no usable answer within the call's `timeout`
 * └── OAuthError         401/403 and the token could not be refreshed
 * ```
 */

/** C§8: text of an error whose body names no error or message. */
export const FALLBACK_ERROR_MESSAGE = "somethingWentWrong";
/** C§8: text of a failure that stayed unexpected after every retry. */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";
/** C§8: text of a failed token refresh. */
export const OAUTH_ERROR_MESSAGE = "OAuth2 failed, cannot retry.";
/** C§8: the `error` of a 404 that names sold-out variants. */
export const OUT_OF_STOCK_ERROR = "out of stock error";

export interface KassaApiErrorInit {
  message: string;
  status: number;
  method: string;
  url: string;
  body?: unknown;
  requestId?: string;
  errors?: readonly string[];
  /** The answer's headers, when there was an answer. */
  headers?: Headers;
  cause?: unknown;
}

export class KassaApiError extends Error {
  /**
   * The class's name. Each subclass narrows it to a literal, which also keeps the classes apart
   * for TypeScript (`isKassaApiError(e) && !isUnexpectedError(e)` stays a `KassaApiError`).
   */
  override name: string = "KassaApiError";
  /** HTTP status of the answer; 500 for an unexpected failure. */
  readonly status: number;
  /** The answer's body: the parsed JSON, the text, or `undefined` when there was no answer. */
  readonly body: unknown;
  /** The platform's request id, from the body or the `x-request-id` header. */
  readonly requestId: string | undefined;
  /** The platform's list of error texts (C§3 `errors`); empty when absent. */
  readonly errors: string[];
  /** HTTP method of the request. */
  readonly method: string;
  /** Full URL of the request. */
  readonly url: string;
  /** The answer's headers (`retry-after`, …); `undefined` when there was no answer. */
  readonly headers: Headers | undefined;

  constructor(init: KassaApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.body = init.body;
    this.requestId = init.requestId;
    this.errors = [...(init.errors ?? [])];
    this.method = init.method;
    this.url = init.url;
    this.headers = init.headers;
  }
}

/** A non-OK answer whose body the platform wrote (C§3 platform error body), or a plain text body. */
export class HttpError extends KassaApiError {
  override name: "HttpError" | "OutOfStockError" = "HttpError";
}

/** C§8: 404 with error 'out of stock error' and a non-empty `productVariantIDs`. */
export class OutOfStockError extends HttpError {
  override name = "OutOfStockError" as const;
  /** The variants that are sold out. */
  readonly productVariantIDs: string[];

  constructor(init: KassaApiErrorInit & { productVariantIDs: readonly string[] }) {
    super(init);
    this.productVariantIDs = [...init.productVariantIDs];
  }
}

/** C§8: still failing after every retry; status 500 and 'An unexpected error occurred'. */
export class UnexpectedError extends KassaApiError {
  override name: "UnexpectedError" | "DeadlineExceededError" = "UnexpectedError";
  constructor(init: Omit<KassaApiErrorInit, "message" | "status">) {
    super({ ...init, message: UNEXPECTED_ERROR_MESSAGE, status: 500 });
  }
}

/**
 * The call had no usable answer within its deadline (`timeout`, covering every try and every wait
 * between tries), so it was abandoned. An {@link UnexpectedError} (what catches those catches
 * this), with status 504 (Gateway Timeout: the API did not answer in time) and the deadline it
 * missed. A call that was not safe to send again may still have reached the server and done its
 * work: send it again with the same `idempotencyKey` to get that work's answer.
 */
export class DeadlineExceededError extends UnexpectedError {
  override name = "DeadlineExceededError" as const;
  /** 504: the API did not answer within the deadline. */
  override readonly status: number = 504;
  /** The deadline the call missed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(init: Omit<KassaApiErrorInit, "message" | "status"> & { timeoutMs: number }) {
    super(init);
    this.timeoutMs = init.timeoutMs;
  }
}

/** C§8: 401/403 and the token refresh failed: 'OAuth2 failed, cannot retry.' */
export class OAuthError extends KassaApiError {
  override name = "OAuthError" as const;
  constructor(init: Omit<KassaApiErrorInit, "message">) {
    super({ ...init, message: OAUTH_ERROR_MESSAGE });
  }
}

export function isKassaApiError(error: unknown): error is KassaApiError {
  return error instanceof KassaApiError;
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export function isOutOfStockError(error: unknown): error is OutOfStockError {
  return error instanceof OutOfStockError;
}

export function isUnexpectedError(error: unknown): error is UnexpectedError {
  return error instanceof UnexpectedError;
}

export function isDeadlineExceededError(error: unknown): error is DeadlineExceededError {
  return error instanceof DeadlineExceededError;
}

export function isOAuthError(error: unknown): error is OAuthError {
  return error instanceof OAuthError;
}

/** The body as a platform error body, when it is a JSON object. */
export function asPlatformErrorBody(body: unknown): PlatformErrorBody | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  return body as PlatformErrorBody;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

/**
 * The error for a non-OK answer (C§8): message from `error`, else `message`, else
 * 'somethingWentWrong'; an {@link OutOfStockError} for a 404 'out of stock error' naming variants.
 */
export function httpErrorFromResponse(input: {
  status: number;
  body: unknown;
  method: string;
  url: string;
  headerRequestId?: string | null;
  /** The answer's headers, kept on the error. */
  headers?: Headers;
}): HttpError {
  const structured = asPlatformErrorBody(input.body);
  const init: KassaApiErrorInit = {
    message:
      nonEmptyString(structured?.error) ??
      nonEmptyString(structured?.message) ??
      FALLBACK_ERROR_MESSAGE,
    status: input.status,
    method: input.method,
    url: input.url,
    body: input.body,
    requestId: nonEmptyString(structured?.requestId) ?? input.headerRequestId ?? undefined,
    errors: stringList(structured?.errors),
    headers: input.headers,
  };
  const productVariantIDs = stringList(structured?.productVariantIDs);
  if (
    input.status === 404 &&
    structured?.error === OUT_OF_STOCK_ERROR &&
    productVariantIDs.length > 0
  ) {
    return new OutOfStockError({ ...init, productVariantIDs });
  }
  return new HttpError(init);
}
