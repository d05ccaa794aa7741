import { describe, expect, it } from "vitest";
import { hashPassword, SCRYPT_PARAMETERS, verifyPassword } from "./password-hash.js";
import { passwordProblemText } from "./password-rule.js";

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt$N$r$p$salt$hash with a random 16-byte salt and a 64-byte key", async () => {
    const hash = await hashPassword("Kassa12345!");
    const [scheme, n, r, p, salt, key] = hash.split("$");
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual([
      "scrypt",
      SCRYPT_PARAMETERS.N,
      SCRYPT_PARAMETERS.r,
      SCRYPT_PARAMETERS.p,
    ]);
    expect(Buffer.from(salt ?? "", "base64url")).toHaveLength(16);
    expect(Buffer.from(key ?? "", "base64url")).toHaveLength(64);
    expect(hash).not.toContain("Kassa12345!");
    expect(await hashPassword("Kassa12345!")).not.toBe(hash);
  });

  it("accepts the right password only", async () => {
    const hash = await hashPassword("Kassa12345!");
    expect(await verifyPassword("Kassa12345!", hash)).toBe(true);
    expect(await verifyPassword("kassa12345!", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("is deterministic for a given salt (the demo seed)", async () => {
    const salt = Buffer.alloc(16, 7);
    expect(await hashPassword("x1234567890", salt)).toBe(await hashPassword("x1234567890", salt));
  });

  it("treats a missing, malformed or tampered hash as no match", async () => {
    const hash = await hashPassword("Kassa12345!");
    const parts = hash.split("$");
    const tampered = [...parts.slice(0, 5), Buffer.alloc(64).toString("base64url")].join("$");
    for (const stored of [
      null,
      "",
      "Kassa12345!",
      "bcrypt$2b$10$abc",
      tampered,
      hash.replace("$16384$", "$1073741824$"),
      `${hash}$extra`,
    ]) {
      expect(await verifyPassword("Kassa12345!", stored)).toBe(false);
    }
  });
});

describe("passwordProblemText", () => {
  it("follows A§5: ten characters and a digit; special characters are not required", () => {
    expect(passwordProblemText("abcdefghi1")).toBeNull();
    expect(passwordProblemText("abcdefgh1")).toBe("password must contain at least 10 characters");
    expect(passwordProblemText("abcdefghij")).toBe("password must contain a digit");
    expect(passwordProblemText("")).toBe(
      "password must contain at least 10 characters and a digit",
    );
    // Characters, not UTF-16 units: ten letters with diacritics and emoji count as ten.
    expect(passwordProblemText("åäöåäöåä😀1")).toBeNull();
    // The form's rule too (@kassa/domain): 9 characters, though JavaScript's length says 14.
    expect(passwordProblemText("😀😀😀😀😀1234")).toBe(
      "password must contain at least 10 characters",
    );
  });
});
