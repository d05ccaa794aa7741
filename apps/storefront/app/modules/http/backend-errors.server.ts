import { isKassaApiError, isUnexpectedError } from "@kassa/api-client";
import { data } from "@remix-run/node";

/**
 * What a loader does with a failed backend call: a backend that cannot be reached becomes a 503
 * that the error boundary explains; a 404 stays a 404; anything else is a 500 with the backend's
 * request id, so support can find it.
 */
export interface BackendErrorData {
  reason: "unavailable" | "not-found" | "failed";
  requestId?: string;
}

export function backendErrorResponse(error: unknown): never {
  if (isUnexpectedError(error)) {
    throw data<BackendErrorData>({ reason: "unavailable" }, { status: 503 });
  }
  if (isKassaApiError(error) && error.status === 404) {
    throw data<BackendErrorData>(
      { reason: "not-found", requestId: error.requestId },
      { status: 404 },
    );
  }
  if (isKassaApiError(error)) {
    throw data<BackendErrorData>({ reason: "failed", requestId: error.requestId }, { status: 502 });
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
