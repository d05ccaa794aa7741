/**
 * What never reaches a log line (ADR 0039): secrets (passwords, tokens, session and API keys,
 * authorization and cookie headers) and personal data (email addresses). Three nets, since a
 * value can arrive in three ways: as a field of a logged object (pino's `redact` paths below), in
 * a URL's query (`redactUrl`), or inside a message text (`scrubText`).
 */

export { REDACTED, redactUrl, scrubText } from "@kassa/node-server/redaction";

/** Field names whose values are secrets or personal data, wherever they sit in a logged object. */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "access_token",
  "refresh_token",
  "secret",
  "clientSecret",
  "client_secret",
  "authorization",
  "cookie",
  "email",
  // The shop's own credential (ADR 0048), as an option and as its header.
  "storefrontToken",
  "kassa-storefront-token",
];

/**
 * pino's `redact.paths`: each field at the top and up to two objects deep (`body.password`,
 * `req.body.password`), and the request and response headers that carry credentials.
 */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
];
