import { printFileMaxBytes } from "@kassa/domain";
import type { PrintFileLimitsView } from "./print-files-view";

/**
 * How much an upload post may carry: every file at the size limit, and room for the form's other
 * fields and the multipart framing. A bigger post is refused before it is read: by the server
 * for the company route (`server/body-limit.ts`), which imports this without the route's modules.
 */
export function maxUploadBodyBytes(limits: PrintFileLimitsView): number {
  return limits.maxFiles * printFileMaxBytes(limits.maxSizeMb) + 1024 * 1024;
}
