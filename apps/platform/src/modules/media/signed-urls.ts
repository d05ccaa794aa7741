import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring URLs of company files (ADR 0014): an `<img>` cannot send a bearer token, and a
 * URL handed to a member must stop working some time after their membership does. The signature is
 * an HMAC-SHA256 of the file id and the expiry, under a key derived (HKDF) from `SESSION_SECRET`,
 * so that no token of another kind can pass for a signature or the other way round.
 *
 * Expiries are rounded up to the next half-hour window, at least 30 minutes ahead: a URL stays the
 * same for a while (the browser's cache keeps the picture, the card's HTML does not change on every
 * load) and is valid 30 to 60 minutes.
 */

/** The width of an expiry window, and the least time a URL is valid: 30 minutes. */
export const URL_WINDOW_SECONDS = 30 * 60;

export interface FileUrlSigner {
  /** The signed path and query of a file: `/media/company-files/{id}/{name}?expires=&signature=`. */
  pathOf(file: { id: string; filename: string }, now: Date): string;
  /**
   * Whether a URL's `expires` and `signature` are good for this file id at this time. Bad, expired
   * and too-far-ahead answer the same `false`.
   */
  verify(
    id: string,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): boolean;
}

/** The expiry (Unix seconds) of a URL made at `now`: the end of the half hour after the next. */
export function expiryOf(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return Math.ceil((seconds + URL_WINDOW_SECONDS) / URL_WINDOW_SECONDS) * URL_WINDOW_SECONDS;
}

export function createFileUrlSigner(sessionSecret: string): FileUrlSigner {
  const key = Buffer.from(
    hkdfSync("sha256", sessionSecret, "kassa company files", "media url signature", 32),
  );
  const signatureOf = (id: string, expires: number) =>
    createHmac("sha256", key).update(`${id}\n${expires}`).digest("base64url");

  return {
    pathOf(file, now) {
      const expires = expiryOf(now);
      const query = new URLSearchParams({
        expires: String(expires),
        signature: signatureOf(file.id, expires),
      });
      return `/media/company-files/${encodeURIComponent(file.id)}/${encodeURIComponent(file.filename)}?${query}`;
    },
    verify(id, expires, signature, now) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      const seconds = now.getTime() / 1000;
      // Never beyond what `pathOf` hands out: a longer-lived URL would need the key.
      if (at <= seconds || at > seconds + 2 * URL_WINDOW_SECONDS) return false;
      const expected = Buffer.from(signatureOf(id, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
