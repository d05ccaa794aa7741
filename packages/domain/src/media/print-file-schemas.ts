import { z } from "zod";
import { formText, requiredId } from "../forms/form-values.js";
import { VALIDATION_MESSAGES } from "../forms/messages.js";
import { LOGO_TYPES } from "./company-files.js";
import { MAX_PRINT_FILE_DESCRIPTION_LENGTH } from "./print-file-rules.js";

/**
 * The print files card's forms besides the upload (whose files `checkPrintFileUploads` judges):
 * a file's details (C§7 PUT: logo type and description) and its removal, told apart by `intent`.
 * Messages are translation keys.
 */

export const PRINT_FILE_FORM_MESSAGES = {
  descriptionTooLong: "media.validation.descriptionTooLong",
} as const;

/** The English text of each message key these forms produce, as a server answers it. */
const VALIDATION_TEXT: Readonly<Record<string, string>> = {
  [VALIDATION_MESSAGES.required]: "Required",
  [VALIDATION_MESSAGES.invalid]: "Invalid value",
  [PRINT_FILE_FORM_MESSAGES.descriptionTooLong]: `The description may be at most ${MAX_PRINT_FILE_DESCRIPTION_LENGTH} characters`,
};

/** The English text of a message key of the print file forms (the key itself when unknown). */
export function printFileValidationText(key: string): string {
  return VALIDATION_TEXT[key] ?? key;
}

/** C§7 PUT's editable fields, also what the platform checks the call's body with. */
export const printFileDetailsSchema = z.object({
  logoType: z.enum(LOGO_TYPES, { error: VALIDATION_MESSAGES.invalid }),
  description: formText(
    z
      .string()
      .trim()
      .max(MAX_PRINT_FILE_DESCRIPTION_LENGTH, {
        error: PRINT_FILE_FORM_MESSAGES.descriptionTooLong,
      })
      .optional(),
  ).transform((value) => value ?? ""),
});

export const updatePrintFileSchema = printFileDetailsSchema.extend({
  intent: z.literal("update-file"),
  fileId: requiredId(),
});

export const deletePrintFileSchema = z.object({
  intent: z.literal("delete-file"),
  fileId: requiredId(),
});

/** The print files card's posts other than an upload. */
export const printFileSchema = z.discriminatedUnion("intent", [
  updatePrintFileSchema,
  deletePrintFileSchema,
]);

export type PrintFileDetails = z.output<typeof printFileDetailsSchema>;
export type UpdatePrintFileForm = z.output<typeof updatePrintFileSchema>;
export type DeletePrintFileForm = z.output<typeof deletePrintFileSchema>;
export type PrintFileForm = z.output<typeof printFileSchema>;
