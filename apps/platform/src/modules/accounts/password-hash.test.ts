import { afterEach, describe, expect, it } from "vitest";
import {
  hashGiftCardPin,
  hashPassword,
  needsRehash,
  passwordHashParameters,
  SCRYPT_PARAMETERS,
  usePasswordHashCost,
  verifyPassword,
} from "./password-hash.js";
import { passwordProblemText } from "./password-rule.js";

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt$N$r$p$salt$hash with a random 16-byte salt and a 64-byte key", async () => {
    const hash = await hashPassword("Kassa12345!");
    const [scheme, n, r, p, salt, key] = hash.split("$");
    const current = passwordHashParameters();
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual([
      "scrypt",
      current.N,
      current.r,
      current.p,
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
      [parts[0], 1073741824, ...parts.slice(2)].join("$"),
      // More memory than a password hash needs (2^18 · 8 · 128 bytes = 256 MiB): refused unrun.
      [parts[0], 2 ** 18, ...parts.slice(2)].join("$"),
      `${hash}$extra`,
    ]) {
      expect(await verifyPassword("Kassa12345!", stored)).toBe(false);
    }
  });
});

/** A hash the platform stored before issue 28 (N=2^14), of the password "Gammalt-losen-2014". */
const HASH_OF_BEFORE =
  "scrypt$16384$8$1$KioqKioqKioqKioqKioqKg$ohnyW0RUM_UefWRlIYB8C1wcz3oDGnGlztZY2ThhqAVelNokrj2jf9VMJNqf2-1yZmnR-p6GTV7PLJM_2h0bzQ";

describe("the cost (issue 28, ADR 0035)", () => {
  afterEach(() => usePasswordHashCost("test"));

  it("new password hashes carry OWASP's floor, N=2^17, r=8, p=1 (128 MiB)", async () => {
    usePasswordHashCost("standard");
    expect(SCRYPT_PARAMETERS).toEqual({ N: 131_072, r: 8, p: 1 });
    const hash = await hashPassword("Kassa12345!");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("Kassa12345!", hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it("a hash of before still verifies, and asks to be made again; so does one of the test cost", async () => {
    usePasswordHashCost("standard");
    expect(await verifyPassword("Gammalt-losen-2014", HASH_OF_BEFORE)).toBe(true);
    expect(await verifyPassword("Gammalt-losen-2015", HASH_OF_BEFORE)).toBe(false);
    expect(needsRehash(HASH_OF_BEFORE)).toBe(true);
    usePasswordHashCost("test");
    const cheap = await hashPassword("Kassa12345!");
    expect(needsRehash(cheap)).toBe(false);
    usePasswordHashCost("standard");
    expect(needsRehash(cheap)).toBe(true);
    expect(await verifyPassword("Kassa12345!", cheap)).toBe(true);
  });

  it("gift-card PINs keep N=2^14 and verify with verifyPassword, at either password cost", async () => {
    const pinHash = await hashGiftCardPin("1234");
    expect(pinHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    for (const cost of ["standard", "test"] as const) {
      usePasswordHashCost(cost);
      expect(await verifyPassword("1234", pinHash)).toBe(true);
      expect(await verifyPassword("1235", pinHash)).toBe(false);
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
