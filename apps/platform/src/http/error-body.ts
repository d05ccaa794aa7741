import type { HttpErrorDetails } from "./http-error.js";

/** The platform error body (C§3 "Platform error body", `PlatformErrorBody` in @kassa/api-client). */
export interface ErrorBody {
  error: string;
  message: string;
  statusCode: number;
  requestId: string;
  errors: string[];
  productVariantIDs?: string[];
}

export function errorBody(
  statusCode: number,
  error: string,
  message: string,
  requestId: string,
  details: HttpErrorDetails = {},
): ErrorBody {
  const body: ErrorBody = {
    error,
    message,
    statusCode,
    requestId,
    errors: details.errors ?? [],
  };
  if (details.productVariantIDs) body.productVariantIDs = details.productVariantIDs;
  return body;
}
