import { z } from "zod";
import { formText } from "./form-values.js";
import { VALIDATION_MESSAGES } from "./messages.js";

/** Where a path is resolved to see which host a browser would go to. */
const PROBE_ORIGIN = "http://redirect-check.invalid";

/** How many layers of percent-encoding are looked through before a value is refused. */
const MAX_DECODE_ROUNDS = 3;

/**
 * No `//` or `/\` at the start, no backslash anywhere, no control character; and no dot segments
 * that resolve to a path starting with `//` (`/a/..//host`, `/a/%2e%2e//host`): code that
 * normalises the path (`new URL(path, base).pathname`) and sends the result would send `//host`.
 */
function hasSiteShape(path: string): boolean {
  if (!path.startsWith("/") || path[1] === "/") return false;
  for (let index = 0; index < path.length; index++) {
    const code = path.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c /* \ */) return false;
  }
  try {
    return !new URL(path, `${PROBE_ORIGIN}/`).pathname.startsWith("//");
  } catch {
    return false;
  }
}

/**
 * `%XX` escapes of ASCII characters decoded, everything else (escapes of other bytes, a `%` that
 * starts no escape) left as it is: enough to reveal a hidden `/`, `\`, control character or `%`,
 * and unlike `decodeURIComponent` it never throws, as lenient decoders elsewhere do not either.
 */
function decodeAsciiEscapes(value: string): string {
  return value.replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** The path of `target`, without its query and fragment. */
function pathPart(target: string): string {
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

/**
 * True for a path on this site, safe to send as a `Location`. It must start with one `/`:
 *
 * - `//host` and `/\host` are read by browsers as another host, so every backslash is refused;
 * - control characters (tab, newline) are dropped by URL parsers, which turns `/\t/host` into
 *   `//host`; anything outside printable ASCII (spaces included) is refused too, since a URL the
 *   site itself builds is always percent-encoded;
 * - percent-encoded forms of those in the path (`/%2F%2Fhost`, `/%5Chost`, `/%09/host`, also
 *   encoded twice) are refused, so a server or proxy that decodes the path once more cannot be
 *   led off the site; the query and fragment are the site's encoded values (`?lines=a%0Ab`);
 * - absolute URLs (`https://host`, `javascript:…`) do not start with `/`;
 * - dot segments that resolve to `//host` (`/a/..//host`) are refused, so code that normalises a
 *   path before sending it cannot be led off the site either.
 *
 * As a last check the path is resolved as a browser would and must stay on the same origin.
 */
export function isSafeRedirectPath(path: string): boolean {
  if (typeof path !== "string") return false;
  for (let index = 0; index < path.length; index++) {
    const code = path.charCodeAt(index);
    if (code <= 0x20 || code >= 0x7f) return false;
  }
  if (!hasSiteShape(path)) return false;

  // Look through percent-encoding, as a server or proxy that decodes the path again would. Only
  // the path: what follows `?` or `#` cannot change the host a browser goes to, and holds the
  // site's own encoded values (a quick order's lines carry `%0A` between them).
  let current = pathPart(path);
  for (let round = 0; ; round++) {
    const decoded = decodeAsciiEscapes(current);
    if (decoded === current) break;
    if (!hasSiteShape(decoded) || round === MAX_DECODE_ROUNDS) return false;
    current = decoded;
  }

  try {
    return new URL(path, `${PROBE_ORIGIN}/`).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** An optional same-site path to go to after the action (the no-JavaScript 303 of a form). */
export const redirectToSchema = formText(
  z.string().refine(isSafeRedirectPath, { error: VALIDATION_MESSAGES.invalid }).optional(),
);
