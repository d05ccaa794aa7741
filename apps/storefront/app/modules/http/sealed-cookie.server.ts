import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie } from "@remix-run/node";

/**
 * Cookies that keep a secret (issue 38, ADR 0049): the value is encrypted and authenticated
 * (AES-256-GCM), not only signed, so that whoever holds the browser's cookies, a proxy's log or a
 * leaked request reads nothing of it, and a value the shop did not write opens as nothing.
 *
 * The value on the wire is `v1.<base64url(nonce ‖ ciphertext ‖ tag)>`: a fresh 96-bit nonce per
 * write; the key is HKDF-SHA256 of `SESSION_SECRET` with the cookie's purpose as its label, so
 * each purpose has its own key and none is the session secret itself. The purpose is also the
 * additional data, so a value sealed for one purpose never opens as another's. Anything else (an
 * older format, another version, a value sealed under a secret since rotated, a tampered byte)
 * opens as `null`: read as no value, never an error.
 */

/** The format written today; a value of any other version opens as nothing. */
const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's salt: fixed, public, this use's own (the secret is the input key material). */
const SALT = "kassa storefront sealed cookie";

/** The 256-bit key for `purpose`, derived from `secret`. */
export function sealingKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, SALT, `${purpose} ${VERSION}`, 32));
}

/** `plaintext` encrypted under `key`, bound to `purpose`, as a cookie-safe string. */
export function seal(plaintext: string, key: Buffer, purpose: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The plaintext of a value {@link seal} wrote with this key and purpose; `null` for any other. */
export function unseal(sealed: unknown, key: Buffer, purpose: string): string | null {
  if (typeof sealed !== "string") return null;
  const [version, data, ...rest] = sealed.split(".");
  if (version !== VERSION || !data || rest.length > 0 || !/^[\w-]+$/.test(data)) return null;
  const bytes = Buffer.from(data, "base64url");
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(purpose, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const opened = Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return opened.toString("utf8");
  } catch {
    return null; // tampered, or sealed under another key
  }
}

/**
 * `cookie` (declared unsigned, with its flags) whose values are JSON sealed with a key of
 * `secret` for `purpose`. `parse` answers `null` for a missing cookie and for any value that does
 * not open; `serialize` seals whatever it is given (an expiry's empty value too).
 */
export function sealedCookie(cookie: Cookie, secret: string, purpose: string): Cookie {
  if (cookie.isSigned) throw new Error(`${cookie.name}: a sealed cookie is declared unsigned`);
  const key = sealingKey(secret, purpose);
  return {
    get name() {
      return cookie.name;
    },
    // Authenticated: a value the shop did not write is never taken.
    isSigned: true,
    get expires() {
      return cookie.expires;
    },
    async parse(header, options) {
      const opened = unseal(await cookie.parse(header, options), key, purpose);
      if (opened === null) return null;
      try {
        return JSON.parse(opened);
      } catch {
        return null;
      }
    },
    serialize(value, options) {
      return cookie.serialize(seal(JSON.stringify(value), key, purpose), options);
    },
  };
}
