import type { AccountFailure, CurrentUser, LoginResult } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, organisations, users } from "../src/db/schema.js";
import { verifyPassword } from "../src/modules/accounts/password-hash.js";
import { SEED_ORGANISATIONS, SEED_PASSWORD, SEED_USERS } from "../src/seed/fixtures.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function login(email: string) {
  return platform.request<LoginResult & AccountFailure>("POST", "/enad/login/", {
    body: { email, password: SEED_PASSWORD },
  });
}

describe("demo accounts (SEED_USERS)", () => {
  it("uses the documented password, which meets the password rule", () => {
    expect(SEED_PASSWORD).toBe("Kassa12345!");
    for (const user of Object.values(SEED_USERS)) expect(user.password).toBe(SEED_PASSWORD);
  });

  for (const [key, user] of Object.entries(SEED_USERS)) {
    it(`${key} (${user.email}) logs in as promised: ${user.login}`, async () => {
      const { status, body } = await login(user.email);
      if (user.login !== "ok") {
        expect(status).toBe(403);
        expect(body.details).toBe(user.login);
        return;
      }
      expect(status).toBe(200);
      expect(body.user).toMatchObject({
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        store_group_id: user.storeGroup,
        market: user.market,
        language: user.language,
      });
      expect(
        body.user.organisations.map((org) => ({
          organisation: org.organisation_number,
          role: org.role,
          level: org.level,
        })),
      ).toEqual(
        user.organisations.map((membership) => ({
          organisation: SEED_ORGANISATIONS[membership.organisation].organisationNumber,
          role: membership.role,
          level: membership.level,
        })),
      );
      const current = await platform.request<CurrentUser>("POST", "/enad/get-user/", {
        token: body.access_token,
      });
      expect(current.body).toMatchObject({
        is_super_admin: user.isSuperAdmin,
        email_verified: user.emailVerified,
        country_code: user.countryCode,
      });
    });
  }

  it("stores each user with its role, status and an scrypt hash of the password", async () => {
    for (const user of Object.values(SEED_USERS)) {
      const [row] = await platform.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        role: user.role,
        status: user.status,
        emailVerified: user.emailVerified,
      });
      expect(await verifyPassword(SEED_PASSWORD, row?.passwordHash ?? null)).toBe(true);
    }
  });

  it("gives each organisation its facts and one default billing and shipping address", async () => {
    for (const org of Object.values(SEED_ORGANISATIONS)) {
      const [row] = await platform.db
        .select()
        .from(organisations)
        .where(eq(organisations.id, org.id));
      expect(row).toMatchObject({
        name: org.name,
        organisationNumber: org.organisationNumber,
        taxIdVatNumber: org.taxIdVatNumber,
        status: "active",
        storeGroups: ["business"],
      });
      const rows = await platform.db
        .select()
        .from(addresses)
        .where(eq(addresses.companyId, org.id));
      expect(
        rows.map((address) => [address.kind, address.isDefault, address.country]).sort(),
      ).toEqual([
        ["billing", true, org.country],
        ["shipping", true, org.country],
      ]);
    }
  });

  it("is deterministic: the same hash on every seed", async () => {
    const [row] = await platform.db
      .select()
      .from(users)
      .where(eq(users.id, SEED_USERS.customer.id));
    // The salt comes from the email, so a second database holds the same hash.
    const other = await startTestPlatform();
    try {
      const [again] = await other.db
        .select()
        .from(users)
        .where(eq(users.id, SEED_USERS.customer.id));
      expect(again?.passwordHash).toBe(row?.passwordHash);
    } finally {
      await other.close();
    }
  });

  it("seeds again without changes, and does not bring back a deleted demo account", async () => {
    expect(await seedIfEmpty(platform.db, { demoAccounts: true })).toBeNull();

    const { body } = await login(SEED_USERS.superAdmin.email);
    await platform.request("POST", "/enad/delete/", { token: body.access_token });
    expect(await seedIfEmpty(platform.db, { demoAccounts: true })).toBeNull();
    expect((await login(SEED_USERS.superAdmin.email)).status).toBe(404);
  });

  it("adds missing demo accounts to a database that has a catalogue", async () => {
    await platform.db.delete(users).where(eq(users.id, SEED_USERS.pending.id));
    const result = await seedIfEmpty(platform.db, { demoAccounts: true });
    expect(result).toMatchObject({ productParents: 0, users: 1, organisations: 0 });
    expect(result?.summary).toBe("1 demo users, 0 demo organisations");
    expect((await login(SEED_USERS.pending.email)).body.details).toBe("user is in pending state");
  });
});
