import {
  checkPrintFileUploads,
  isVectorPrintFile,
  PRINT_FILE_MAX_FILES,
  type PresentPrintFile,
  type PrintFileCandidate,
  type PrintFileProblem,
} from "@kassa/domain";
import type { CompanyFileRow } from "../../db/schema.js";
import { isListed, MAX_STORED_FILES_PER_COMPANY } from "./company-files.js";

/**
 * C§5's upload rules on the platform (ADR 0014): `checkPrintFileUploads` of `@kassa/domain`, the
 * same function the widget runs, with the kind found from the content. Two things only the server
 * knows are added around it:
 *
 * - the count of ten is of the files the card lists: a proof (`korrektur`) or a hidden file is
 *   checked against the company's other unlisted files instead, without the count of ten;
 * - every file the company stores, previews included, fits on one page of the files query
 *   ({@link MAX_STORED_FILES_PER_COMPANY}), so no company can fill the disk with hidden files.
 */

export interface UploadCandidate extends PrintFileCandidate {
  /** Whether the card will list it (C§5: no `korrektur` in the name, not hidden). */
  listed: boolean;
}

export interface UploadRejection<T> {
  file: T;
  problem: PrintFileProblem;
  /** The limit the message names (`max` of `printFileText`), for too many and too large. */
  max?: number;
}

export interface UploadCheck<T> {
  accepted: T[];
  rejected: UploadRejection<T>[];
}

type StoredFile = Pick<CompanyFileRow, "filename" | "size" | "customFields">;

const asPresent = ({ filename, size }: StoredFile): PresentPrintFile => ({ filename, size });

/** The upload rules over a batch, against what the company stores now; rejections in batch order. */
export function checkUploadRules<T extends UploadCandidate>(
  candidates: readonly T[],
  stored: readonly StoredFile[],
  { maxFileSizeBytes, maxFileSizeMb }: { maxFileSizeBytes: number; maxFileSizeMb: number },
): UploadCheck<T> {
  const listedStored = stored.filter((file) => isListed(file));
  const unlistedStored = stored.filter((file) => !isListed(file) && !file.customFields.preview_for);
  const problems = new Map<T, UploadRejection<T>>();
  const note = (file: T, problem: PrintFileProblem, max?: number) =>
    problems.set(file, { file, problem, max });

  const listed = checkPrintFileUploads(
    candidates.filter((file) => file.listed),
    listedStored.map(asPresent),
    { maxFiles: PRINT_FILE_MAX_FILES, maxFileSizeBytes },
  );
  const unlisted = checkPrintFileUploads(
    candidates.filter((file) => !file.listed),
    unlistedStored.map(asPresent),
    { maxFiles: Number.POSITIVE_INFINITY, maxFileSizeBytes },
  );
  for (const { file, problem } of [...listed.rejected, ...unlisted.rejected]) {
    note(
      file,
      problem,
      problem === "too_many"
        ? PRINT_FILE_MAX_FILES
        : problem === "too_large"
          ? maxFileSizeMb
          : undefined,
    );
  }

  let rows = stored.length;
  for (const file of candidates) {
    if (problems.has(file)) continue;
    // A vector file is stored with its PNG preview.
    const needed = file.kind && isVectorPrintFile(file.kind) ? 2 : 1;
    if (rows + needed > MAX_STORED_FILES_PER_COMPANY) {
      note(file, "too_many", MAX_STORED_FILES_PER_COMPANY);
    } else {
      rows += needed;
    }
  }

  return {
    accepted: candidates.filter((file) => !problems.has(file)),
    rejected: candidates.flatMap((file) => {
      const rejection = problems.get(file);
      return rejection ? [rejection] : [];
    }),
  };
}
