import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.js";
import { HttpError } from "./http-error.js";
import { isMediaUpload, isMultipartContentType } from "./media-paths.js";

/**
 * Whether a `Content-Type` names JSON: `application/json` or a `+json` type
 * (`application/problem+json`), in any case, with no charset or `charset=utf-8` (JSON is UTF-8,
 * RFC 8259 §8.1). Other parameters are ignored.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type = "", ...parameters] = header.split(";").map((part) => part.trim().toLowerCase());
  if (!/^application\/(?:[a-z0-9!#$&^_.-]+\+)?json$/.test(type)) return false;
  return parameters.every((parameter) => {
    const [name, value = ""] = parameter.split("=", 2).map((part) => part.trim());
    return name !== "charset" || value.replace(/^"|"$/g, "") === "utf-8";
  });
}

/** Whether the request carries a body: a non-zero `Content-Length`, or any `Transfer-Encoding`. */
export function hasBody(headers: Headers): boolean {
  if (headers.has("transfer-encoding")) return true;
  const length = headers.get("content-length");
  return length !== null && length.trim() !== "0";
}

/**
 * Every request that carries a body must say it is JSON, else 415 `UNSUPPORTED_MEDIA_TYPE`
 * (before the body is read). Without this a `text/plain` body was parsed as JSON, and a browser
 * can send `text/plain` cross-site without asking first. A request without a body (`POST
 * /enad/get-user/`, `DELETE …`) needs no content type. The media uploads (`POST
 * /api/company-media/`, `POST /api/eps-convert`) also take `multipart/form-data`, and only they.
 */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  // The payment sandboxes' widget pages are HTML forms a shopper posts (their own "host").
  if (c.req.path.startsWith("/sandbox/")) return next();
  // RFC 6749 §4.4.2: the token request is a form; the token endpoint checks its own type.
  if (c.req.path.replace(/\/+$/, "") === "/oauth2/token") return next();
  const contentType = c.req.header("content-type");
  if (isMediaUpload(c.req.method, c.req.path) && isMultipartContentType(contentType)) {
    return next();
  }
  if (hasBody(c.req.raw.headers) && !isJsonContentType(contentType)) {
    throw new HttpError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "A request body must be JSON (Content-Type: application/json)",
    );
  }
  await next();
});
