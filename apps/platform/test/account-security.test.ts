/**
 * The attacks a security probe reproduced against the account API (issue 7), each replayed here
 * so that it fails again if the hole comes back. docs/security.md describes the threat model.
 */

import type {
  AccountFailure,
  ApiEnvelope,
  LoginResult,
  SignupResult,
  VerifyEmailResult,
} from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, organisationMembers, organisations, users } from "../src/db/schema.js";
import { LINK_MAILS_PER_HOUR } from "../src/modules/accounts/link-mail-limit.js";
import { LOGIN_LIMITS } from "../src/modules/accounts/login-rate-limit.js";
import { SIGNUPS_PER_ADDRESS } from "../src/modules/accounts/signup.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import {
  GOOD_PASSWORD,
  latestToken,
  linkOf,
  logIn,
  organisationPayload,
  outbox,
  signupPayload,
  uniqueEmail,
  uniqueOrganisationNumber,
  verifiedUser,
  verify,
} from "./support/accounts.js";
import { MINUTE } from "./support/test-clock.js";
import { createTestDatabase } from "./support/test-database.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

/** A signup through the shop's own form (its storefront token), as the probe made them. */
async function signUpAs(email: string, password: string, firstName: string) {
  const response = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
    body: signupPayload({ email, password, first_name: firstName }),
    storefront: true,
  });
  expect(response.status).toBe(201);
  return response.body.data;
}

async function requestVerifyLink(email: string, signupToken?: string) {
  return platform.request<ApiEnvelope<{ message?: string; details?: string }>>(
    "POST",
    "/api/enad/create-verify-link/",
    { body: signupToken ? { email, signup_token: signupToken } : { email } },
  );
}

function verifyWithPassword(token: string, password: string) {
  return platform.request<VerifyEmailResult>("POST", "/enad/verify-email/", {
    body: { token, password },
  });
}

describe("parallel guessing against the login limit", () => {
  it(`checks at most ${LOGIN_LIMITS.perAccount} of 30 guesses sent at once, the right one among them`, async () => {
    const { payload } = await verifiedUser(platform);
    const guesses = Array.from({ length: 30 }, (_, index) =>
      index === 14 ? payload.password : `Wrong-guess-${index}`,
    );
    const answers = await Promise.all(
      guesses.map((password) => logIn(platform, payload.email, password)),
    );
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(
      30 - LOGIN_LIMITS.perAccount,
    );
    platform.clock.advance(15 * MINUTE);
  });

  it("holds for a burst of 100", async () => {
    const { payload } = await verifiedUser(platform);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => logIn(platform, payload.email, "Wrong-guess-1")),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(LOGIN_LIMITS.perAccount);
    platform.clock.advance(15 * MINUTE);
  });

  it("counts a shopper behind the storefront whatever X-Forwarded-For the shopper wrote", async () => {
    // The storefront appends the address it saw; the shopper invents the left part each time.
    const seen = "203.0.113.44";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress + 5; attempt++) {
      const { status } = await platform.request("POST", "/enad/login/", {
        body: { email: uniqueEmail("spray"), password: "Wrong-guess-1" },
        headers: { "x-forwarded-for": `10.9.${attempt}.1, ${seen}` },
      });
      statuses.push(status);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.perAddress).every((status) => status === 429)).toBe(true);
    platform.clock.advance(15 * MINUTE);
  });
});

describe("one client with a whole IPv6 /64 (ADR 0051)", () => {
  it("is one address to the login limit, whichever of its addresses each guess comes from", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAddress + 5; attempt++) {
      const { status } = await platform.request("POST", "/enad/login/", {
        body: { email: uniqueEmail("sixtyfour"), password: "Wrong-guess-1" },
        headers: { "x-forwarded-for": `2001:db8:77:1:${attempt.toString(16)}::${attempt + 1}` },
      });
      statuses.push(status);
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perAddress).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(LOGIN_LIMITS.perAddress).every((status) => status === 429)).toBe(true);
    // Its neighbour's /64 is another client.
    const neighbour = await platform.request("POST", "/enad/login/", {
      body: { email: uniqueEmail("sixtyfour"), password: "Wrong-guess-1" },
      headers: { "x-forwarded-for": "2001:db8:77:2::1" },
    });
    expect(neighbour.status).toBe(404);
    platform.clock.advance(15 * MINUTE);
  });
});

describe("parallel link mails", () => {
  it(`sends at most ${LINK_MAILS_PER_HOUR} of 40 requests sent at once`, async () => {
    const { payload } = await verifiedUser(platform);
    const before = (await outbox(platform, payload.email)).length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        platform.request("POST", "/api/enad/create-reset-password-link/", {
          body: { email: payload.email },
        }),
      ),
    );
    const sent = (await outbox(platform, payload.email)).length - before;
    // The signup's own verification mail counted too.
    expect(sent).toBe(LINK_MAILS_PER_HOUR - 1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(sent);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(40 - sent);
    platform.clock.advance(60 * MINUTE);
  });
});

describe("account pre-hijacking", () => {
  const ATTACKER_PASSWORD = "Attacker-pass-1";
  const VICTIM_PASSWORD = "Victim-pass-22";

  it("a stranger who signed up first never gets the owner's account, nor replaces the owner's details", async () => {
    const email = uniqueEmail("victim");
    // The attacker signs up with the victim's address and attaches a company.
    const attacker = await signUpAs(email, ATTACKER_PASSWORD, "Mallory");
    const evil = await platform.request("POST", "/enad/organisation/signup/", {
      body: organisationPayload(attacker, { name: "Evil AB" }),
    });
    expect(evil.status).toBe(201);

    // The victim signs up later: a signup of their own, not an 'email not verified' dead end.
    const victim = await signUpAs(email, VICTIM_PASSWORD, "Vera");
    expect(victim.id).not.toBe(attacker.id);
    expect((await requestVerifyLink(email, victim.signup_token)).status).toBe(200);
    const verified = await verify(platform, await latestToken(platform, email), victim);
    expect(verified.body.status).toBe("success");

    expect((await logIn(platform, email, VICTIM_PASSWORD)).status).toBe(200);
    expect((await logIn(platform, email, ATTACKER_PASSWORD)).status).toBe(401);
    const rows = await platform.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: victim.id, firstName: "Vera", emailVerified: true });
    const companies = await platform.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, "Evil AB"));
    expect(companies).toEqual([]);
  });

  it("the owner's click on a stranger's link confirms the owner's signup, chosen by the owner's password", async () => {
    const email = uniqueEmail("victim");
    const victim = await signUpAs(email, VICTIM_PASSWORD, "Vera");
    await requestVerifyLink(email, victim.signup_token);
    // The attacker signs up right after, so the newest mail in the victim's inbox is theirs.
    const attacker = await signUpAs(email, ATTACKER_PASSWORD, "Mallory");
    await requestVerifyLink(email, attacker.signup_token);
    const attackersLink = await latestToken(platform, email);

    // Followed on another device (no signup token): the link alone confirms nothing.
    const bare = await platform.request<VerifyEmailResult>("POST", "/enad/verify-email/", {
      body: { token: attackersLink },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.status).toBe("password required");
    expect((await logIn(platform, email, ATTACKER_PASSWORD)).body).toMatchObject({
      details: "email not verified",
    });

    const confirmed = await verifyWithPassword(attackersLink, VICTIM_PASSWORD);
    expect(confirmed.body.status).toBe("success");
    expect((await logIn(platform, email, VICTIM_PASSWORD)).status).toBe(200);
    expect((await logIn(platform, email, ATTACKER_PASSWORD)).status).toBe(401);
    const [row] = await platform.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ id: victim.id, firstName: "Vera" });
  });

  it("a wrong password on a link is a counted guess, and does not spend the link", async () => {
    const email = uniqueEmail("victim");
    const victim = await signUpAs(email, VICTIM_PASSWORD, "Vera");
    await requestVerifyLink(email, victim.signup_token);
    const token = await latestToken(platform, email);
    for (let attempt = 0; attempt < LOGIN_LIMITS.perAccount; attempt++) {
      expect((await verifyWithPassword(token, "Wrong-guess-1")).body.status).toBe(
        "invalid password",
      );
    }
    const blocked = await verifyWithPassword(token, VICTIM_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.status).toBe("too many attempts");
    platform.clock.advance(15 * MINUTE);
    expect((await verifyWithPassword(token, VICTIM_PASSWORD)).body.status).toBe("success");
  });

  it("a link asked for without proof confirms only with a password the mailbox's owner chooses", async () => {
    const email = uniqueEmail("victim");
    await signUpAs(email, ATTACKER_PASSWORD, "Mallory");
    // The forgot-password page knows only the address.
    expect((await requestVerifyLink(email)).status).toBe(200);
    const [mail] = await outbox(platform, email);
    expect(mail?.subject).toBe("Bekräfta din e-postadress och välj lösenord");
    const { url, token } = linkOf(mail!);
    expect(url.pathname).toBe("/reset-password/");

    const reset = await platform.request("POST", "/enad/reset-password/", {
      body: { password: VICTIM_PASSWORD, reset_password_token: token },
    });
    expect(reset.status).toBe(200);
    expect((await logIn(platform, email, VICTIM_PASSWORD)).status).toBe(200);
    expect((await logIn(platform, email, ATTACKER_PASSWORD)).status).toBe(401);
  });

  it("keeps at most three unconfirmed signups per address; a fourth replaces only its author's own", async () => {
    const email = uniqueEmail("crowded");
    const signups: SignupResult[] = [];
    for (const [index, name] of ["One", "Two", "Three"].entries()) {
      signups.push(await signUpAs(email, `${GOOD_PASSWORD}${index}`, name));
      platform.clock.advance(1000);
    }
    // A fourth without proof (another password, no signup token) is refused: A§8's branch.
    const refused = await platform.request<AccountFailure>("POST", "/enad/signup/", {
      body: signupPayload({ email, password: "Another-pass-4", first_name: "Four" }),
      storefront: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toBe("email not verified");
    // The author of "Two" proves it with its signup token, the author of "Three" with its password.
    const again = await platform.request("POST", "/enad/signup/", {
      body: {
        ...signupPayload({ email, password: "Another-pass-5", first_name: "Two again" }),
        signup_token: signups[1]?.signup_token,
      },
      storefront: true,
    });
    expect(again.status).toBe(201);
    await signUpAs(email, `${GOOD_PASSWORD}2`, "Three again");
    const rows = await platform.db.select().from(users).where(eq(users.email, email));
    expect(rows.map((row) => row.firstName).sort()).toEqual(["One", "Three again", "Two again"]);

    // Past their lifetime they go, and a new signup has room again.
    platform.clock.advance(8 * 24 * 60 * MINUTE);
    await signUpAs(email, "Another-pass-6", "Six");
    const after = await platform.db.select().from(users).where(eq(users.email, email));
    expect(after.map((row) => row.firstName)).toEqual(["Six"]);
  });

  it("frees an organisation number a stranger's signup held past its lifetime", async () => {
    const number = uniqueOrganisationNumber();
    const squatter = await signUpAs(uniqueEmail("squat"), ATTACKER_PASSWORD, "Mallory");
    const held = await platform.request("POST", "/enad/organisation/signup/", {
      body: organisationPayload(squatter, { organisation_number: number }),
    });
    expect(held.status).toBe(201);
    const owner = await signUpAs(uniqueEmail("owner"), VICTIM_PASSWORD, "Vera");
    const refused = await platform.request<AccountFailure>("POST", "/enad/organisation/signup/", {
      body: organisationPayload(owner, { organisation_number: number }),
    });
    expect(refused.body.details).toBe("Company already exists");

    platform.clock.advance(8 * 24 * 60 * MINUTE);
    const late = await signUpAs(uniqueEmail("owner"), VICTIM_PASSWORD, "Vera");
    const registered = await platform.request("POST", "/enad/organisation/signup/", {
      body: organisationPayload(late, { organisation_number: number }),
    });
    expect(registered.status).toBe(201);
    const members = await platform.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, squatter.id));
    expect(members).toEqual([]);
  });
});

describe("signups per client address", () => {
  it(`allows ${SIGNUPS_PER_ADDRESS.limit} an hour from one address, then 429`, async () => {
    const from = { "x-forwarded-for": "203.0.113.77" };
    for (let signup = 0; signup < SIGNUPS_PER_ADDRESS.limit; signup++) {
      const { status } = await platform.request("POST", "/enad/signup/", {
        body: signupPayload(),
        headers: from,
      });
      expect(status).toBe(201);
    }
    const refused = await platform.request<AccountFailure>("POST", "/enad/signup/", {
      body: signupPayload(),
      headers: from,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.details).toBe("too many attempts");
    const elsewhere = await platform.request("POST", "/enad/signup/", {
      body: signupPayload(),
      headers: { "x-forwarded-for": "203.0.113.78" },
    });
    expect(elsewhere.status).toBe(201);
    platform.clock.advance(60 * MINUTE);
  });
});

describe("sessions after a password reset", () => {
  it("ends every session: access tokens already handed out stop working too", async () => {
    const { payload, login } = await verifiedUser(platform);
    const before = await platform.request("POST", "/enad/get-user/", { token: login.access_token });
    expect(before.status).toBe(200);

    await platform.request("POST", "/api/enad/create-reset-password-link/", {
      body: { email: payload.email },
    });
    const reset = await platform.request("POST", "/enad/reset-password/", {
      body: {
        password: "Brand-new-pass-3",
        reset_password_token: await latestToken(platform, payload.email),
      },
    });
    expect(reset.status).toBe(200);

    const after = await platform.request<AccountFailure>("POST", "/enad/get-user/", {
      token: login.access_token,
    });
    expect(after.status).toBe(401);
    const refreshed = await platform.request("POST", "/enad/refresh-token/", {
      body: { refresh_token: login.refresh_token },
    });
    expect(refreshed.status).toBe(401);
    const fresh = await logIn(platform, payload.email, "Brand-new-pass-3");
    const works = await platform.request("POST", "/enad/get-user/", {
      token: (fresh.body as LoginResult).access_token,
    });
    expect(works.status).toBe(200);
  });
});

describe("demo accounts", () => {
  // Migrates and seeds a whole catalogue (no copy of the run's seeded database has no accounts):
  // seconds alone, and up to half a minute beside the browser tests on two cores.
  it("are not seeded unless asked for (a production shop is not)", {
    timeout: 120_000,
  }, async () => {
    const database = await createTestDatabase();
    try {
      await database.handle.migrate();
      const result = await seedIfEmpty(database.handle.db, {
        demoAccounts: false,
        media: platform.media,
      });
      expect(result?.users).toBe(0);
      expect(await database.handle.db.select().from(users)).toEqual([]);
      expect(await database.handle.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});
