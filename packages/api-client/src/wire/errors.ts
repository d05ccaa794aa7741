/**
 * Error bodies: the platform error body (C§3) of every API, and the business failure of the
 * account API (A§8).
 */

/**
 * The platform error body (C§3): `{error, message, statusCode, requestId, errors[]}`, and
 * `productVariantIDs` with an out-of-stock error. Every field is optional here because a client
 * also reads bodies that a proxy or another backend wrote; the Kassa platform always sends all
 * but `productVariantIDs`.
 */
export interface PlatformErrorBody {
  error?: string;
  message?: string;
  statusCode?: number;
  requestId?: string;
  errors?: string[];
  productVariantIDs?: string[];
}

/**
 * A business failure of the account API (4xx): `details` is one of the texts of A§8
 * (`ACCOUNT_DETAILS`). The Kassa platform always sends `message`, `statusCode` and `requestId` too.
 */
export interface AccountFailure {
  details: string;
  message?: string;
  statusCode?: number;
  requestId?: string;
  /** Seconds to wait, with `details: 'too many attempts'` (429). */
  retry_after?: number;
  /**
   * With a login's 403 'email not verified' (Kassa platform): the token of the signup whose
   * password was given, to ask for that signup's verification link with `createVerifyLink`.
   */
  signup_token?: string;
}
