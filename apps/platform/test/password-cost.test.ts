/**
 * Issue 28: password hashes were scrypt N=2^14, below OWASP's floor (2^17, r=8, p=1). New hashes
 * get the floor; a hash of before still logs in and is replaced at that login (ADR 0035). This file
 * runs the platform at the standard cost, which the rest of the suite leaves for a test cost.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { usePasswordHashCost } from "../src/modules/accounts/password-hash.js";
import { SEED_PASSWORD, SEED_USERS } from "../src/seed/fixtures.js";
import { logIn, signUp, verifiedUser } from "./support/accounts.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

/** A hash the platform stored before issue 28 (N=2^14), of the password "Gammalt-losen-2014". */
const HASH_OF_BEFORE =
  "scrypt$16384$8$1$KioqKioqKioqKioqKioqKg$ohnyW0RUM_UefWRlIYB8C1wcz3oDGnGlztZY2ThhqAVelNokrj2jf9VMJNqf2-1yZmnR-p6GTV7PLJM_2h0bzQ";
const PASSWORD_OF_BEFORE = "Gammalt-losen-2014";

const TODAYS = /^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/;

beforeAll(async () => {
  usePasswordHashCost("standard");
  // The seed's own hash is checked at the standard cost: seeded here, at that cost.
  platform = await startTestPlatform({ seed: "fresh" });
});

afterAll(async () => {
  await platform?.close();
});

async function storedHash(userId: string): Promise<string | null | undefined> {
  const [row] = await platform.db.select().from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

describe("password hashes at OWASP's floor", () => {
  it("a signup, and the seed, store N=2^17, r=8, p=1", async () => {
    const { user } = await signUp(platform);
    expect(await storedHash(user.id)).toMatch(TODAYS);
    expect(await storedHash(SEED_USERS.customer.id)).toMatch(TODAYS);
    expect((await logIn(platform, SEED_USERS.customer.email, SEED_PASSWORD)).status).toBe(200);
  });

  it("a hash of before logs in, and that login replaces it by one of today; nothing else does", async () => {
    const { user, payload } = await verifiedUser(platform);
    await platform.db
      .update(users)
      .set({ passwordHash: HASH_OF_BEFORE })
      .where(eq(users.id, user.id));

    // A wrong password leaves the old hash alone.
    expect((await logIn(platform, payload.email, "Fel-losen-2014")).status).toBe(401);
    expect(await storedHash(user.id)).toBe(HASH_OF_BEFORE);

    expect((await logIn(platform, payload.email, PASSWORD_OF_BEFORE)).status).toBe(200);
    const replaced = await storedHash(user.id);
    expect(replaced).toMatch(TODAYS);

    // The new hash is the same password's, and is not made again at the next login.
    expect((await logIn(platform, payload.email, PASSWORD_OF_BEFORE)).status).toBe(200);
    expect(await storedHash(user.id)).toBe(replaced);
  });
});
