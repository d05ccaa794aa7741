import { isDeadlineExceededError, isKassaApiError, isUnexpectedError } from "@kassa/api-client";
import { data } from "@remix-run/node";
import { currentRequestContext } from "./request-context.server";

/**
 * What a loader does with a failed backend call: a backend that did not answer within the call's
 * deadline becomes a 504 (ADR 0041) and one that cannot be reached a 503, each explained by the
 * error boundary; a 404 stays a 404; anything else is a 502 with the backend's request id, so
 * support can find it. Each carries a request id (ADR 0040): the platform's answer's, which is the
 * storefront request's own that it was sent, or that one when no answer came, so an error met on
 * a navigation in the browser names its own request, not the page's.
 */
export interface BackendErrorData {
  reason: "timed-out" | "unavailable" | "not-found" | "failed";
  requestId?: string;
}

export function backendErrorResponse(error: unknown): never {
  const ownId = currentRequestContext()?.requestId;
  if (isDeadlineExceededError(error)) {
    throw data<BackendErrorData>({ reason: "timed-out", requestId: ownId }, { status: 504 });
  }
  if (isUnexpectedError(error)) {
    throw data<BackendErrorData>({ reason: "unavailable", requestId: ownId }, { status: 503 });
  }
  if (isKassaApiError(error) && error.status === 404) {
    throw data<BackendErrorData>(
      { reason: "not-found", requestId: error.requestId ?? ownId },
      { status: 404 },
    );
  }
  if (isKassaApiError(error)) {
    throw data<BackendErrorData>(
      { reason: "failed", requestId: error.requestId ?? ownId },
      { status: 502 },
    );
  }
  throw error;
}

/** Runs a backend call, turning its failure into the response a boundary renders. */
export async function fromBackend<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    backendErrorResponse(error);
  }
}
