import type { CompanyFileRejection } from "@kassa/api-client";
import { isListedPrintFile, MEDIA_MESSAGES, printFileMaxBytes, printFileText } from "@kassa/domain";
import type { CompanyFileRow } from "../../db/schema.js";
import { ConverterBusy } from "./conversion-queue.js";
import { storableFileName } from "./file-names.js";
import {
  needsConversion,
  PRINT_FILE_KINDS,
  type PrintFileType,
  sniffFileType,
} from "./file-type.js";
import { ConversionError } from "./ghostscript.js";
import type { MediaDeps } from "./media-deps.js";
import { converterBusy, uploadRefused } from "./media-errors.js";
import { UnreadableSvg } from "./svg-sanitiser.js";
import type { IncomingFile, UploadRequest } from "./upload-input.js";
import { checkUploadRules, type UploadCandidate, type UploadRejection } from "./upload-rules.js";

/**
 * An upload's files made ready to store, before anything is stored (ADR 0014): each file's type
 * found from its first bytes, C§5's rules checked, an SVG sanitised, an EPS, AI or PostScript file
 * drawn as a PNG. Any refusal refuses the whole upload (all or nothing), answered with every
 * refused file.
 */

/** A file of the upload, by what it is. */
export interface UploadFile extends UploadCandidate {
  /** The name to keep (made storable; made unique when stored). */
  name: string;
  /** By content; undefined for anything a print file may not be. */
  type: PrintFileType | undefined;
  bytes: Uint8Array;
}

/** A file ready to store: the bytes to keep (a sanitised SVG), and a vector file's PNG. */
export interface PreparedFile extends UploadFile {
  type: PrintFileType;
  preview?: Uint8Array;
}

export function uploadFilesOf(request: UploadRequest): UploadFile[] {
  return request.files.map((file: IncomingFile) => {
    const name = storableFileName(file.name);
    const type = sniffFileType(file.bytes);
    return {
      name,
      size: file.bytes.byteLength,
      type,
      kind: type ? PRINT_FILE_KINDS[type] : undefined,
      bytes: file.bytes,
      listed: isListedPrintFile({ filename: name, custom_fields: { hide: request.hide } }),
    };
  });
}

/** The wire's refused file, with the rule's English text. */
export function rejectionOf({
  file,
  problem,
  max,
}: UploadRejection<UploadFile>): CompanyFileRejection {
  return {
    filename: file.name,
    problem,
    message: printFileText(problem, { file: file.name, max }),
  };
}

/** Checks the rules against the company's files; throws the refusal when any file breaks one. */
export function refuseBrokenRules(
  files: readonly UploadFile[],
  stored: readonly CompanyFileRow[],
  deps: Pick<MediaDeps, "printFileMaxMb">,
): void {
  const check = checkUploadRules(files, stored, {
    maxFileSizeBytes: printFileMaxBytes(deps.printFileMaxMb),
    maxFileSizeMb: deps.printFileMaxMb,
  });
  if (check.rejected.length > 0) throw uploadRefused(check.rejected.map(rejectionOf));
}

/** Runs a piece of heavy work in the conversion queue; a full queue answers 503. */
async function inTurn<T>(deps: Pick<MediaDeps, "conversions">, work: () => Promise<T>) {
  try {
    return await deps.conversions.run(work);
  } catch (error) {
    if (error instanceof ConverterBusy) throw converterBusy(MEDIA_MESSAGES.uploadFailed);
    throw error;
  }
}

/**
 * Sanitises the SVGs (all of them, so every unreadable one is named at once), then converts the
 * vector files one by one, stopping at the first that fails: the upload is refused whatever the
 * others would do, and each conversion costs a process. Both take their turn in the conversion
 * queue: each takes a core for up to 15 s.
 */
export async function prepareUploads(
  files: readonly UploadFile[],
  deps: Pick<MediaDeps, "conversions" | "convertToPng" | "sanitiseSvg">,
): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  const unreadable: CompanyFileRejection[] = [];
  for (const file of files) {
    if (!file.type) throw new Error("prepareUploads takes files that passed the rules");
    if (file.type !== "svg") {
      prepared.push({ ...file, type: file.type });
      continue;
    }
    try {
      const svg = await inTurn(deps, () => deps.sanitiseSvg(file.bytes));
      const bytes = new TextEncoder().encode(svg);
      // What is stored is what counts from here on: the same SVG sent again is the same file.
      prepared.push({ ...file, type: "svg", bytes, size: bytes.byteLength });
    } catch (error) {
      if (!(error instanceof UnreadableSvg)) throw error;
      unreadable.push(rejectionOf({ file, problem: "unreadable" }));
    }
  }
  if (unreadable.length > 0) throw uploadRefused(unreadable);

  for (const file of prepared) {
    if (!needsConversion(file.type)) continue;
    try {
      file.preview = await inTurn(deps, () => deps.convertToPng(file.bytes));
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      throw uploadRefused([rejectionOf({ file, problem: "conversion_failed" })]);
    }
  }
  return prepared;
}
