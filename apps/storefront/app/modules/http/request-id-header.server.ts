/** The header that carries a request's id between the storefront and the platform (ADR 0040). */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * `init` for a call made on behalf of request `requestId`: its headers (or those of `input`, when
 * it is a `Request` and `init` names none, as `fetch` would use them) with `X-Request-Id` added.
 * A call that names an id of its own keeps it; without a request id, `init` is left as it is.
 */
export function withRequestId(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  requestId: string | undefined,
): RequestInit | undefined {
  if (!requestId) return init;
  const headers = new Headers(
    init?.headers ?? (input instanceof Request ? input.headers : undefined),
  );
  if (headers.has(REQUEST_ID_HEADER)) return init;
  headers.set(REQUEST_ID_HEADER, requestId);
  return { ...init, headers };
}
