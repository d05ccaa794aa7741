import type { AccountFailure, Company, CurrentUser, LoginResult } from "@kassa/api-client";
import { companyFormSchema } from "@kassa/domain";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, organisationMembers, organisations, users } from "../src/db/schema.js";
import { verifyPassword } from "../src/modules/accounts/password-hash.js";
import { companyReply } from "../src/modules/companies/companies.js";
import { generatedCompanies, generatedCompanyUsers } from "../src/seed/company-data.js";
import {
  SEED_COMPANIES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "../src/seed/fixtures.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { logIn } from "./support/accounts.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  // This file checks what the seed and `seedIfEmpty` do: it seeds its own database.
  platform = await startTestPlatform({ seed: "fresh" });
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
        status: org.status,
        isCreditValid: org.isCreditValid,
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
    // The salt comes from the email, so a second database, seeded again, holds the same hash.
    const other = await startTestPlatform({ seed: "fresh" });
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
    expect(
      await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media }),
    ).toBeNull();

    const { body } = await login(SEED_USERS.superAdmin.email);
    await platform.request("POST", "/enad/delete/", { token: body.access_token });
    expect(
      await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media }),
    ).toBeNull();
    expect((await login(SEED_USERS.superAdmin.email)).status).toBe(404);
  });

  it("adds missing demo accounts to a database that has a catalogue", async () => {
    await platform.db.delete(users).where(eq(users.id, SEED_USERS.pending.id));
    const result = await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media });
    expect(result).toMatchObject({ productParents: 0, users: 1, organisations: 0 });
    expect(result?.summary).toBe("1 demo users, 0 demo organisations");
    expect((await login(SEED_USERS.pending.email)).body.details).toBe("user is in pending state");
  });
});

/** A company as read, put back the way the company form sends it. */
function formOf(company: Company) {
  return {
    ...company,
    billing_addresses: company.billing_address,
    shipping_addresses: company.shipping_address,
  };
}

async function membersOf(organisationId: string): Promise<number> {
  const [row] = await platform.db
    .select({ members: count() })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId));
  return row?.members ?? 0;
}

describe("the company area's seed (SEED_COMPANIES)", () => {
  it("has SEED_COMPANIES.total companies: the hand-written ones and the generated ones", async () => {
    const [row] = await platform.db.select({ total: count() }).from(organisations);
    expect(row?.total).toBe(SEED_COMPANIES.total);
    expect(SEED_COMPANIES.total).toBeGreaterThanOrEqual(31);
    expect(SEED_COMPANIES.total).toBe(
      Object.keys(SEED_ORGANISATIONS).length + generatedCompanies().length,
    );
  });

  it("generates the same companies and users on every call, with unique numbers and emails", () => {
    expect(generatedCompanies()).toEqual(generatedCompanies());
    expect(generatedCompanyUsers()).toEqual(generatedCompanyUsers());
    const numbers = [
      ...Object.values(SEED_ORGANISATIONS).map((org) => org.organisationNumber),
      ...generatedCompanies().map((company) => company.organisationNumber),
    ];
    expect(new Set(numbers).size).toBe(numbers.length);
    const names = generatedCompanies().map((company) => company.name);
    expect(new Set(names).size).toBe(names.length);
    const emails = generatedCompanyUsers().map((user) => user.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it("names an inactive company and one that is not credit valid, both the agent's", async () => {
    const [inactive] = await platform.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, SEED_COMPANIES.inactive.id));
    expect(inactive).toMatchObject({
      name: SEED_COMPANIES.inactive.name,
      organisationNumber: SEED_COMPANIES.inactive.organisationNumber,
      status: "inactive",
    });
    const [notCreditValid] = await platform.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, SEED_COMPANIES.notCreditValid.id));
    expect(notCreditValid).toMatchObject({
      name: SEED_COMPANIES.notCreditValid.name,
      status: "active",
      isCreditValid: false,
    });
    expect(SEED_COMPANIES.agentCompanyIds).toContain(SEED_COMPANIES.inactive.id);
    expect(SEED_COMPANIES.agentCompanyIds).toContain(SEED_COMPANIES.notCreditValid.id);
  });

  it("lists the agent's companies in SEED_COMPANIES.agentCompanyIds order, Nordtrade first", async () => {
    const { body } = await logIn(platform, SEED_USERS.agent.email);
    expect(body.user.organisations.map((org) => org.id)).toEqual(SEED_COMPANIES.agentCompanyIds);
    expect(SEED_COMPANIES.agentCompanyIds[0]).toBe(SEED_ORGANISATIONS.nordtrade.id);
    expect(SEED_COMPANIES.agentCompanyIds.length).toBeGreaterThanOrEqual(5);
    expect(body.user.organisations.every((org) => org.role === "agent")).toBe(true);
  });

  it("gives Nordtrade AB and Fjällhandel Oy the promised numbers of users", async () => {
    expect(await membersOf(SEED_COMPANIES.nordtrade.id)).toBe(SEED_COMPANIES.nordtrade.users);
    expect(SEED_COMPANIES.nordtrade.users).toBeGreaterThan(20);
    expect(SEED_COMPANIES.nordtrade.users).toBeLessThanOrEqual(30);
    expect(await membersOf(SEED_COMPANIES.fjallhandel.id)).toBe(SEED_COMPANIES.fjallhandel.users);
  });

  it("makes the generated users customers of level default, unverified only where promised", async () => {
    const ids = [
      ...SEED_COMPANIES.nordtrade.generatedUserIds,
      ...SEED_COMPANIES.fjallhandel.generatedUserIds,
    ];
    const rows = await platform.db
      .select({ user: users, membership: organisationMembers })
      .from(users)
      .innerJoin(organisationMembers, eq(organisationMembers.userId, users.id))
      .where(inArray(users.id, ids));
    expect(rows).toHaveLength(ids.length);
    for (const { user, membership } of rows) {
      expect(membership).toMatchObject({ role: "customer", level: "default" });
      expect(user.emailVerified).toBe(
        !(SEED_COMPANIES.nordtrade.unverifiedUserIds as readonly string[]).includes(user.id),
      );
    }
    // Hashed once for all of them: the seed stays fast.
    expect(new Set(rows.map(({ user }) => user.passwordHash)).size).toBe(1);
  });

  it("lets a generated user log in with the demo password, and refuses an unverified one", async () => {
    const [verified] = generatedCompanyUsers().filter((user) => user.emailVerified);
    const login = await logIn(platform, verified?.email ?? "");
    expect(login.status).toBe(200);
    expect((login.body as LoginResult).user.organisations.map((org) => org.id)).toEqual([
      SEED_COMPANIES.nordtrade.id,
    ]);
    const unverified = generatedCompanyUsers().find(
      (user) => user.id === SEED_COMPANIES.nordtrade.unverifiedUserIds[0],
    );
    const refused = await logIn(platform, unverified?.email ?? "");
    expect(refused.status).toBe(403);
  });

  it("gives every company one default billing and one default shipping address with a region", async () => {
    const rows = await platform.db.select().from(addresses).orderBy(asc(addresses.companyId));
    const byCompany = new Map<string, typeof rows>();
    for (const row of rows)
      byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
    expect(byCompany.size).toBe(SEED_COMPANIES.total);
    for (const [companyId, list] of byCompany) {
      expect(list.map((row) => [row.kind, row.isDefault]).sort(), companyId).toEqual([
        ["billing", true],
        ["shipping", true],
      ]);
      const shipping = list.find((row) => row.kind === "shipping");
      expect(shipping?.stateProvince, companyId).not.toBe("");
    }
  });

  it("seeds every company so that its company form saves unchanged (A§5)", async () => {
    for (const row of await platform.db.select().from(organisations)) {
      const result = companyFormSchema.safeParse(formOf(await companyReply(platform.db, row)));
      expect(result.error?.issues ?? [], row.name).toEqual([]);
    }
  });

  it("adds a company missing from an older database with its members, and nothing else", async () => {
    await platform.db
      .delete(organisations)
      .where(inArray(organisations.id, [SEED_COMPANIES.inactive.id, "org-gen-001"]));
    const result = await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media });
    expect(result).toMatchObject({ users: 0, organisations: 2 });
    const [membership] = await platform.db
      .select()
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.organisationId, SEED_COMPANIES.inactive.id),
          eq(organisationMembers.userId, SEED_USERS.agent.id),
        ),
      );
    expect(membership).toMatchObject({ role: "agent", level: "default" });
    const { body } = await logIn(platform, SEED_USERS.agent.email);
    expect(body.user.organisations.map((org) => org.id)).toEqual(SEED_COMPANIES.agentCompanyIds);
    expect(
      await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media }),
    ).toBeNull();
  });
});
