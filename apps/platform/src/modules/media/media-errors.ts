import { COMPANY_DETAILS, type CompanyFileRejection } from "@kassa/api-client";
import { MEDIA_MESSAGES, type PrintFileProblem } from "@kassa/domain";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HttpError } from "../../http/http-error.js";

/**
 * The media calls' refusals: the platform error body (C§3) whose `error` is C§8's text of the call
 * ('Upload failed', 'Update failed', 'Failed to delete file', 'Missing companyId', the converter's
 * 'The file could not be converted') and whose `message` says what was wrong. The api-client hands
 * both to the card (`MediaCallFailure`).
 */

/** What each call answers in `error` when it fails. */
export type MediaOperation =
  | typeof MEDIA_MESSAGES.uploadFailed
  | typeof MEDIA_MESSAGES.updateFailed
  | typeof MEDIA_MESSAGES.deleteFailed
  | typeof MEDIA_MESSAGES.conversionFailed
  | typeof COMPANY_DETAILS.companyNotFound;

/** ADR 0014's status of each upload problem. */
export const PROBLEM_STATUS: Record<PrintFileProblem, ContentfulStatusCode> = {
  type_not_supported: 400,
  too_many: 400,
  unreadable: 400,
  already_uploaded: 409,
  too_large: 413,
  conversion_failed: 422,
};

/** How long a caller refused by a full converter queue waits before trying again, in seconds. */
export const CONVERTER_BUSY_RETRY_SECONDS = 5;

/** C§8 'Missing companyId' (400): an upload, update or removal that names no company. */
export function missingCompanyId(): HttpError {
  return new HttpError(400, MEDIA_MESSAGES.missingCompanyId, MEDIA_MESSAGES.missingCompanyId);
}

/** A company the caller may not see, or that does not exist: 404, never 403 (ADR 0013). */
export function companyNotFound(operation: MediaOperation): HttpError {
  return new HttpError(404, operation, COMPANY_DETAILS.companyNotFound);
}

/** A company the caller sees but whose files they may not change (C§6): 403. */
export function notAllowed(operation: MediaOperation): HttpError {
  return new HttpError(403, operation, MEDIA_MESSAGES.notAllowed);
}

/** A file that is not the company's, or is gone: 404, whoever's it is (ADR 0014). */
export function fileNotFound(operation: MediaOperation): HttpError {
  return new HttpError(404, operation, MEDIA_MESSAGES.fileNotFound);
}

/** A body or query that fails its schema, with the call's C§8 text as `error`. */
export function invalidInput(operation: MediaOperation, cause: HttpError): HttpError {
  return new HttpError(cause.status, operation, cause.message, cause.details);
}

/**
 * Runs a reading or validating step of a call (`parseJsonBody`, `validate`), answering its 400
 * `BAD_REQUEST` with the call's C§8 text as `error` instead.
 */
export async function readAs<T>(operation: MediaOperation, read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof HttpError && error.error === "BAD_REQUEST") {
      throw invalidInput(operation, error);
    }
    throw error;
  }
}

/**
 * A refused upload (`CompanyMediaUploadFailure`): nothing was stored. The status is the first
 * refused file's (ADR 0014: 400 type, count, unreadable; 409 already uploaded; 413 too large; 422
 * conversion failed); `errors` and `message` carry the files' texts.
 */
export function uploadRefused(files: CompanyFileRejection[]): HttpError {
  const [first] = files;
  const status = first ? PROBLEM_STATUS[first.problem] : 400;
  const messages = files.map((file) => file.message);
  const message =
    messages.length === 1
      ? (messages[0] as string)
      : `${messages.length} files could not be uploaded`;
  return new HttpError(status, MEDIA_MESSAGES.uploadFailed, message, { errors: messages, files });
}

/** Every converter is busy and its queue is full: 503 with `Retry-After` (ADR 0014). */
export function converterBusy(operation: MediaOperation): HttpError {
  return new HttpError(503, operation, "Every converter is busy; try again in a few seconds", {
    retryAfterSeconds: CONVERTER_BUSY_RETRY_SECONDS,
  });
}
