import { parseWithZod } from "@conform-to/zod/v4";
import {
  type CompanyFile,
  isKassaApiError,
  isMediaCallFailure,
  isUnexpectedError,
  type MediaCallFailure,
  type MediaClient,
} from "@kassa/api-client";
import {
  COMPANY_FILES_PAGE_SIZE,
  checkPrintFileUploads,
  deletePrintFileSchema,
  isListedPrintFile,
  PRINT_FILE_MAX_FILES,
  type PrintFileProblem,
  printFileKindOf,
  printFileMaxBytes,
  updatePrintFileSchema,
} from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/modules/http/toast.server";
import { formatFileSize, printFileFormat } from "./print-file-format";
import { printFileProblemText } from "./print-file-problems";
import type {
  PrintFileLimitsView,
  PrintFileRow,
  PrintFilesActionData,
  PrintFilesToast,
  PrintFilesView,
} from "./print-files-view";

type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

/** The print files card's posts (C§2): an upload, a file's details, a removal. */
export const PRINT_FILE_INTENTS = ["upload-files", "update-file", "delete-file"] as const;
export type PrintFileIntent = (typeof PRINT_FILE_INTENTS)[number];

export function isPrintFileIntent(value: unknown): value is PrintFileIntent {
  return typeof value === "string" && (PRINT_FILE_INTENTS as readonly string[]).includes(value);
}

/** C§5: the widget's limits, with the configured size (`KASSA_PRINT_FILE_MAX_MB`). */
export function printFileLimits(maxSizeMb: number): PrintFileLimitsView {
  return { maxFiles: PRINT_FILE_MAX_FILES, maxSizeMb };
}

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

function rowOf(
  file: CompanyFile,
  preview: CompanyFile | undefined,
  language: string,
): PrintFileRow {
  const picture = file.mimeType.startsWith("image/");
  const previewUrl = file.custom_fields.preview_url ?? preview?.url ?? (picture ? file.url : null);
  return {
    id: file.id,
    filename: file.filename,
    url: file.url,
    downloadUrl: withQuery(file.url, "download", "1"),
    previewUrl,
    converted: !picture && previewUrl !== null,
    size: file.size,
    sizeText: formatFileSize(file.size, language),
    format: printFileFormat(file.mimeType, file.filename),
    logoType: file.logoType,
    description: file.description,
  };
}

/** Every file the company has, hidden ones and previews included (C§9: 200 a page). */
async function filesOfCompany(client: MediaClient, companyId: string): Promise<CompanyFile[]> {
  const { companies } = await client.listCompanyFiles({
    companyId,
    per_page: COMPANY_FILES_PAGE_SIZE,
  });
  return companies.find((company) => company.id === companyId)?.files ?? [];
}

/**
 * The print files card of one company (C§2, C§3, C§5): its listed files, each with a preview
 * when there is a picture of it (a vector file's converted PNG), or the translated failure.
 */
export async function loadPrintFiles(input: {
  client: MediaClient;
  companyId: string;
  canManage: boolean;
  limits: PrintFileLimitsView;
  language: string;
  t: Translate;
}): Promise<PrintFilesView> {
  const { client, companyId, canManage, limits, language, t } = input;
  const common = { canManage, limits, submissionId: crypto.randomUUID() };
  try {
    const files = await filesOfCompany(client, companyId);
    const previews = new Map(
      files
        .filter((file) => file.custom_fields.preview_for)
        .map((file) => [file.custom_fields.preview_for as string, file]),
    );
    const rows = files
      .filter(isListedPrintFile)
      .map((file) => rowOf(file, previews.get(file.id), language));
    return { ...common, status: "loaded", rows };
  } catch (error) {
    if (isKassaApiError(error)) {
      return { ...common, status: "failed", message: t("media.loadFailed"), rows: [] };
    }
    throw error;
  }
}

interface ActionInput {
  formData: FormData;
  client: MediaClient;
  companyId: string;
  limits: PrintFileLimitsView;
  t: Translate;
  /** Where a success goes, with its toast (the card, as it was). */
  redirectTo: string;
  setCookies: string[];
}

type ActionAnswer = Response | ReturnType<typeof data<PrintFilesActionData>>;

function answer(
  intent: PrintFilesActionData["intent"],
  status: number,
  toast: PrintFilesToast,
  rest: Partial<PrintFilesActionData> = {},
): ActionAnswer {
  return data<PrintFilesActionData>(
    { kind: "print-files", intent, problems: [], toast, ...rest },
    { status },
  );
}

/**
 * A post bigger than an upload of every file at its limit, refused without reading it (only an
 * upload can be that big): said under the drop zone like any other upload problem.
 */
export function uploadTooLarge(t: Translate): ActionAnswer {
  return answer(
    "upload-files",
    413,
    { variant: "error", title: t("media.toast.uploadFailed") },
    {
      problems: [t("media.upload.requestTooLarge")],
    },
  );
}

/** A refusal the platform gave for the whole call, in the page's language. */
function refusalText(failure: MediaCallFailure, t: Translate): string | undefined {
  if (failure.status === 403) return t("media.toast.notAllowed");
  if (failure.status === 404) return t("company.notFound");
  if (failure.status === 503) return t("media.toast.converterBusy");
  if (failure.error === "Missing companyId") return t("media.toast.missingCompany");
  return undefined;
}

interface UploadOutcome {
  uploaded: number;
  problems: string[];
  /** The problems by kind, for the toast (C§8: a failed conversion is named). */
  failed: { file: string; problem?: PrintFileProblem }[];
}

/**
 * C§4, C§5: the files are judged by the widget's rules against the company's files as they are
 * now, then each accepted file is sent on its own (its own idempotency key, so a double-submitted
 * form uploads it once): one bad file never stops the good ones, and each failure is named.
 */
async function uploadFiles(input: ActionInput, files: File[]): Promise<UploadOutcome> {
  const { client, companyId, limits, t, formData } = input;
  const present = (await filesOfCompany(client, companyId))
    .filter(isListedPrintFile)
    .map(({ filename, size }) => ({ filename, size }));
  const check = checkPrintFileUploads(
    files.map((file) => ({ name: file.name, size: file.size, kind: printFileKindOf(file), file })),
    present,
    { maxFiles: limits.maxFiles, maxFileSizeBytes: printFileMaxBytes(limits.maxSizeMb) },
  );
  const outcome: UploadOutcome = { uploaded: 0, problems: [], failed: [] };
  const refuse = (file: string, problem?: PrintFileProblem, text?: string) => {
    outcome.failed.push({ file, problem });
    outcome.problems.push(
      problem
        ? printFileProblemText(t, problem, file, limits)
        : `${t("media.toast.uploadFailedFor", { file })}${text ? `: ${text}` : ""}`,
    );
  };
  for (const { file, problem } of check.rejected) refuse(file.name, problem);

  const submissionId = String(formData.get("submissionId") ?? "").slice(0, 100);
  for (const [index, { file }] of check.accepted.entries()) {
    try {
      const result = await client.uploadCompanyFiles(
        { companyId, files: [{ name: file.name, data: file }] },
        submissionId
          ? { idempotencyKey: `print-file:${companyId}:${submissionId}:${index}` }
          : undefined,
      );
      if (!isMediaCallFailure(result)) {
        outcome.uploaded += 1;
      } else if (result.files.length > 0) {
        for (const rejection of result.files) refuse(file.name, rejection.problem);
      } else {
        refuse(file.name, undefined, refusalText(result, t));
      }
    } catch (error) {
      // The platform away (after the client's retries), or every converter busy (503).
      if (!isKassaApiError(error)) throw error;
      refuse(
        file.name,
        undefined,
        error.status === 503 ? t("media.toast.converterBusy") : undefined,
      );
    }
  }
  return outcome;
}

/** C§8: the toast of an upload with failures. */
function uploadFailureToast(outcome: UploadOutcome, t: Translate): PrintFilesToast {
  const [only] = outcome.failed;
  if (outcome.failed.length === 1 && only?.problem === "conversion_failed") {
    return { variant: "error", title: t("media.toast.conversionFailed", { file: only.file }) };
  }
  return {
    variant: "error",
    title: t("media.toast.notUploaded", { count: outcome.failed.length }),
    ...(outcome.uploaded > 0
      ? { description: t("media.toast.uploaded", { count: outcome.uploaded }) }
      : {}),
  };
}

async function uploadAction(input: ActionInput): Promise<ActionAnswer> {
  const { formData, t } = input;
  // A file input with nothing chosen still posts one empty, nameless part.
  const files = formData
    .getAll("file")
    .filter((value): value is File => typeof value !== "string" && value.name !== "");
  if (files.length === 0) {
    return answer(
      "upload-files",
      400,
      { variant: "error", title: t("media.toast.uploadFailed") },
      {
        problems: [t("media.upload.noFiles")],
      },
    );
  }
  const outcome = await uploadFiles(input, files);
  if (outcome.failed.length === 0) {
    return redirectWithToast(
      input.redirectTo,
      { variant: "success", title: t("media.toast.uploaded", { count: outcome.uploaded }) },
      input.setCookies,
    );
  }
  // Some went through: the page is read again with them (a 4xx would skip that).
  return answer("upload-files", outcome.uploaded > 0 ? 200 : 400, uploadFailureToast(outcome, t), {
    problems: outcome.problems,
  });
}

async function updateAction(input: ActionInput): Promise<ActionAnswer> {
  const { formData, client, companyId, t } = input;
  const submission = parseWithZod(formData, { schema: updatePrintFileSchema });
  const fileId = String(formData.get("fileId") ?? "");
  const failed = (description?: string) => ({
    variant: "error" as const,
    title: t("media.toast.updateFailed"),
    ...(description ? { description } : {}),
  });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const translated = (field: string) =>
      errors[field]?.map((key) => t(key as TranslationKey, { defaultValue: key }));
    return answer("update-file", 400, failed(), {
      fileId,
      fieldErrors: { logoType: translated("logoType"), description: translated("description") },
    });
  }
  const form = submission.value;
  try {
    const file = (await filesOfCompany(client, companyId)).find(
      (candidate) => candidate.id === form.fileId,
    );
    if (!file) return answer("update-file", 404, failed(t("media.toast.fileGone")), { fileId });
    const result = await client.updateCompanyFile({
      companyId,
      filename: file.filename,
      logoType: form.logoType,
      description: form.description,
    });
    if (isMediaCallFailure(result)) {
      return answer("update-file", result.status, failed(refusalText(result, t)), { fileId });
    }
  } catch (error) {
    if (!isUnexpectedError(error)) throw error;
    return answer("update-file", 503, failed(t("media.toast.uploadError")), { fileId });
  }
  return redirectWithToast(
    input.redirectTo,
    { variant: "success", title: t("media.toast.updated") },
    input.setCookies,
  );
}

async function deleteAction(input: ActionInput): Promise<ActionAnswer> {
  const { formData, client, companyId, t } = input;
  const submission = parseWithZod(formData, { schema: deletePrintFileSchema });
  const fileId = String(formData.get("fileId") ?? "");
  const failed = (description?: string) => ({
    variant: "error" as const,
    title: t("media.toast.deleteFailed"),
    ...(description ? { description } : {}),
  });
  if (submission.status !== "success") return answer("delete-file", 400, failed(), { fileId });
  try {
    const result = await client.deleteCompanyFile(submission.value.fileId, companyId);
    if (isMediaCallFailure(result)) {
      const why = result.status === 404 ? t("media.toast.fileGone") : refusalText(result, t);
      return answer("delete-file", result.status, failed(why), { fileId });
    }
  } catch (error) {
    if (!isUnexpectedError(error)) throw error;
    // C§8: the technical error on delete.
    return answer("delete-file", 503, failed(t("media.toast.deleteTechnical")), { fileId });
  }
  return redirectWithToast(
    input.redirectTo,
    { variant: "success", title: t("media.toast.removed") },
    input.setCookies,
  );
}

/**
 * The print files card's posts (C§2, C§4, C§7, C§8). A success is a 303 to the card with a flash
 * toast, so it works without JavaScript; a failure answers the card's action data (the error list
 * under the drop zone and the toast), with nothing already stored lost.
 */
export function printFilesAction(intent: PrintFileIntent, input: ActionInput) {
  switch (intent) {
    case "upload-files":
      return uploadAction(input);
    case "update-file":
      return updateAction(input);
    case "delete-file":
      return deleteAction(input);
  }
}
