import { MEDIA_MESSAGES, printFileMaxBytes, printFileText } from "@kassa/domain";
import { HttpError } from "../../http/http-error.js";
import { ConverterBusy } from "./conversion-queue.js";
import { storableFileName } from "./file-names.js";
import { needsConversion, sniffFileType } from "./file-type.js";
import { ConversionError } from "./ghostscript.js";
import type { MediaDeps } from "./media-deps.js";
import { converterBusy } from "./media-errors.js";
import type { IncomingFile } from "./upload-input.js";

const CONVERSION_FAILED = MEDIA_MESSAGES.conversionFailed;

/**
 * `POST /api/eps-convert` (C§7): an EPS, AI or PostScript file drawn as a PNG, stored nowhere. The
 * file is judged as an upload is (by its first bytes, at most the print files' size) and waits its
 * turn in the same conversion queue. A failure's `message` is the converter's reason, which the
 * card shows (C§8: "conversion response text is used as the error").
 */
export async function convertFile(
  deps: Pick<MediaDeps, "conversions" | "convertToPng" | "printFileMaxMb">,
  file: IncomingFile,
): Promise<Uint8Array> {
  const name = storableFileName(file.name);
  if (file.bytes.byteLength > printFileMaxBytes(deps.printFileMaxMb)) {
    throw new HttpError(
      413,
      CONVERSION_FAILED,
      printFileText("too_large", { file: name, max: deps.printFileMaxMb }),
    );
  }
  const type = sniffFileType(file.bytes);
  if (!type || !needsConversion(type)) {
    throw new HttpError(
      400,
      CONVERSION_FAILED,
      printFileText("type_not_supported", { file: name }),
    );
  }
  try {
    return await deps.conversions.run(() => deps.convertToPng(file.bytes));
  } catch (error) {
    if (error instanceof ConverterBusy) throw converterBusy(CONVERSION_FAILED);
    if (error instanceof ConversionError)
      throw new HttpError(422, CONVERSION_FAILED, error.message);
    throw error;
  }
}
