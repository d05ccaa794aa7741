import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.js";
import { MEDIA_API_PREFIXES } from "./media-paths.js";
import { WISHLIST_API_PREFIX } from "./plain-api-paths.js";

/**
 * Path prefixes whose answers carry a token or personal data: the account API (tokens, names,
 * addresses) and the shopper session (session token, cart, company attributes). No cache may keep
 * them: a shared proxy could hand one shopper's answer to the next. Public catalogue reads
 * (`/shopper/prices`, `/shopper/stocks`, `/media`) keep whatever they send.
 */
const PRIVATE_PREFIXES = [
  "/enad",
  "/api/enad",
  "/shopper/sessions",
  "/shopper-retain24",
  "/shopper-kco",
  "/shopper-qliro",
  "/shopper-avarda",
  "/shopper-walley",
  "/shopper-adyen",
  "/sandbox",
  // Orders: personal data, and the management API's answers and tokens.
  "/brink",
  "/order",
  "/oauth2",
  // Company files: who has which files, and signed URLs to them.
  ...MEDIA_API_PREFIXES,
  // A user's wishlist; the newsletter's answers and the marketing contacts (personal data).
  WISHLIST_API_PREFIX,
  "/marketing",
];

function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Headers every answer gets, errors and 404s included (set after the handler and the error
 * handler have made the response):
 * - `X-Content-Type-Options: nosniff`: a browser never reads a JSON error as HTML or script.
 * - `Cache-Control: no-store` under {@link PRIVATE_PREFIXES}.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  if (isPrivatePath(c.req.path)) c.header("Cache-Control", "no-store");
});
