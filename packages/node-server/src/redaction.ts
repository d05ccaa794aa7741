/**
 * What never reaches a log line of either server (ADR 0039, ADR 0040): secrets (passwords,
 * tokens, session and API keys) and personal data (email addresses) in a URL's query or in a
 * message text. The platform adds pino's field paths for logged objects (its `logging/redaction.ts`).
 */

/** What a redacted value is replaced with. */
export const REDACTED = "[redacted]";

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

/**
 * A path and query with the value of every secret-looking query parameter replaced, and every
 * email address (in the path too) scrubbed.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return scrubText(url);
  const query = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretName(name) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return scrubText(`${url.slice(0, start)}?${query}`);
}

/**
 * An email address, also percent-encoded (`anna%40example.se`, as it stands in a URL): the local
 * part, an at sign, and a domain with a dot.
 */
const EMAIL = /[^\s@"'<>()[\]{},;:/?&=]+(?:@|%40)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/** A text with every email address in it replaced. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, REDACTED);
}
