import type { IncomingMessage } from "node:http";
import morgan from "morgan";

/**
 * Words that make a query parameter a secret (or personal): a password-reset or signup link's
 * `token` is a login in all but name (docs/security.md), and gift-card codes and PINs are money.
 * A parameter is redacted when one of the words of its name (`access_token`, `giftCardPin`,
 * `X-Amz-Signature`) is one of these.
 */
const SECRET_WORDS = new Set([
  "token",
  "code",
  "key",
  "apikey",
  "secret",
  "signature",
  "sig",
  "hmac",
  "pin",
  "password",
  "passwd",
  "pwd",
  "pass",
  "auth",
  "otp",
  "nonce",
  "session",
  "sessionid",
  "credential",
  "credentials",
  "jwt",
  "ticket",
  "email",
]);

function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    // A name that is not valid percent-encoding is judged as it is.
  }
  const words = decoded
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word));
}

/** The URL with the value of every secret-looking query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretName(name) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, start)}?${query}`;
}

/**
 * One line per request, as remix-serve wrote it (morgan's `tiny`: method, URL, status, length,
 * time), with secrets in the query redacted (ADR 0033).
 */
export function accessLog(stream?: NodeJS.WritableStream) {
  morgan.token("redacted-url", (req: IncomingMessage & { originalUrl?: string }) =>
    redactUrl(req.originalUrl ?? req.url ?? ""),
  );
  return morgan(":method :redacted-url :status :res[content-length] - :response-time ms", {
    stream,
  });
}
