import {
  LOGO_TYPES,
  type LogoType,
  MAX_PRINT_FILE_DESCRIPTION_LENGTH,
  MEDIA_MESSAGES,
  printFileValidationText,
} from "@kassa/domain";
import type { Context } from "hono";
import { z } from "zod";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { badRequest } from "../../http/http-error.js";
import { parseJsonBody, validate } from "../../http/json-body.js";
import { isMultipartContentType } from "../../http/media-paths.js";
import { invalidInput, missingCompanyId, readAs } from "./media-errors.js";

/**
 * An upload as the two forms of `POST /api/company-media/` send it (C§7): one file in base64 JSON
 * (`CompanyMediaUploadPayload`), or `multipart/form-data` with `companyId`, an optional
 * `description` and one `file` field per file.
 */

/** One file of an upload: its name as sent and its bytes. */
export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
}

export interface UploadRequest {
  companyId: string;
  files: IncomingFile[];
  /** The same for every file of the upload. */
  description: string;
  /** JSON only: the logo type asked for; otherwise C§5's rule decides. */
  logoType?: LogoType;
  /** JSON only: `custom_fields.hide`, a file the card does not list. */
  hide: boolean;
}

/** The longest file name accepted as sent, before it is shortened to what is kept. */
const MAX_SENT_NAME_LENGTH = 1000;

const companyId = z.string().trim().min(1).max(MAX_ID_LENGTH);
const description = z.string().trim().max(MAX_PRINT_FILE_DESCRIPTION_LENGTH).default("");

/** `CompanyMediaUploadPayload` (`test/wire-contract.test.ts` ties the two). */
export const jsonUploadBody = z.object({
  companyId,
  filename: z.string().min(1).max(MAX_SENT_NAME_LENGTH),
  base64: z.string().min(1),
  description,
  logoType: z.enum(LOGO_TYPES).optional(),
  custom_fields: z
    .object({
      // As the card's older client sent it too: a boolean or its text (`isHiddenFile`).
      hide: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
    })
    .optional(),
});

const multipartFields = z.object({ companyId, description });

/** Base64 (or base64url) text, with or without padding, whitespace ignored. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The bytes of the JSON upload's `base64`, which may be a `data:` URL. */
export function decodeBase64(text: string): Uint8Array | undefined {
  const data = text.replace(/^data:[^,]*;base64,/i, "").replace(/\s+/g, "");
  if (!BASE64.test(data) || data.length % 4 === 1) return undefined;
  return new Uint8Array(
    Buffer.from(data, data.includes("-") || data.includes("_") ? "base64url" : "base64"),
  );
}

/** A value of a body or form, named, that is missing or blank. */
function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
  );
}

async function readJsonUpload(c: Context): Promise<UploadRequest> {
  const body = await readAs(MEDIA_MESSAGES.uploadFailed, () => parseJsonBody(c, z.unknown()));
  if (isBlank((body as { companyId?: unknown } | null)?.companyId)) throw missingCompanyId();
  const input = await readAs(MEDIA_MESSAGES.uploadFailed, () =>
    validate(jsonUploadBody, body, "The request body is invalid", printFileValidationText),
  );
  const bytes = decodeBase64(input.base64);
  if (!bytes) {
    throw invalidInput(
      MEDIA_MESSAGES.uploadFailed,
      badRequest("The request body is invalid", ["base64: not base64"]),
    );
  }
  const hide = input.custom_fields?.hide;
  return {
    companyId: input.companyId,
    files: [{ name: input.filename, bytes }],
    description: input.description,
    logoType: input.logoType,
    hide: hide === true || hide === "true",
  };
}

async function readMultipartUpload(c: Context): Promise<UploadRequest> {
  const form = await c.req.formData().catch(() => {
    throw invalidInput(
      MEDIA_MESSAGES.uploadFailed,
      badRequest("The multipart body could not be read"),
    );
  });
  if (isBlank(form.get("companyId"))) throw missingCompanyId();
  const fields = await readAs(MEDIA_MESSAGES.uploadFailed, () =>
    validate(
      multipartFields,
      { companyId: form.get("companyId"), description: form.get("description") ?? undefined },
      "The request body is invalid",
    ),
  );
  const entries = form.getAll("file");
  if (entries.length === 0 || entries.some((entry) => typeof entry === "string")) {
    throw invalidInput(
      MEDIA_MESSAGES.uploadFailed,
      badRequest("The request body is invalid", ["file: one file per `file` field is required"]),
    );
  }
  const files = await Promise.all(
    (entries as File[]).map(async (file) => ({
      name: file.name.slice(0, MAX_SENT_NAME_LENGTH),
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return { ...fields, files, hide: false };
}

/** Reads either form of an upload. A body that names no company answers 'Missing companyId'. */
export function readUploadRequest(c: Context): Promise<UploadRequest> {
  return isMultipartContentType(c.req.header("content-type"))
    ? readMultipartUpload(c)
    : readJsonUpload(c);
}

/** `POST /api/eps-convert`: the one `file` field of a multipart body. */
export async function readFileToConvert(c: Context): Promise<IncomingFile> {
  const refuse = (why: string) =>
    invalidInput(MEDIA_MESSAGES.conversionFailed, badRequest("The request body is invalid", [why]));
  if (!isMultipartContentType(c.req.header("content-type"))) {
    throw refuse("file: send the file as multipart/form-data");
  }
  const form = await c.req.formData().catch(() => {
    throw refuse("file: the multipart body could not be read");
  });
  const entries = form.getAll("file");
  const [file] = entries;
  if (entries.length !== 1 || !file || typeof file === "string") {
    throw refuse("file: exactly one file is required");
  }
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
