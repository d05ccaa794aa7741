import type { PrintFileProblem } from "./print-file-rules.js";

/**
 * The upload widget's messages (C§5) and the media messages of C§8: a translation key for the
 * storefront and the spec's English text, which the platform answers. `{{file}}` and `{{max}}`
 * are filled in by whoever shows the text (i18next interpolation, or `printFileText`).
 */
export const PRINT_FILE_PROBLEMS: Readonly<
  Record<PrintFileProblem, { key: `media.problems.${string}`; text: string }>
> = {
  too_many: {
    key: "media.problems.tooMany",
    text: "{{file}}: too many files (at most {{max}})",
  },
  too_large: {
    key: "media.problems.tooLarge",
    text: "{{file}}: the file is too large (max {{max}} MB)",
  },
  type_not_supported: {
    key: "media.problems.typeNotSupported",
    text: "{{file}}: the file type is not supported",
  },
  already_uploaded: {
    key: "media.problems.alreadyUploaded",
    text: "{{file}}: the file has already been uploaded",
  },
  unreadable: {
    key: "media.problems.unreadable",
    text: "{{file}}: the file could not be read",
  },
  conversion_failed: {
    key: "media.problems.conversionFailed",
    text: "{{file}}: conversion and upload failed",
  },
};

/** C§8's media messages, as the platform answers them in `error` / `message`. */
export const MEDIA_MESSAGES = {
  uploadFailed: "Upload failed",
  uploadFailedFor: "Upload failed for {{file}}",
  missingCompanyId: "Missing companyId",
  updateFailed: "Update failed",
  deleteFailed: "Failed to delete file",
  conversionFailed: "The file could not be converted",
  fileNotFound: "File not found",
  notAllowed: "Only the company's administrators may change its print files",
} as const;

/** The English text of a problem, with its placeholders filled in. */
export function printFileText(
  problem: PrintFileProblem,
  values: { file: string; max?: number | string },
): string {
  return PRINT_FILE_PROBLEMS[problem].text
    .replace("{{file}}", values.file)
    .replace("{{max}}", String(values.max ?? ""));
}
