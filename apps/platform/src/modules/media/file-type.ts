import type { PrintFileKind } from "@kassa/domain";

/**
 * What a file is, by its first bytes, never by its name (C§5 upload rules; a PNG renamed `.eps`
 * is a PNG). Only the kinds a print file may be are recognised; anything else is `undefined`.
 */

export type PrintFileType = "png" | "jpeg" | "gif" | "webp" | "pdf" | "ai" | "eps" | "ps" | "svg";

/** Content types the files are served with. */
export const PRINT_FILE_CONTENT_TYPES: Record<PrintFileType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  ai: "application/postscript",
  eps: "application/postscript",
  ps: "application/postscript",
  svg: "image/svg+xml",
};

/** The upload rules' kind (`checkPrintFileUploads` of `@kassa/domain`) of a type found by content. */
export const PRINT_FILE_KINDS: Record<PrintFileType, PrintFileKind> = {
  png: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  pdf: "pdf",
  ai: "ai",
  eps: "eps",
  ps: "ps",
  svg: "svg",
};

/** Pictures a browser shows by themselves: served `inline`; the others are downloads. */
export function isPicture(type: PrintFileType): boolean {
  return PRINT_FILE_KINDS[type] === "image" || type === "svg";
}

/** The kinds Ghostscript turns into a PNG preview (C§4 "vector files converted"). */
export function needsConversion(type: PrintFileType): boolean {
  return type === "eps" || type === "ai" || type === "ps";
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The DOS EPS binary header (C5 D0 D3 C6) that wraps PostScript with a TIFF or WMF preview. */
const DOS_EPS = [0xc5, 0xd0, 0xd3, 0xc6];

export function sniffFileType(bytes: Uint8Array): PrintFileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, DOS_EPS)) return "eps";
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.startsWith("%PDF-")) {
    // Illustrator files since CS are PDFs that say so in their first kilobyte.
    return /Illustrator|AIPrivateData/.test(head) ? "ai" : "pdf";
  }
  if (head.startsWith("%!PS")) {
    const firstLine = head.split(/\r\n|\r|\n/, 1)[0] ?? "";
    if (/EPSF-/.test(firstLine)) return /Illustrator/.test(head) ? "ai" : "eps";
    return "ps";
  }
  // SVG is text: an optional BOM, XML declaration, comments or a doctype, then <svg.
  // (UTF-8, whose decoder drops a byte order mark).
  const text = new TextDecoder("utf-8").decode(bytes.subarray(0, 1024)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) {
    return "svg";
  }
  return undefined;
}
