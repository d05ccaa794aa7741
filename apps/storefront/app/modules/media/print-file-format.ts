import { BYTES_PER_MB } from "@kassa/domain";

/** A file's format as people name it: the content type's, or for PostScript the extension's. */
export function printFileFormat(mimeType: string, filename: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toUpperCase();
  switch (mimeType) {
    case "image/png":
      return "PNG";
    case "image/jpeg":
      return "JPEG";
    case "image/gif":
      return "GIF";
    case "image/webp":
      return "WebP";
    case "image/svg+xml":
      return "SVG";
    case "application/pdf":
      return extension === "AI" ? "AI" : "PDF";
    case "application/postscript":
      return extension === "AI" || extension === "EPS" ? extension : "PostScript";
    default:
      return extension ?? mimeType;
  }
}

/** Bytes as `340 kB` or `1,2 MB` in the page's language (C§5 counts a MB as 1024 × 1024). */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= BYTES_PER_MB
      ? [bytes / BYTES_PER_MB, "megabyte"]
      : bytes >= 1024
        ? [bytes / 1024, "kilobyte"]
        : [bytes, "byte"];
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit,
    unitDisplay: "short",
    maximumFractionDigits: unit === "byte" ? 0 : 1,
  }).format(value);
}
