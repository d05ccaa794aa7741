import { isHttpError } from "./errors.js";
import {
  type CallOptions,
  createUserRequester,
  segment,
  type UserClientOptions,
} from "./request.js";
import type { PlatformErrorBody } from "./wire/errors.js";
import type {
  CompanyFileRejection,
  CompanyFiles,
  CompanyFilesQuery,
  CompanyMediaDeleted,
  CompanyMediaUpdated,
  CompanyMediaUpdatePayload,
  CompanyMediaUploaded,
  CompanyMediaUploadPayload,
} from "./wire/media.js";

/**
 * Company media (C§7 Media): a company's print files, their upload (base64 JSON or multipart),
 * details and removal, and the EPS converter, as the logged-in user (C§6: "company media upload
 * uses the bearer user token"). The server decides who may do what; a refusal comes back as a
 * value (`{success: false}`) with the server's message and, for an upload, each refused file.
 */

/** `baseUrl` is the origin of the media API (C§7: the "worker or app" host). */
export type MediaClientOptions = UserClientOptions;

/**
 * A refused media call (4xx), as a value. A 5xx is thrown: the platform's 503 when every
 * converter is busy (`Retry-After` says when to come back) is an `HttpError`, and a platform that
 * cannot be reached an `UnexpectedError` after the pipeline's retries.
 */
export interface MediaCallFailure {
  success: false;
  /** HTTP status (400 invalid, 403 not allowed, 404 not found, 409 already uploaded, 413 …). */
  status: number;
  /** The server's `error` (C§8: 'Upload failed', 'Missing companyId', 'Failed to delete file'). */
  error: string;
  /** The server's `message`: what was wrong. */
  message: string;
  errors: string[];
  /** An upload's refused files. */
  files: CompanyFileRejection[];
}

/** A file to upload in a multipart post: its bytes and its name. */
export interface MediaUploadFile {
  name: string;
  data: Blob;
}

export interface MultipartUploadInput {
  companyId: string;
  /** Sent as repeated `file` fields. */
  files: readonly MediaUploadFile[];
  description?: string;
}

export type MediaUploadResult = CompanyMediaUploaded | MediaCallFailure;
export type MediaUpdateResult = CompanyMediaUpdated | MediaCallFailure;
export type MediaDeleteResult = CompanyMediaDeleted | MediaCallFailure;

export interface MediaClient {
  /**
   * `GET /api/company-media/`: one company's files (or those of each company the user is a
   * member of), 200 a page (C§9). Every stored file, hidden ones and proofs included: the card
   * lists them with `isListedPrintFile` of `@kassa/domain`.
   */
  listCompanyFiles(query?: CompanyFilesQuery, options?: CallOptions): Promise<CompanyFiles>;
  /**
   * `POST /api/company-media/` with one file in base64 JSON (C§7). Sent with an
   * `Idempotency-Key`, so a retry after a lost answer stores it once.
   */
  uploadCompanyFile(
    payload: CompanyMediaUploadPayload,
    options?: CallOptions,
  ): Promise<MediaUploadResult>;
  /**
   * `POST /api/company-media/` as `multipart/form-data` (C§7 "multipart POST also supported"):
   * `companyId` and one `file` field per file. All or nothing: one refused file stores none.
   */
  uploadCompanyFiles(
    input: MultipartUploadInput,
    options?: CallOptions,
  ): Promise<MediaUploadResult>;
  /** `PUT /api/company-media/ {companyId, filename, logoType, description}` (C§7). */
  updateCompanyFile(
    payload: CompanyMediaUpdatePayload,
    options?: CallOptions,
  ): Promise<MediaUpdateResult>;
  /**
   * `DELETE /api/company-media/{id}?companyId=` (C§7): the file, and a vector file's preview
   * with it. A file that is already gone answers a failure (404).
   */
  deleteCompanyFile(
    fileId: string,
    companyId: string,
    options?: CallOptions,
  ): Promise<MediaDeleteResult>;
  /**
   * `POST /api/eps-convert` (C§7): an EPS, AI or PostScript file (multipart `file`) drawn as a PNG.
   * Throws the pipeline's `HttpError` when the file cannot be converted; its message is the
   * server's text (C§8: "conversion response text is used as the error").
   */
  convertToPng(file: MediaUploadFile, options?: CallOptions): Promise<Blob>;
}

function asBody(value: unknown): PlatformErrorBody & { files?: unknown } {
  return typeof value === "object" && value !== null ? (value as PlatformErrorBody) : {};
}

function failureOf(error: unknown): MediaCallFailure | undefined {
  if (!isHttpError(error) || error.status >= 500) return undefined;
  const body = asBody(error.body);
  return {
    success: false,
    status: error.status,
    error: String(body.error ?? error.message),
    message: String(body.message ?? body.error ?? error.message),
    errors: error.errors,
    files: Array.isArray(body.files) ? (body.files as CompanyFileRejection[]) : [],
  };
}

/** Runs a call whose refusal (4xx) is a value. */
async function asResult<T>(call: () => Promise<T>): Promise<T | MediaCallFailure> {
  try {
    return await call();
  } catch (error) {
    const failure = failureOf(error);
    if (failure) return failure;
    throw error;
  }
}

/** True when a media call's answer is a refusal. */
export function isMediaCallFailure(
  result: MediaUploadResult | MediaUpdateResult | MediaDeleteResult,
): result is MediaCallFailure {
  return result.success === false;
}

/**
 * Creates the media client of one logged-in user. Create one per request on a server.
 *
 * @example
 * const media = createMediaClient({ baseUrl, accessToken });
 * const { companies } = await media.listCompanyFiles({ companyId });
 * const result = await media.uploadCompanyFiles({ companyId, files: [{ name: "logo.eps", data }] });
 * if (!result.success) console.log(result.files.map((file) => file.problem));
 */
export function createMediaClient(options: MediaClientOptions): MediaClient {
  const request = createUserRequester(options);
  const mediaPath = "/api/company-media/";

  return {
    listCompanyFiles: (query = {}, call) =>
      request<CompanyFiles>("GET", mediaPath, { query: { ...query }, ...call }),
    uploadCompanyFile: (payload, call) =>
      asResult(() =>
        request<CompanyMediaUploaded>("POST", mediaPath, {
          body: payload,
          idempotent: true,
          ...call,
        }),
      ),
    uploadCompanyFiles({ companyId, files, description }, call) {
      // One FormData for every try: fetch writes a new boundary each time, so the server
      // fingerprints an idempotent multipart body without it (a retry is then a replay).
      const form = new FormData();
      form.set("companyId", companyId);
      if (description !== undefined) form.set("description", description);
      for (const file of files) form.append("file", file.data, file.name);
      return asResult(() =>
        request<CompanyMediaUploaded>("POST", mediaPath, { body: form, idempotent: true, ...call }),
      );
    },
    updateCompanyFile: (payload, call) =>
      asResult(() => request<CompanyMediaUpdated>("PUT", mediaPath, { body: payload, ...call })),
    deleteCompanyFile: (fileId, companyId, call) =>
      asResult(() =>
        request<CompanyMediaDeleted>("DELETE", `${mediaPath}${segment(fileId)}`, {
          query: { companyId },
          ...call,
        }),
      ),
    convertToPng(file, call) {
      const form = new FormData();
      form.set("file", file.data, file.name);
      // A conversion changes nothing: retried like a read, and never stored by the server.
      return request<Blob>("POST", "/api/eps-convert", {
        body: form,
        responseType: "blob",
        readOnly: true,
        ...call,
      });
    },
  };
}
