/**
 * The general upload widget's rules (C§5, C§3 "Upload item", C§9): at most
 * {@link UPLOAD_DEFAULTS}.maxFiles files counting those already added, each at most
 * `maxSizeMb`, of a type the `accept` list takes (as the file input's own `accept` attribute
 * reads it), and never the same file twice (same name and size). The print files are this widget
 * with their own settings (`print-file-rules.ts`: their count, size and kinds).
 */

/** One MB as the widget counts it (and says it: "max 10 MB"). */
export const BYTES_PER_MB = 1024 * 1024;

/**
 * C§5's defaults of the upload widget: 10 files (counting those already added), 10 MB per file,
 * and images, PDF, Word (doc, docx). C§5 gives the size "label default 15": the widget says what
 * it enforces, so its text is built from `maxSizeMb` (ADR 0047).
 */
export const UPLOAD_DEFAULTS = {
  maxFiles: 10,
  maxSizeMb: 10,
  accept: [
    "image/*",
    ".pdf",
    "application/pdf",
    ".doc",
    "application/msword",
    ".docx",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ].join(","),
} as const;

/** Why a file is refused (C§5: each failure has its own message). */
export type UploadProblem = "too_many" | "too_large" | "type_not_supported" | "already_uploaded";

/** A file as the rules see it: its name, size in bytes and the browser's MIME type. */
export interface UploadCandidate {
  name: string;
  size: number;
  type?: string;
}

/** A file already added (uploaded, or waiting in the list). */
export interface PresentUpload {
  name: string;
  size: number;
}

export interface UploadLimits {
  /** @default UPLOAD_DEFAULTS.maxFiles */
  maxFiles?: number;
  /** @default UPLOAD_DEFAULTS.maxSizeMb */
  maxSizeMb?: number;
  /** An `accept` attribute's list: `.ext`, `type/*` or `type/subtype`. @default UPLOAD_DEFAULTS.accept */
  accept?: string;
}

export interface UploadCheck<T> {
  accepted: T[];
  rejected: { file: T; problem: UploadProblem }[];
}

/** C§5: the same file is the same name (without regard to case) and size. */
export function isSameUpload(a: PresentUpload, b: PresentUpload): boolean {
  return a.size === b.size && a.name.toLowerCase() === b.name.toLowerCase();
}

/**
 * Whether a file matches an `accept` list as the HTML file input reads it: an extension
 * (`.pdf`, any case), a MIME type (`application/pdf`) or a wildcard type (`image/*`). An empty
 * list takes everything.
 */
export function matchesAccept(file: { name: string; type?: string }, accept: string): boolean {
  const entries = accept
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type ?? "").toLowerCase();
  return entries.some((entry) => {
    if (entry.startsWith(".")) return name.endsWith(entry);
    if (entry.endsWith("/*")) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/**
 * The rules over a batch, in C§5's order: the type, the size, a duplicate (of a file already added
 * or one earlier in the batch), then the count, which includes the files already added. Each file
 * gets at most one problem, the first. `isAccepted` decides the type (the print files judge it by
 * their own kinds).
 */
export function checkUploadBatch<T extends { name: string; size: number }>(
  candidates: readonly T[],
  present: readonly PresentUpload[],
  rules: { maxFiles: number; maxBytes: number; isAccepted(file: T): boolean },
): UploadCheck<T> {
  const taken: PresentUpload[] = [...present];
  const check: UploadCheck<T> = { accepted: [], rejected: [] };
  for (const file of candidates) {
    const problem: UploadProblem | undefined = !rules.isAccepted(file)
      ? "type_not_supported"
      : file.size > rules.maxBytes
        ? "too_large"
        : taken.some((other) => isSameUpload(other, file))
          ? "already_uploaded"
          : taken.length >= rules.maxFiles
            ? "too_many"
            : undefined;
    if (problem) {
      check.rejected.push({ file, problem });
    } else {
      check.accepted.push(file);
      taken.push({ name: file.name, size: file.size });
    }
  }
  return check;
}

/** The general widget's check: C§5's defaults unless `limits` says otherwise. */
export function checkUploads<T extends UploadCandidate>(
  candidates: readonly T[],
  present: readonly PresentUpload[] = [],
  limits: UploadLimits = {},
): UploadCheck<T> {
  const accept = limits.accept ?? UPLOAD_DEFAULTS.accept;
  return checkUploadBatch(candidates, present, {
    maxFiles: limits.maxFiles ?? UPLOAD_DEFAULTS.maxFiles,
    maxBytes: Math.floor((limits.maxSizeMb ?? UPLOAD_DEFAULTS.maxSizeMb) * BYTES_PER_MB),
    isAccepted: (file) => matchesAccept(file, accept),
  });
}

/** C§3 Upload item: what the widget shows as an image preview, and what as a document. */
export function uploadItemType(file: { name: string; type?: string }): "image" | "document" {
  return (file.type ?? "").toLowerCase().startsWith("image/") ? "image" : "document";
}
