import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { seal, sealedCookie, sealingKey, unseal } from "./sealed-cookie.server";

/** Issue 38: a cookie that keeps a secret is encrypted and authenticated, not only signed. */

const SECRET = "a session secret of the test, long enough to be one";

describe("sealed cookies", () => {
  it("opens what it sealed, with a new nonce every time", () => {
    const key = sealingKey(SECRET, "giftCards");
    const first = seal("6000000000001000:1234", key, "giftCards");
    const second = seal("6000000000001000:1234", key, "giftCards");
    expect(first).toMatch(/^v1\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(unseal(first, key, "giftCards")).toBe("6000000000001000:1234");
    expect(unseal(second, key, "giftCards")).toBe("6000000000001000:1234");
  });

  it("opens nothing sealed under another secret or purpose, tampered, or of another version", () => {
    const key = sealingKey(SECRET, "giftCards");
    const sealed = seal("secret", key, "giftCards");
    expect(unseal(sealed, sealingKey(`${SECRET}, rotated`, "giftCards"), "giftCards")).toBeNull();
    expect(unseal(sealed, sealingKey(SECRET, "other"), "other")).toBeNull();
    expect(unseal(sealed, key, "other")).toBeNull();
    const body = sealed.slice(3);
    const flipped = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(unseal(`v1.${flipped}`, key, "giftCards")).toBeNull();
    expect(unseal(`v2.${body}`, key, "giftCards")).toBeNull();
    expect(unseal(`v1.${body.slice(0, 10)}`, key, "giftCards")).toBeNull();
    for (const junk of ["", "v1.", "v1.@@", `${sealed}.x`, null, 12, { v: 1 }]) {
      expect(unseal(junk, key, "giftCards")).toBeNull();
    }
  });

  it("keeps the cookie's flags, and reads a value it did not write as nothing", async () => {
    const plain = createCookie("giftCards", { httpOnly: true, sameSite: "lax", path: "/" });
    const cookie = sealedCookie(plain, SECRET, "giftCards");
    const header = await cookie.serialize([{ code: "6000000000001000", pin: "1234" }]);
    expect(header).toMatch(/^giftCards=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const pair = header.split(";")[0] ?? "";
    expect(await cookie.parse(pair)).toEqual([{ code: "6000000000001000", pin: "1234" }]);
    // The format before issue 38 (signed JSON), and a plain one, open as nothing.
    const signed = createCookie("giftCards", { secrets: [SECRET] });
    for (const older of [signed, plain]) {
      const written = await older.serialize([{ code: "1", pin: "1" }]);
      expect(await cookie.parse(written.split(";")[0] ?? "")).toBeNull();
    }
    expect(await cookie.parse(null)).toBeNull();
    expect(() => sealedCookie(signed, SECRET, "giftCards")).toThrow(/unsigned/);
  });
});
