/**
 * Which of a company's files the print files card lists, and the logo type a new file gets
 * (C§3 company file, C§5).
 */

/** C§3: a company file's logo type. */
export const LOGO_TYPES = ["primary", "secondary", "alternative"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export function isLogoType(value: unknown): value is LogoType {
  return typeof value === "string" && (LOGO_TYPES as readonly string[]).includes(value);
}

/** The parts of a company file these rules read. */
export interface ListableFile {
  filename: string;
  custom_fields?: { hide?: unknown } | null;
}

/** `custom_fields.hide` equals true: the boolean, or the text a form or an older client sent. */
export function isHiddenFile(file: ListableFile): boolean {
  const hide = file.custom_fields?.hide;
  return hide === true || (typeof hide === "string" && hide.trim().toLowerCase() === "true");
}

/**
 * C§5: files whose name contains `korrektur` (the printer's proofs, in any case) or whose
 * `custom_fields.hide` is true (a vector file's converted preview, among others) are not listed.
 */
export function isListedPrintFile(file: ListableFile): boolean {
  return !/korrektur/i.test(file.filename) && !isHiddenFile(file);
}

/**
 * C§5 "first file primary, others secondary": the first file a company gets is its primary logo;
 * every later one is secondary, also when the company has no primary any more (an admin chooses a
 * new primary rather than the upload order doing it by accident).
 */
export function logoTypeForUpload(listedBefore: number, indexInBatch: number): LogoType {
  return listedBefore === 0 && indexInBatch === 0 ? "primary" : "secondary";
}
