import { describe, expect, it } from "vitest";
import { createFileUrlSigner, expiryOf, URL_WINDOW_SECONDS } from "./signed-urls.js";

const signer = createFileUrlSigner("a session secret");
const file = { id: "f-1", filename: "Logga svart.png" };
const at = (iso: string) => new Date(iso);

function partsOf(path: string) {
  const url = new URL(path, "http://platform.test");
  return {
    pathname: url.pathname,
    expires: url.searchParams.get("expires") ?? undefined,
    signature: url.searchParams.get("signature") ?? undefined,
  };
}

describe("signed file URLs (ADR 0014)", () => {
  it("names the file and ends the URL at a half-hour boundary 30 to 60 minutes ahead", () => {
    const now = at("2026-11-25T10:05:00Z");
    const { pathname, expires } = partsOf(signer.pathOf(file, now));
    expect(pathname).toBe("/media/company-files/f-1/Logga%20svart.png");
    expect(new Date(Number(expires) * 1000).toISOString()).toBe("2026-11-25T11:00:00.000Z");
    for (const minute of [0, 1, 29, 30, 59]) {
      const time = at(`2026-11-25T10:${String(minute).padStart(2, "0")}:00Z`);
      const ahead = expiryOf(time) - time.getTime() / 1000;
      expect(ahead).toBeGreaterThanOrEqual(URL_WINDOW_SECONDS);
      expect(ahead).toBeLessThanOrEqual(2 * URL_WINDOW_SECONDS);
    }
  });

  it("gives the same URL within one window, so a browser's cache can keep the picture", () => {
    expect(signer.pathOf(file, at("2026-11-25T10:01:00Z"))).toBe(
      signer.pathOf(file, at("2026-11-25T10:29:59Z")),
    );
    expect(signer.pathOf(file, at("2026-11-25T10:29:59Z"))).not.toBe(
      signer.pathOf(file, at("2026-11-25T10:30:01Z")),
    );
  });

  it("holds until its expiry and not after", () => {
    const made = at("2026-11-25T10:05:00Z");
    const { expires, signature } = partsOf(signer.pathOf(file, made));
    expect(signer.verify("f-1", expires, signature, made)).toBe(true);
    expect(signer.verify("f-1", expires, signature, at("2026-11-25T10:59:59Z"))).toBe(true);
    expect(signer.verify("f-1", expires, signature, at("2026-11-25T11:00:00Z"))).toBe(false);
  });

  it("refuses another file's signature, a changed expiry, another key and garbage", () => {
    const now = at("2026-11-25T10:05:00Z");
    const { expires, signature } = partsOf(signer.pathOf(file, now));
    expect(signer.verify("f-2", expires, signature, now)).toBe(false);
    expect(signer.verify("f-1", String(Number(expires) + 1800), signature, now)).toBe(false);
    const other = createFileUrlSigner("another secret");
    expect(other.verify("f-1", expires, signature, now)).toBe(false);
    for (const [e, s] of [
      [undefined, signature],
      [expires, undefined],
      ["soon", signature],
      [expires, `${signature}x`],
      [expires, ""],
    ]) {
      expect(signer.verify("f-1", e, s, now)).toBe(false);
    }
  });

  it("refuses an expiry further ahead than any URL it hands out", () => {
    const later = at("2026-11-25T12:05:00Z");
    const { expires, signature } = partsOf(signer.pathOf(file, later));
    expect(signer.verify("f-1", expires, signature, at("2026-11-25T10:05:00Z"))).toBe(false);
  });
});
