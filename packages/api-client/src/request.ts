import {
  DeadlineExceededError,
  httpErrorFromResponse,
  OAuthError,
  UnexpectedError,
} from "./errors.js";

/**
 * The one request pipeline of every Kassa client (C§7–C§9): JSON in and out, an `Authorization`
 * header, `cache: "no-store"`, 204 → `{}`, platform error bodies turned into typed errors, a
 * declared retry policy for unexpected failures, one token refresh on 401/403, and a deadline for
 * the whole call (`timeout`).
 *
 * A request that failed may still have reached the server, so only requests that are safe to send
 * twice are retried: idempotent methods, and requests that carry an `Idempotency-Key` (IETF draft
 * `draft-ietf-httpapi-idempotency-key-header`), which lets the server answer a repeat from its
 * store instead of doing the work again.
 *
 * A requester holds no auth state of its own: the `authorization` function is asked on every
 * try. Create clients per request on a server (one user's token must never serve another's).
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/**
 * The request header that names one logical request across its tries (IETF draft
 * `draft-ietf-httpapi-idempotency-key-header`). The server keeps the answer of the first request
 * with a key and replays it for a repeat; it answers 409 while that first request is still in
 * progress, and 422 when the key comes again with another body.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

/**
 * The `error` of the platform's 409 for a keyed request whose first try is still in progress. It
 * is the one platform error body that is retried (after the usual wait): the first try will
 * finish, and the retry then gets its stored answer.
 */
export const IDEMPOTENCY_KEY_IN_USE = "IDEMPOTENCY_KEY_IN_USE";

export interface RetryPolicy {
  /**
   * How many times an unexpected failure is retried after the first try.
   * @default 3
   */
  limit: number;
  /**
   * Wait between two tries, in milliseconds, unless the answer says `Retry-After`.
   * @default 500
   */
  delayMs: number;
  /**
   * Statuses retried when the answer carries no platform error body (a proxy's 502 page, …).
   * A non-OK answer with a JSON error body is never retried: the platform has spoken (except a 409
   * {@link IDEMPOTENCY_KEY_IN_USE} to a keyed request).
   * @default [408, 413, 429, 500, 502, 503, 504, 521, 522, 524]
   */
  statusCodes: readonly number[];
  /**
   * Methods that are retried, because sending them twice does no more than sending them once
   * (RFC 9110 idempotent methods, like ky's `retry.methods`). A failed request may have reached the
   * server, so any other method (POST, PATCH) is retried only when the request carries an
   * `Idempotency-Key` header (`idempotent: true` or `idempotencyKey` on the request); otherwise
   * its first failure throws at once.
   * @default ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"]
   */
  methods: readonly string[];
  /**
   * The longest `Retry-After` that is waited for, in milliseconds. A retried answer whose
   * `Retry-After` (seconds or an HTTP date) asks for a longer wait is given up at once, without
   * waiting: holding a page render for minutes is worse than failing (like ky's `maxRetryAfter`).
   * @default 10000
   */
  maxRetryAfterMs: number;
}

/** C§8, C§9: 3 retries, 500 ms apart, of what may be sent again. */
export const DEFAULT_RETRY: RetryPolicy = {
  limit: 3,
  delayMs: 500,
  statusCodes: [408, 413, 429, 500, 502, 503, 504, 521, 522, 524],
  methods: ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"],
  maxRetryAfterMs: 10_000,
};

export type Authorization = () => string | undefined | Promise<string | undefined>;

/**
 * The request header that carries the shop's own credential (Kassa platform): a private token the
 * storefront's server holds, like Shopify's private Storefront API token. It is not
 * `Authorization`, which carries the shopper's session or the user's access token beside it. The
 * platform lets a caller that sends a valid one set what only the shop may decide (a signup's
 * status, a session's store group); an anonymous caller gets the public defaults. Send it from a
 * server only, never from a browser.
 */
export const STOREFRONT_TOKEN_HEADER = "Kassa-Storefront-Token";

/**
 * The storefront token both apps use outside production when none is configured. Published (it
 * is in this package), so a production platform never accepts it and a production storefront
 * refuses to start with it.
 */
export const DEVELOPMENT_STOREFRONT_TOKEN = "kassa-development-storefront-token-not-for-production";

export interface RequesterOptions {
  /** Origin (and optional path prefix) of the API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /**
   * The fetch to use.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
  /**
   * The `Authorization` header value, asked for on every try (so a refreshed token is used).
   * @example () => `Bearer ${session.get("cartToken")}`
   */
  authorization?: Authorization;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * The shop's own credential, sent as {@link STOREFRONT_TOKEN_HEADER} with every request (a
   * storefront's server; never a browser). Unset: none is sent, and the caller is anonymous.
   */
  storefrontToken?: string;
  /**
   * Retry policy for unexpected failures: network errors, and non-OK answers without a platform
   * error body whose status is in `statusCodes`, of requests that may be sent again (`methods`,
   * or carrying an `Idempotency-Key`).
   * @default { limit: 3, delayMs: 500, maxRetryAfterMs: 10000 }
   */
  retry?: Partial<RetryPolicy>;
  /**
   * Called once when an answer is 401 or 403 (C§8): refresh the token and resolve `true` to retry
   * once with a fresh `authorization`. Resolving `false` or throwing throws an `OAuthError`.
   * Without it, 401 and 403 are ordinary `HttpError`s.
   */
  onUnauthorized?: () => Promise<boolean>;
  /**
   * Waits between retries; injectable for tests.
   * @default (ms) => new Promise((resolve) => setTimeout(resolve, ms))
   */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The deadline of every call, in milliseconds: the whole call (every try, and every wait between
   * tries) must be done within it, else it is abandoned and throws a `DeadlineExceededError`. Like
   * ky's `timeout`, but for the call rather than one try, so retries never stretch it. No retry
   * starts once the deadline has passed, nor a wait that would outlast it. A call's own `timeout`
   * wins; `Infinity` is none.
   * @default undefined (no deadline: only the caller's `signal` and the fetch's own limits)
   */
  timeout?: number;
}

export interface RequestOptions {
  /** JSON-serialised unless it is `FormData`, `URLSearchParams` or a `Blob` (sent as is). */
  body?: unknown;
  /** Appended to the URL; `undefined` and `null` values are left out, arrays repeat the key. */
  query?: Query;
  /** Headers of this request; they win over every other header. */
  headers?: Record<string, string>;
  /** Aborts the call (and its retries); combined with the deadline (`timeout`). */
  signal?: AbortSignal;
  /**
   * This call's deadline in milliseconds, over every try and wait (see
   * {@link RequesterOptions.timeout}); wins over the requester's. `Infinity` is none.
   */
  timeout?: number;
  /**
   * How to read an OK answer.
   * @default "json"
   */
  responseType?: "json" | "text" | "blob";
  /**
   * Sends one new `Idempotency-Key` (a random UUID) on every try of this call, so a POST or PATCH
   * can be retried: the server answers a repeat from its store instead of doing the work twice.
   * Use it for calls that must survive a lost answer (signup, add to cart, payment).
   * @default false
   */
  idempotent?: boolean;
  /**
   * This call's own `Idempotency-Key`, sent on every try (and implies `idempotent`). Pass the same
   * key again to make a repeat of the same user action (a double-submitted form) a replay.
   */
  idempotencyKey?: string;
  /**
   * This call only reads, although its method is POST (the spec's wrapper calls, such as
   * `/brink/get-orders-by-ref/`): sending it twice does no more than sending it once, so it is
   * retried like a GET, without an `Idempotency-Key` (which would make the server store every
   * answer it gives).
   * @default false
   */
  readOnly?: boolean;
}

/** Options every client method takes. */
export interface CallOptions {
  /** Aborts the call (and its retries). */
  signal?: AbortSignal;
  /**
   * This call's deadline in milliseconds, over every try and every wait between tries; past it the
   * call throws a `DeadlineExceededError`. Wins over the client's `timeout`; `Infinity` is none.
   */
  timeout?: number;
  /**
   * This call's `Idempotency-Key`, sent on every try, e.g. one created with the form a shopper
   * submits, so a second submit is answered from the server's store. Client methods that must be
   * retried send a fresh key of their own when this is not given.
   */
  idempotencyKey?: string;
}

export type Requester = <T>(
  method: HttpMethod,
  path: string,
  options?: RequestOptions,
) => Promise<T>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The deadline in milliseconds, `undefined` for none; refuses what cannot be one. */
function deadlineMsOf(timeout: number | undefined): number | undefined {
  if (timeout === undefined || timeout === Number.POSITIVE_INFINITY) return undefined;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new TypeError(`A timeout must be a positive number of milliseconds (got ${timeout})`);
  }
  return timeout;
}

/**
 * The signal a try is sent with: the caller's and the deadline's, whichever aborts first
 * (`AbortSignal.any`, Node 20.3+ and every current browser).
 */
function combinedSignal(
  caller: AbortSignal | undefined,
  deadline: AbortSignal | undefined,
): AbortSignal | undefined {
  if (!caller) return deadline;
  if (!deadline) return caller;
  return AbortSignal.any([caller, deadline]);
}

/** Waits for `wait`, or until `signal` aborts, whichever comes first. */
async function waitUnlessAborted(wait: Promise<void>, signal: AbortSignal | undefined) {
  if (!signal) return wait;
  if (signal.aborted) return;
  let onAbort = () => {};
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
  });
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    await Promise.race([wait, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/**
 * Whether a fetch failed because it was aborted (by a signal the fetch was given on the way, such
 * as a server's own for a request whose client left): not a network failure, so not retried.
 */
function isAbort(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "AbortError"
  );
}

/**
 * A new random (v4) UUID. `crypto.randomUUID` exists in Node 20 and in browsers, but only in
 * secure contexts there (https, localhost); `getRandomValues` works everywhere.
 */
function newIdempotencyKey(): string {
  if (typeof globalThis.crypto.randomUUID === "function") return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
}

/** The key of this call: the caller's, a new one when asked to be idempotent, else none. */
function idempotencyKeyOf(options: RequestOptions): string | undefined {
  if (options.idempotencyKey !== undefined) {
    if (options.idempotencyKey === "") throw new TypeError("An idempotency key may not be empty");
    return options.idempotencyKey;
  }
  return options.idempotent ? newIdempotencyKey() : undefined;
}

/**
 * Whether a request may be sent again after a failure that may have reached the server: its
 * method is idempotent, or its key makes the server answer a repeat from its store.
 */
function maySendAgain(
  policy: RetryPolicy,
  method: string,
  headers: Headers,
  readOnly: boolean,
): boolean {
  const upper = method.toUpperCase();
  return (
    readOnly ||
    policy.methods.some((allowed) => allowed.toUpperCase() === upper) ||
    headers.has(IDEMPOTENCY_KEY_HEADER)
  );
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds (RFC 9110: delay-seconds or an HTTP
 * date; a date in the past is no wait). `undefined` when there is no usable header.
 */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const value = headers?.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    (typeof Blob !== "undefined" && body instanceof Blob)
  );
}

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.replace(/\/+$/, "");
  let url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
      for (const item of values) {
        if (item !== undefined && item !== null) params.append(key, String(item));
      }
    }
    const search = params.toString();
    if (search) url += `${url.includes("?") ? "&" : "?"}${search}`;
  }
  return url;
}

/** A path segment, encoded: `encodeURIComponent` of the value, refusing empty ones. */
export function segment(value: string | number): string {
  const text = String(value);
  if (text === "") throw new TypeError("A path segment may not be empty");
  return encodeURIComponent(text);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * How long to wait before the next try: what the answer's `Retry-After` asks for, else `delayMs`.
 * `undefined` when `Retry-After` asks for more than `maxRetryAfterMs`: give up instead of waiting.
 */
function waitBeforeRetry(
  policy: RetryPolicy,
  answerHeaders: Headers | undefined,
): number | undefined {
  const asked = retryAfterMs(answerHeaders);
  if (asked === undefined) return policy.delayMs;
  return asked <= policy.maxRetryAfterMs ? asked : undefined;
}

/**
 * Whether a platform error body is the 409 of a key whose first request is still in progress.
 * Only a keyed request can get it; it is worth retrying once that first request has finished.
 */
function isKeyInUse(status: number, body: Record<string, unknown>, headers: Headers): boolean {
  return (
    status === 409 && body.error === IDEMPOTENCY_KEY_IN_USE && headers.has(IDEMPOTENCY_KEY_HEADER)
  );
}

/**
 * Creates the request function of one client.
 *
 * @example
 * const request = createRequester({
 *   baseUrl: "http://localhost:4000",
 *   authorization: () => `Bearer ${token}`,
 * });
 * const { cart } = await request<CartReply>("PUT", "/shopper/sessions/items/abc", {
 *   body: { quantity: 2 },
 * });
 */
export function createRequester(options: RequesterOptions): Requester {
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? defaultSleep;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async function request<T>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const url = buildUrl(options.baseUrl, path, requestOptions.query);
    const { body, signal: callerSignal } = requestOptions;
    if (body !== undefined && method === "GET") {
      throw new TypeError(`A GET request cannot have a body (${url})`);
    }
    const timeoutMs = deadlineMsOf(requestOptions.timeout ?? options.timeout);
    const startedAt = Date.now();
    const deadline = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
    const signal = combinedSignal(callerSignal, deadline);
    /** Whether the deadline (and not the caller) ended the call. */
    const pastDeadline = () => deadline?.aborted === true && callerSignal?.aborted !== true;
    const deadlineExceeded = (failure: {
      cause: unknown;
      body?: unknown;
      requestId?: string;
      headers?: Headers;
    }) => new DeadlineExceededError({ method, url, timeoutMs: timeoutMs ?? 0, ...failure });
    const idempotencyKey = idempotencyKeyOf(requestOptions);
    const raw = isRawBody(body);
    const payload: BodyInit | undefined =
      body === undefined ? undefined : raw ? body : JSON.stringify(body);

    async function headersForTry(): Promise<Headers> {
      const headers = new Headers({ accept: "application/json" });
      if (payload !== undefined && !raw) headers.set("content-type", "application/json");
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      if (options.storefrontToken) headers.set(STOREFRONT_TOKEN_HEADER, options.storefrontToken);
      const authorization = await options.authorization?.();
      if (authorization) headers.set("authorization", authorization);
      if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
      for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
        headers.set(name, value);
      }
      return headers;
    }

    let retries = 0;
    let refreshed = false;
    /** Whether this request may be sent again (its method, `readOnly`, or its `Idempotency-Key`). */
    let sendAgain = false;

    /**
     * Waits for the next try, or gives up with an UnexpectedError: when the request may not be
     * sent again (it may have reached the server), when the policy is spent, or when the answer's
     * `Retry-After` is longer than `maxRetryAfterMs` (then without waiting).
     */
    async function retryOrGiveUp(failure: {
      cause: unknown;
      body?: unknown;
      requestId?: string;
      /** The failed answer's headers, when there was an answer (`Retry-After`). */
      headers?: Headers;
    }): Promise<void> {
      const wait = waitBeforeRetry(retry, failure.headers);
      if (!sendAgain || retries >= retry.limit || wait === undefined) {
        throw new UnexpectedError({ method, url, ...failure });
      }
      // A try that could not start before the deadline is not waited for: give up now.
      if (timeoutMs !== undefined && Date.now() + wait >= startedAt + timeoutMs) {
        throw deadlineExceeded(failure);
      }
      retries += 1;
      await waitUnlessAborted(sleep(wait), signal);
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (pastDeadline()) throw deadlineExceeded(failure);
    }

    for (;;) {
      const headers = await headersForTry();
      sendAgain = maySendAgain(retry, method, headers, requestOptions.readOnly === true);
      let response: Response;
      let refreshFirst = false;
      let text = "";
      let blob: Blob | undefined;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body: payload,
          cache: "no-store",
          signal,
        });
        refreshFirst =
          (response.status === 401 || response.status === 403) &&
          options.onUnauthorized !== undefined &&
          !refreshed;
        if (refreshFirst) {
          await response.body?.cancel();
        } else if (response.ok && requestOptions.responseType === "blob") {
          blob = await response.blob();
        } else {
          text = await response.text();
        }
      } catch (error) {
        if (pastDeadline()) throw deadlineExceeded({ cause: error });
        // Aborted by whoever asked (or by a signal the fetch was given on its way): stop there.
        if (callerSignal?.aborted || isAbort(error)) throw error;
        // A connection that fails before or while the answer arrives is an unexpected failure.
        await retryOrGiveUp({ cause: error });
        continue;
      }
      const requestId = response.headers.get("x-request-id") ?? undefined;

      if (response.ok) {
        if (blob) return blob as T;
        if (requestOptions.responseType === "text") return text as T;
        if (response.status === 204 || text.trim() === "") return {} as T;
        const parsed = parseJson(text);
        if (parsed.ok) return parsed.value as T;
        await retryOrGiveUp({
          cause: new SyntaxError(
            `${method} ${url} answered ${response.status} with a body that is not JSON`,
          ),
          body: text,
          requestId,
        });
        continue;
      }

      if (refreshFirst && options.onUnauthorized) {
        // C§8: refresh the token once and retry once; a failed refresh cannot be retried.
        refreshed = true;
        let renewed: boolean;
        try {
          renewed = (await options.onUnauthorized()) === true;
        } catch (cause) {
          throw new OAuthError({ status: response.status, method, url, requestId, cause });
        }
        if (!renewed) throw new OAuthError({ status: response.status, method, url, requestId });
        continue;
      }

      const parsed = parseJson(text);
      const structured = parsed.ok && isJsonObject(parsed.value) ? parsed.value : undefined;
      const error = httpErrorFromResponse({
        status: response.status,
        body: structured ?? text,
        method,
        url,
        headerRequestId: requestId,
        headers: response.headers,
      });
      const retriable = structured
        ? isKeyInUse(response.status, structured, headers)
        : retry.statusCodes.includes(response.status);
      if (retriable) {
        await retryOrGiveUp({
          cause: error,
          body: error.body,
          requestId,
          headers: response.headers,
        });
        continue;
      }
      throw error;
    }
  };
}

/**
 * The options of a client that acts as one logged-in user (the company, order and media calls):
 * the API's origin and the user's access token.
 */
export interface UserClientOptions {
  /** Origin of the API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** The logged-in user's access token, sent as `Authorization: Bearer <token>`. */
  accessToken: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /** The shop's own credential (`RequesterOptions.storefrontToken`); a server's only. */
  storefrontToken?: string;
  /** Waits between retries; injectable for tests. */
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
}

/** The request function of a {@link UserClientOptions} client: every call as that user. */
export function createUserRequester(options: UserClientOptions): Requester {
  return createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retry: options.retry,
    headers: options.headers,
    storefrontToken: options.storefrontToken,
    sleep: options.sleep,
    timeout: options.timeout,
    authorization: () => `Bearer ${options.accessToken}`,
  });
}
