/**
 * The company media calls (C§7 Media, ADR 0014) differ from the rest of the API in three ways the
 * app-wide middleware has to know before any route runs: their uploads are larger than 1 MB, may
 * be `multipart/form-data`, and their answers are the media wire shapes of `@kassa/api-client`,
 * which have no `{ok, status, data}` envelope although they live under `/api/`.
 */

/** The media calls' paths: the files (`/api/company-media/…`) and the converter. */
export const MEDIA_API_PREFIXES = ["/api/company-media", "/api/eps-convert"] as const;

const UPLOAD_PATHS: ReadonlySet<string> = new Set(MEDIA_API_PREFIXES);

function withoutTrailingSlash(path: string): string {
  return path.replace(/(?<=.)\/+$/, "");
}

/** Whether a path is one of the media calls, under which no answer is in the `/api` envelope. */
export function isMediaApiPath(path: string): boolean {
  return MEDIA_API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Whether a request posts files: `POST /api/company-media/` (JSON with base64, or multipart) and
 * `POST /api/eps-convert` (multipart). Only these take a body over 1 MB, or a multipart one.
 */
export function isMediaUpload(method: string, path: string): boolean {
  return method === "POST" && UPLOAD_PATHS.has(withoutTrailingSlash(path));
}

/** Whether a `Content-Type` is `multipart/form-data` (with its boundary), in any case. */
export function isMultipartContentType(header: string | undefined): boolean {
  return /^multipart\/form-data\s*;/i.test(header?.trim() ?? "");
}
