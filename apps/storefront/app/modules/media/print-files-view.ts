import type { LogoType } from "@kassa/domain";

/**
 * What the print files card shows (C§2, C§3): plain values shaped for the page, never the
 * platform's whole answers.
 */

export interface PrintFileRow {
  id: string;
  filename: string;
  /** Opens the file: a picture in the browser, anything else as a download. */
  url: string;
  /** The same file as an attachment (`download=1`). */
  downloadUrl: string;
  /** A picture of the file: the file itself (an image, an SVG) or its converted PNG; else null. */
  previewUrl: string | null;
  /** C§4: a vector file shown by the PNG drawn from it. */
  converted: boolean;
  size: number;
  /** The size in the page's language (`1,2 MB`). */
  sizeText: string;
  /** `PNG`, `SVG`, `EPS`, `PDF`, … */
  format: string;
  logoType: LogoType;
  description: string;
}

/** C§5: what the widget allows, as configured. */
export interface PrintFileLimitsView {
  maxFiles: number;
  maxSizeMb: number;
}

export type PrintFilesView = {
  /** C§6: upload, change and delete (the company's admins and super admins). */
  canManage: boolean;
  limits: PrintFileLimitsView;
  /** Makes a double-submitted upload one upload (the idempotency keys of its files). */
  submissionId: string;
} & ({ status: "loaded"; rows: PrintFileRow[] } | { status: "failed"; message: string; rows: [] });

export interface PrintFilesToast {
  variant: "success" | "error";
  title: string;
  description?: string;
}

/** The answer of a print files post that did not end in a redirect. */
export interface PrintFilesActionData {
  kind: "print-files";
  intent: "upload-files" | "update-file" | "delete-file";
  /** C§5, C§8: one message per file that was not uploaded, shown under the drop zone. */
  problems: string[];
  /** C§8: the toast of the failure (with JavaScript; an alert in the card without). */
  toast: PrintFilesToast;
  /** The file an update or removal was about. */
  fileId?: string;
  /** An update's field errors, translated. */
  fieldErrors?: { logoType?: string[]; description?: string[] };
}
