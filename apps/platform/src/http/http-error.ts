import type { CompanyFileRejection } from "@kassa/api-client";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface HttpErrorDetails {
  /** Human-readable list of what is wrong, e.g. `quantity: Too small: expected number to be >=1`. */
  errors?: string[];
  /** Variants that are out of stock (C§8: 404 `out of stock error`). */
  productVariantIDs?: string[];
  /** The refused files of an upload (`CompanyMediaUploadFailure` of the media calls). */
  files?: CompanyFileRejection[];
  /** Seconds to wait, sent as the `Retry-After` header (a 429 of a rate limit). */
  retryAfterSeconds?: number;
  /** The `WWW-Authenticate` challenge of a 401 or 403 (default for 401: the shopper realm). */
  wwwAuthenticate?: string;
}

/**
 * A failure the client should see. Thrown anywhere in a handler; the app's error handler turns it
 * into the platform error body (C§3). Anything else thrown becomes a 500 without details.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    /** The machine-readable `error` field, e.g. `BAD_REQUEST`, `out of stock error`. */
    readonly error: string,
    message: string,
    readonly details: HttpErrorDetails = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors: string[] = []) =>
  new HttpError(400, "BAD_REQUEST", message, { errors });

export const notFound = (error: string, message: string = error) =>
  new HttpError(404, error, message);

export const unauthorized = (message: string) => new HttpError(401, "UNAUTHORIZED", message);

export const conflict = (error: string, message: string = error) =>
  new HttpError(409, error, message);

export const forbidden = (message: string, errors: string[] = []) =>
  new HttpError(403, "FORBIDDEN", message, { errors });
