import type { AccountFailure, SignupResult } from "@kassa/api-client";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountTokens,
  mailOutbox,
  organisationMembers,
  organisations,
  rateLimitHits,
  users,
} from "../src/db/schema.js";
import { loginAccountKey } from "../src/modules/accounts/login-rate-limit.js";
import {
  SEED_COMPANIES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "../src/seed/fixtures.js";
import {
  GOOD_PASSWORD,
  latestToken,
  logIn,
  organisationPayload,
  outbox,
  signUp,
  verifiedUser,
  verify,
} from "./support/accounts.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function deleteAccount(token: string | undefined) {
  return platform.request<{ message: string } & AccountFailure>("POST", "/enad/delete/", { token });
}

describe("POST /enad/delete/", () => {
  it("answers 200 {message: 'user deleted'} and erases the personal data", async () => {
    const { user, payload, login } = await verifiedUser(platform);
    const { status, body } = await deleteAccount(login.access_token);
    expect(status).toBe(200);
    expect(body).toEqual({ message: "user deleted" });

    const [row] = await platform.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      id: user.id,
      email: `deleted+${user.id}@invalid.kassa`,
      passwordHash: null,
      firstName: "",
      lastName: "",
      phoneNumber: "",
      street: "",
      zipCode: "",
      city: "",
      allowEmail: false,
      allowSms: false,
      allowPostal: false,
      emailVerified: false,
      isSuperAdmin: false,
      status: "deleted",
      deletedAt: expect.any(Date),
    });
    expect(JSON.stringify(row)).not.toContain(payload.email);
    expect(JSON.stringify(row)).not.toContain("Sandberg");
  });

  it("kills every token: access, refresh, verify and reset", async () => {
    const { user, login } = await verifiedUser(platform);
    await deleteAccount(login.access_token);
    expect(
      (await platform.request("POST", "/enad/get-user/", { token: login.access_token })).status,
    ).toBe(401);
    expect((await deleteAccount(login.access_token)).status).toBe(401);
    const refresh = await platform.request("POST", "/enad/refresh-token/", {
      body: { refresh_token: login.refresh_token },
    });
    expect(refresh.status).toBe(401);
    const tokens = await platform.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(tokens).toEqual([]);
  });

  it("deletes the mails to the address and the account's failed logins", async () => {
    const { payload, login } = await verifiedUser(platform);
    await platform.request("POST", "/enad/login/", {
      body: { email: payload.email, password: "Wrong-password-1" },
    });
    expect(await outbox(platform, payload.email)).not.toEqual([]);
    await deleteAccount(login.access_token);
    expect(await outbox(platform, payload.email)).toEqual([]);
    const mails = await platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, payload.email));
    expect(mails).toEqual([]);
    const attempts = await platform.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, loginAccountKey(payload.email)));
    expect(attempts).toEqual([]);
  });

  it("makes the account 'user not found' everywhere", async () => {
    const { payload, login } = await verifiedUser(platform);
    await deleteAccount(login.access_token);
    const relogin = await logIn(platform, payload.email, GOOD_PASSWORD);
    expect(relogin.status).toBe(404);
    expect((relogin.body as unknown as AccountFailure).details).toBe("user not found");
    const reset = await platform.request<{ data: { details: string } }>(
      "POST",
      "/api/enad/create-reset-password-link/",
      { body: { email: payload.email } },
    );
    expect(reset.body.data.details).toBe("email not found");
  });

  it("lets the same address sign up again, as a new account", async () => {
    const { user, payload, login } = await verifiedUser(platform);
    await deleteAccount(login.access_token);
    const again = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
      body: { ...payload },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(user.id);
    expect(again.body.data.email_verified).toBe(false);
  });

  it("removes the memberships and keeps the organisation, also when it has no member left", async () => {
    const { user, payload } = await signUp(platform);
    const created = await platform.request<{ company: { id: string } }>(
      "POST",
      "/enad/organisation/signup/",
      { body: organisationPayload(user), storefront: true },
    );
    const companyId = created.body.company.id;
    await verify(platform, await latestToken(platform, payload.email), user);
    const login = await logIn(platform, payload.email, GOOD_PASSWORD);
    await deleteAccount(login.body.access_token);

    const memberships = await platform.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, user.id));
    expect(memberships).toEqual([]);
    const [company] = await platform.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, companyId));
    expect(company).toMatchObject({
      id: companyId,
      status: "active",
      name: "Sandbergs Snickeri AB",
    });
  });

  it("leaves the organisation's other members as they were", async () => {
    const buyer = await logIn(platform, SEED_USERS.companyBuyer.email, SEED_PASSWORD);
    await deleteAccount(buyer.body.access_token);
    const admin = await logIn(platform, SEED_USERS.companyAdmin.email, SEED_PASSWORD);
    expect(admin.body.user.organisations.map((org) => org.id)).toEqual([
      SEED_ORGANISATIONS.nordtrade.id,
    ]);
    const members = await platform.db
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(
        or(
          eq(organisationMembers.organisationId, SEED_ORGANISATIONS.nordtrade.id),
          eq(organisationMembers.userId, SEED_USERS.companyBuyer.id),
        ),
      );
    expect(members.map((member) => member.userId).sort()).toEqual(
      [
        SEED_USERS.agent.id,
        SEED_USERS.companyAdmin.id,
        ...SEED_COMPANIES.nordtrade.generatedUserIds,
        ...SEED_COMPANIES.nordtrade.generatedAgentIds,
      ].sort(),
    );
  });

  it("needs a token", async () => {
    const { status, body } = await deleteAccount(undefined);
    expect(status).toBe(401);
    expect(body.details).toBe("Unauthorized");
  });
});
