/**
 * The print files' upload rules (C§5, C§9), one set for the upload widget and the platform: at
 * most {@link PRINT_FILE_MAX_FILES} print files per company, each at most the configured size
 * (default {@link PRINT_FILE_DEFAULT_MAX_SIZE_MB} MB), of the kinds a printer takes (images, SVG,
 * Illustrator, EPS, PDF, PostScript), and never the same file twice (same name and size).
 *
 * The widget knows a file by its name and the browser's MIME type; the platform knows it by its
 * first bytes. Both hand the kind they found to {@link checkPrintFileUploads}, so the two can
 * never disagree about anything but what a file really is.
 */

import { BYTES_PER_MB, checkUploadBatch } from "./upload-rules.js";

/** C§5, C§9: a company keeps at most ten print files. */
export const PRINT_FILE_MAX_FILES = 10;
/** C§5, C§9: the largest print file when nothing else is configured, in MB. */
export const PRINT_FILE_DEFAULT_MAX_SIZE_MB = 5;
/** C§9: the company files query asks for 200 files a page. */
export const COMPANY_FILES_PAGE_SIZE = 200;
/** The longest description the platform keeps. */
export const MAX_PRINT_FILE_DESCRIPTION_LENGTH = 500;
/** The longest file name the platform keeps. */
export const MAX_PRINT_FILE_NAME_LENGTH = 200;

/** What a print file is: a raster image, or one of the printers' vector and page formats. */
export type PrintFileKind = "image" | "svg" | "pdf" | "ai" | "eps" | "ps";

/** C§4: these are drawn into a PNG (both the original and the PNG are kept). */
export function isVectorPrintFile(kind: PrintFileKind): boolean {
  return kind === "eps" || kind === "ai" || kind === "ps";
}

const KIND_BY_EXTENSION: Readonly<Record<string, PrintFileKind>> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  svg: "svg",
  pdf: "pdf",
  ai: "ai",
  eps: "eps",
  epsf: "eps",
  ps: "ps",
};

const KIND_BY_MIME: Readonly<Record<string, PrintFileKind>> = {
  "image/png": "image",
  "image/jpeg": "image",
  "image/gif": "image",
  "image/webp": "image",
  "image/svg+xml": "svg",
  "application/pdf": "pdf",
  "application/illustrator": "ai",
  "application/postscript": "ps",
  "application/eps": "eps",
  "application/x-eps": "eps",
  "image/eps": "eps",
  "image/x-eps": "eps",
};

/**
 * The file input's `accept` list (C§5 print files: images, svg, ai, eps, pdf, postscript): the
 * extensions, because browsers name EPS and AI files inconsistently, and the MIME types.
 */
export const PRINT_FILE_ACCEPT = [
  ...Object.keys(KIND_BY_EXTENSION).map((extension) => `.${extension}`),
  ...Object.keys(KIND_BY_MIME),
].join(",");

/**
 * What a file looks like to the widget: by its extension, else by the browser's MIME type.
 * `undefined` for anything a print file may not be. The platform decides again by content.
 */
export function printFileKindOf(file: { name: string; type?: string }): PrintFileKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const byExtension = extension ? KIND_BY_EXTENSION[extension] : undefined;
  return byExtension ?? (file.type ? KIND_BY_MIME[file.type.toLowerCase()] : undefined);
}

/** Why a file is not uploaded (C§5 widget messages, C§8), as the wire and the widget name it. */
export type PrintFileProblem =
  | "too_many"
  | "too_large"
  | "type_not_supported"
  | "already_uploaded"
  | "unreadable"
  | "conversion_failed";

/** A file the company already has, as far as the rules care. */
export interface PresentPrintFile {
  filename: string;
  size: number;
}

/** A file about to be uploaded, with the kind the caller found (by name or by content). */
export interface PrintFileCandidate {
  name: string;
  size: number;
  kind: PrintFileKind | undefined;
}

export interface PrintFileLimits {
  /** @default PRINT_FILE_MAX_FILES */
  maxFiles?: number;
  /** @default PRINT_FILE_DEFAULT_MAX_SIZE_MB in bytes */
  maxFileSizeBytes?: number;
}

export interface PrintFileCheck<T extends PrintFileCandidate> {
  accepted: T[];
  rejected: { file: T; problem: PrintFileProblem }[];
}

/** C§5: the same file is the same name and size (a name compared without regard to case). */
export function isSamePrintFile(a: PresentPrintFile, b: PresentPrintFile): boolean {
  return a.size === b.size && a.filename.toLowerCase() === b.filename.toLowerCase();
}

/**
 * C§5's upload rules over a batch, in order: the kind, the size, a duplicate (of a file the
 * company has or one earlier in the batch), then the count, which includes the files the company
 * already has ("total counts files already added"). Each file gets at most one problem, the first.
 */
export function checkPrintFileUploads<T extends PrintFileCandidate>(
  candidates: readonly T[],
  present: readonly PresentPrintFile[],
  limits: PrintFileLimits = {},
): PrintFileCheck<T> {
  // The general widget's rules, with the print files' count, size and kinds.
  return checkUploadBatch(
    candidates,
    present.map((file) => ({ name: file.filename, size: file.size })),
    {
      maxFiles: limits.maxFiles ?? PRINT_FILE_MAX_FILES,
      maxBytes: limits.maxFileSizeBytes ?? printFileMaxBytes(),
      isAccepted: (file) => file.kind !== undefined,
    },
  );
}

/** The largest file in bytes for a size in MB (the configured `maxFileSize`, C§5). */
export function printFileMaxBytes(maxFileSizeMb: number = PRINT_FILE_DEFAULT_MAX_SIZE_MB): number {
  return Math.floor(maxFileSizeMb * BYTES_PER_MB);
}
