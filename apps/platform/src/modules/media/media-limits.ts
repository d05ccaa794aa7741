import { PRINT_FILE_MAX_FILES, printFileMaxBytes } from "@kassa/domain";

/** Room for the rest of an upload's body: JSON keys and the description, multipart headers. */
const UPLOAD_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The largest body of a media upload (ADR 0014): as many print files as a company may have, each
 * of the largest size, in base64 (4 characters for 3 bytes), and some room. Every other call keeps
 * the API's 1 MB.
 */
export function mediaBodyLimitBytes(printFileMaxMb: number): number {
  return (
    Math.ceil((PRINT_FILE_MAX_FILES * printFileMaxBytes(printFileMaxMb) * 4) / 3) +
    UPLOAD_OVERHEAD_BYTES
  );
}
