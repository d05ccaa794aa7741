import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { FileUrlContext } from "./company-file-reply.js";
import type { ConversionQueue } from "./conversion-queue.js";
import type { MediaStore } from "./media-store.js";
import type { FileUrlSigner } from "./signed-urls.js";

/** What the media calls work with; `createApp` builds it once per process (ADR 0014). */
export interface MediaDeps {
  db: Database;
  clock: Clock;
  /** Where the files' bytes are (`KASSA_MEDIA_DIR`). */
  store: MediaStore;
  /** The turns of the heavy work on files, Ghostscript and SVG (`KASSA_CONVERSIONS_AT_ONCE`). */
  conversions: ConversionQueue;
  /** EPS, AI or PostScript to PNG: `convertToPng` of `ghostscript.ts`, with its limits. */
  convertToPng(bytes: Uint8Array): Promise<Uint8Array>;
  /**
   * An uploaded SVG made harmless: `sanitiseSvgApart` (a worker thread, with limits). Throws
   * `UnreadableSvg` when nothing drawable is left.
   */
  sanitiseSvg(bytes: Uint8Array): Promise<string>;
  signer: FileUrlSigner;
  /** Base of the files' absolute URLs (`PUBLIC_URL`). */
  publicUrl: string;
  /** The largest print file, in MB (`KASSA_PRINT_FILE_MAX_MB`). */
  printFileMaxMb: number;
}

/** The context the answers' signed URLs are written in, now. */
export function urlContextOf(deps: MediaDeps): FileUrlContext {
  return { publicUrl: deps.publicUrl, signer: deps.signer, now: deps.clock() };
}
