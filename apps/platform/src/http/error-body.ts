import type { CompanyFileRejection, PlatformErrorBody } from "@kassa/api-client";
import type { HttpErrorDetails } from "./http-error.js";

/**
 * The platform error body (C§3, `PlatformErrorBody` of @kassa/api-client) as this platform sends
 * it: every field present, `productVariantIDs` only with an out-of-stock error, `files` only with
 * a refused upload (`CompanyMediaUploadFailure`).
 */
export type ErrorBody = Required<Omit<PlatformErrorBody, "productVariantIDs">> &
  Pick<PlatformErrorBody, "productVariantIDs"> & { files?: CompanyFileRejection[] };

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
  if (details.files) body.files = details.files;
  return body;
}
