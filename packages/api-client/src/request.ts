import { httpErrorFromResponse, OAuthError, UnexpectedError } from "./errors.js";

/**
 * The one request pipeline of every Kassa client (C§7–C§9): JSON in and out, an `Authorization`
 * header, `cache: "no-store"`, 204 → `{}`, platform error bodies turned into typed errors, a
 * declared retry policy for unexpected failures, and one token refresh on 401/403.
 *
 * A requester holds no auth state of its own: the `authorization` function is asked on every
 * try. Create clients per request on a server (one user's token must never serve another's).
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RetryPolicy {
  /**
   * How many times an unexpected failure is retried after the first try.
   * @default 3
   */
  limit: number;
  /**
   * Wait between two tries, in milliseconds.
   * @default 500
   */
  delayMs: number;
  /**
   * Statuses retried when the answer carries no platform error body (a proxy's 502 page, …).
   * A non-OK answer with a JSON error body is never retried: the platform has spoken.
   * @default [408, 413, 429, 500, 502, 503, 504, 521, 522, 524]
   */
  statusCodes: readonly number[];
}

/** C§8, C§9: 3 retries, 500 ms apart. */
export const DEFAULT_RETRY: RetryPolicy = {
  limit: 3,
  delayMs: 500,
  statusCodes: [408, 413, 429, 500, 502, 503, 504, 521, 522, 524],
};

export type Authorization = () => string | undefined | Promise<string | undefined>;

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
   * Retry policy for unexpected failures: network errors, and non-OK answers without a platform
   * error body whose status is in `statusCodes`.
   * @default { limit: 3, delayMs: 500 }
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
}

export interface RequestOptions {
  /** JSON-serialised unless it is `FormData`, `URLSearchParams` or a `Blob` (sent as is). */
  body?: unknown;
  /** Appended to the URL; `undefined` and `null` values are left out, arrays repeat the key. */
  query?: Query;
  /** Headers of this request; they win over every other header. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * How to read an OK answer.
   * @default "json"
   */
  responseType?: "json" | "text" | "blob";
}

/** Options every client method takes. */
export interface CallOptions {
  /** Aborts the call (and its retries). */
  signal?: AbortSignal;
}

export type Requester = <T>(
  method: HttpMethod,
  path: string,
  options?: RequestOptions,
) => Promise<T>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
    const { body, signal } = requestOptions;
    if (body !== undefined && method === "GET") {
      throw new TypeError(`A GET request cannot have a body (${url})`);
    }
    const raw = isRawBody(body);
    const payload: BodyInit | undefined =
      body === undefined ? undefined : raw ? body : JSON.stringify(body);

    async function headersForTry(): Promise<Headers> {
      const headers = new Headers({ accept: "application/json" });
      if (payload !== undefined && !raw) headers.set("content-type", "application/json");
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      const authorization = await options.authorization?.();
      if (authorization) headers.set("authorization", authorization);
      for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
        headers.set(name, value);
      }
      return headers;
    }

    let retries = 0;
    let refreshed = false;

    /** Waits for the next try, or gives up with an UnexpectedError when the policy is spent. */
    async function retryOrGiveUp(failure: {
      cause: unknown;
      body?: unknown;
      requestId?: string;
    }): Promise<void> {
      if (retries >= retry.limit) {
        throw new UnexpectedError({ method, url, ...failure });
      }
      retries += 1;
      await sleep(retry.delayMs);
      if (signal?.aborted) throw signal.reason;
    }

    for (;;) {
      const headers = await headersForTry();
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
        // A connection that fails before or while the answer arrives is an unexpected failure.
        if (signal?.aborted) throw error;
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
      if (!structured && retry.statusCodes.includes(response.status)) {
        await retryOrGiveUp({ cause: error, body: text, requestId });
        continue;
      }
      throw error;
    }
  };
}
