import type {
  AccountFailure,
  ApiEnvelope,
  Company,
  CurrentUser,
  OrganisationSignupResult,
  PlatformErrorBody,
  SignupResult,
  VerifyEmailResult,
} from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisationMembers, organisations, users } from "../src/db/schema.js";
import { passwordHashParameters } from "../src/modules/accounts/password-hash.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "../src/seed/fixtures.js";
import {
  GOOD_PASSWORD,
  latestToken,
  linkOf,
  logIn,
  organisationPayload,
  outbox,
  signUp,
  signupPayload,
  uniqueEmail,
  verify,
} from "./support/accounts.js";
import { DAY, HOUR } from "./support/test-clock.js";
import {
  keysOf,
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

const FAILURE_KEYS = ["details", "message", "requestId", "statusCode"];

async function userRow(email: string) {
  const [row] = await platform.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("POST /enad/signup/", () => {
  it("creates an unverified customer and answers 201 {data: SignupResult}", async () => {
    const payload = signupPayload();
    // As the shop's storefront calls (its token): the status and store group it sends are kept.
    const { status, body } = await platform.request<{ data: SignupResult }>(
      "POST",
      "/enad/signup/",
      { body: payload, storefront: true },
    );
    expect(status).toBe(201);
    expect(keysOf(body)).toEqual(["data"]);
    expect(body.data).toEqual({
      id: expect.any(String),
      email: payload.email,
      status: "active",
      email_verified: false,
      signup_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const row = await userRow(payload.email);
    expect(row).toMatchObject({
      id: body.data.id,
      firstName: "Maja",
      lastName: "Sandberg",
      phoneNumber: "+46701112233",
      language: "SV",
      countryCode: "SE",
      market: "SE",
      storeGroup: "default",
      role: "customer",
      status: "active",
      emailVerified: false,
      isSuperAdmin: false,
      allowEmail: true,
      allowSms: false,
      allowPostal: false,
      deletedAt: null,
    });
  });

  it("keeps the address a signup sends (the signup from an order), else leaves it empty", async () => {
    const withAddress = signupPayload({
      address: { street: " Storgatan 1 ", zip_code: "111 22", city: "Stockholm" },
    });
    const { status } = await platform.request("POST", "/enad/signup/", { body: withAddress });
    expect(status).toBe(201);
    expect(await userRow(withAddress.email)).toMatchObject({
      street: "Storgatan 1",
      zipCode: "111 22",
      city: "Stockholm",
    });
    const { payload } = await signUp(platform);
    expect(await userRow(payload.email)).toMatchObject({ street: "", zipCode: "", city: "" });
  });

  it("stores an scrypt hash (scrypt$N$r$p$salt$hash), never the password", async () => {
    const { payload } = await signUp(platform);
    const row = await userRow(payload.email);
    // At the suite's test cost; `password-cost.test.ts` checks the standard one.
    const { N, r, p } = passwordHashParameters();
    expect(row?.passwordHash).toMatch(
      new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{86}$`),
    );
    expect(row?.passwordHash).not.toContain(payload.password);
    const other = await signUp(platform, { password: payload.password });
    const otherRow = await userRow(other.payload.email);
    // A random salt per user: the same password never gives the same hash.
    expect(otherRow?.passwordHash?.split("$")[4]).not.toBe(row?.passwordHash?.split("$")[4]);
  });

  it("lower-cases and trims the email on the server too", async () => {
    const email = uniqueEmail("Mixed.Case");
    const { body } = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
      body: signupPayload({ email: `  ${email.toUpperCase()} ` }),
    });
    expect(body.data.email).toBe(email.toLowerCase());
    expect(await userRow(email.toLowerCase())).toBeDefined();
  });

  it("always creates a customer, whatever role is sent (A§4)", async () => {
    const { payload } = await signUp(platform, { role: "agent" });
    expect((await userRow(payload.email))?.role).toBe("customer");
  });

  it("takes the A§3 defaults for fields that are left out, and upper-cases the language", async () => {
    const { first_name, last_name, email, password, phone_number } = signupPayload();
    const { status } = await platform.request("POST", "/enad/signup/", {
      body: { first_name, last_name, email, password, phone_number, language: "fi" },
      storefront: true,
    });
    expect(status).toBe(201);
    expect(await userRow(email)).toMatchObject({
      language: "FI",
      countryCode: "SE",
      market: "SE",
      storeGroup: "default",
      status: "active",
      allowEmail: false,
    });
  });

  it("keeps a pending status from the storefront's setting", async () => {
    const { user } = await signUp(platform, { status: "pending" });
    expect(user.status).toBe("pending");
  });

  it("sends no mail by itself: the verification link is requested after the organisation", async () => {
    const payload = signupPayload();
    const { status } = await platform.request("POST", "/enad/signup/", { body: payload });
    expect(status).toBe(201);
    expect(await outbox(platform, payload.email)).toEqual([]);
  });

  it("mails a verification link in the user's language: Swedish by default", async () => {
    const { payload, user } = await signUp(platform);
    const mails = await outbox(platform, payload.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("Bekräfta din e-postadress");
    expect(mail?.to).toBe(payload.email);
    expect(mail?.text).toContain("Hej Maja!");
    const { url, token } = linkOf(mail!);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_STOREFRONT_URL}/login/`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(`href="${TEST_STOREFRONT_URL}/login/?token=${token}"`);
    expect(user.email_verified).toBe(false);
  });

  it("writes the Finnish and English mails for FI and EN users", async () => {
    const finnish = await signUp(platform, { language: "FI", first_name: "Aino" });
    const english = await signUp(platform, { language: "EN", first_name: "Ann" });
    const [fi] = await outbox(platform, finnish.payload.email);
    const [en] = await outbox(platform, english.payload.email);
    expect(fi?.subject).toBe("Vahvista sähköpostiosoitteesi");
    expect(fi?.text).toContain("Hei Aino!");
    expect(en?.subject).toBe("Confirm your email address");
    expect(en?.text).toContain("Hi Ann,");
  });

  it("answers 409 'user already exists' for an address with a verified account", async () => {
    const { status, body } = await platform.request<AccountFailure>("POST", "/enad/signup/", {
      body: signupPayload({ email: SEED_USERS.customer.email.toUpperCase() }),
    });
    expect(status).toBe(409);
    expect(keysOf(body)).toEqual(FAILURE_KEYS);
    expect(body).toMatchObject({ details: "user already exists", statusCode: 409 });
  });

  it("takes another signup of an unconfirmed address beside the first, with its own details", async () => {
    const { payload, user } = await signUp(platform);
    const second = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
      body: signupPayload({ email: payload.email, first_name: "Other" }),
    });
    expect(second.status).toBe(201);
    expect(second.body.data.id).not.toBe(user.id);
    const rows = await platform.db.select().from(users).where(eq(users.email, payload.email));
    expect(rows.map((row) => row.firstName).sort()).toEqual(["Maja", "Other"]);
  });

  it("enforces the password rule (10 characters and a digit) with the usual 400 body", async () => {
    for (const [password, problem] of [
      ["short1", "password: password must contain at least 10 characters"],
      ["longenoughbutnodigit", "password: password must contain a digit"],
      ["short", "password: password must contain at least 10 characters and a digit"],
      // Characters as a person counts them (code points), as the form counts them
      // (@kassa/domain): 9, though JavaScript's `length` says 14.
      ["😀😀😀😀😀1234", "password: password must contain at least 10 characters"],
    ] as const) {
      const { status, body } = await platform.request<PlatformErrorBody>("POST", "/enad/signup/", {
        body: signupPayload({ password }),
      });
      expect(status).toBe(400);
      expect(body.error).toBe("BAD_REQUEST");
      expect(body.errors).toEqual([problem]);
    }
  });

  it("validates the other fields (A§5) and names every problem", async () => {
    const { status, body } = await platform.request<PlatformErrorBody>("POST", "/enad/signup/", {
      body: signupPayload({
        first_name: " ",
        email: "not-an-email",
        phone_number: "0701112233",
        language: "DE",
      }),
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      "first_name: First name is required",
      "email: must be a valid email address",
      "phone_number: must start with + and the country code, e.g. +46701234567",
      expect.stringMatching(/^language: /),
    ]);
  });

  it("takes a signup without a phone number (the form hides the field without its label, A§2)", async () => {
    const { payload } = await signUp(platform, { phone_number: "" });
    expect((await userRow(payload.email))?.phoneNumber).toBe("");
  });

  it("stores the phone number without spaces or dashes", async () => {
    const { payload } = await signUp(platform, { phone_number: "+46 70-111 22 44" });
    expect((await userRow(payload.email))?.phoneNumber).toBe("+46701112244");
  });

  it("checks phone numbers by the form's rule: each country's number plan, not only the E.164 shape", async () => {
    // A plus and 7–15 digits, but no Swedish number is that short: the form refuses them too.
    for (const phone_number of ["+4612345", "+46 70 12 3"]) {
      const { status, body } = await platform.request<PlatformErrorBody>("POST", "/enad/signup/", {
        body: signupPayload({ phone_number }),
      });
      expect(status, phone_number).toBe(400);
      expect(body.errors).toEqual(["phone_number: must be a valid number for its country code"]);
    }
    const finnish = await signUp(platform, { phone_number: "+358 40 123 4567" });
    expect((await userRow(finnish.payload.email))?.phoneNumber).toBe("+358401234567");
  });
});

describe("POST /enad/verify-email/", () => {
  it("verifies the email once: 200 success, then 404 'link not found'", async () => {
    const { payload, user } = await signUp(platform);
    const token = await latestToken(platform, payload.email);
    const first = await verify(platform, token, user);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: "success",
      message: "Email verified",
      email: payload.email,
    });
    expect((await userRow(payload.email))?.emailVerified).toBe(true);

    const again = await verify(platform, token, user);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ status: "link not found", message: "link not found" });
  });

  it("answers 404 for an unknown token and 400 for a missing one", async () => {
    const unknown = await platform.request<VerifyEmailResult>("POST", "/enad/verify-email/", {
      body: { token: "x".repeat(43) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe("link not found");
    const missing = await platform.request<PlatformErrorBody>("POST", "/enad/verify-email/", {
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.stringMatching(/^token: /)]);
  });

  it("answers 410 'link expired' after 24 hours, and keeps saying so", async () => {
    const { payload, user } = await signUp(platform);
    const token = await latestToken(platform, payload.email);
    platform.clock.advance(DAY - 1000);
    platform.clock.advance(1000);
    for (let attempt = 0; attempt < 2; attempt++) {
      const { status, body } = await verify(platform, token, user);
      expect(status).toBe(410);
      expect(body).toEqual({ status: "link expired", message: "link expired" });
    }
    expect((await userRow(payload.email))?.emailVerified).toBe(false);
  });

  it("accepts a link just before it expires", async () => {
    const { payload, user } = await signUp(platform);
    const token = await latestToken(platform, payload.email);
    platform.clock.advance(DAY - 1000);
    expect((await verify(platform, token, user)).status).toBe(200);
  });
});

describe("POST /api/enad/create-verify-link/", () => {
  it("mails a new link in the {ok, status, data} envelope; older links stop working", async () => {
    const { payload, user } = await signUp(platform);
    const oldToken = await latestToken(platform, payload.email);
    const { status, body } = await platform.request<ApiEnvelope<{ message: string }>>(
      "POST",
      "/api/enad/create-verify-link/",
      { body: { email: payload.email.toUpperCase(), signup_token: user.signup_token } },
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      status: 200,
      data: { message: "Email verification link created" },
    });
    const mails = await outbox(platform, payload.email);
    expect(mails).toHaveLength(2);
    const newToken = linkOf(mails[0]!).token;
    expect(newToken).not.toBe(oldToken);

    expect((await verify(platform, oldToken, user)).status).toBe(404);
    expect((await verify(platform, newToken, user)).status).toBe(200);
  });

  it("answers 404 'email not found' and 409 'email already verified' in the envelope", async () => {
    const unknown = await platform.request<ApiEnvelope<{ details: string }>>(
      "POST",
      "/api/enad/create-verify-link/",
      { body: { email: uniqueEmail() } },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ ok: false, status: 404, data: { details: "email not found" } });

    const verified = await platform.request<ApiEnvelope<{ details: string }>>(
      "POST",
      "/api/enad/create-verify-link/",
      { body: { email: SEED_USERS.customer.email } },
    );
    expect(verified.status).toBe(409);
    expect(verified.body).toEqual({
      ok: false,
      status: 409,
      data: { details: "email already verified" },
    });
  });

  it("wraps a body that fails its schema in the envelope too", async () => {
    const { status, body } = await platform.request<ApiEnvelope<PlatformErrorBody>>(
      "POST",
      "/api/enad/create-verify-link/",
      { body: {} },
    );
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.status).toBe(400);
    expect(body.data).toMatchObject({ error: "BAD_REQUEST", statusCode: 400 });
    expect(body.data.errors).toEqual([expect.stringMatching(/^email: /)]);
  });
});

describe("POST /enad/organisation/signup/", () => {
  it("creates the company with its addresses and makes the new user its admin (201 {company})", async () => {
    const { user, payload } = await signUp(platform);
    const organisation = organisationPayload(user);
    const { status, body } = await platform.request<OrganisationSignupResult>(
      "POST",
      "/enad/organisation/signup/",
      { body: organisation, storefront: true },
    );
    expect(status).toBe(201);
    expect(keysOf(body)).toEqual(["company"]);
    const company: Company = body.company;
    expect(company).toEqual({
      id: expect.any(String),
      name: "Sandbergs Snickeri AB",
      email: "info@sandbergs.test",
      invoice_email: "faktura@sandbergs.test",
      phone: "+46812340000",
      organisation_number: organisation.organisation_number,
      credit_check: false,
      contact_name: "Maja Sandberg",
      tax_id_vat_number: organisation.tax_id_vat_number,
      external_ref: "",
      status: "active",
      store_groups: ["business"],
      custom_fields: { segment: "small" },
      attribute_ids: ["carpentry"],
      billing_address: [
        {
          id: expect.any(String),
          company_id: company.id,
          name: "",
          company_name: "",
          street_address: "Verkstadsgatan 3",
          co_address: "",
          city: "Uppsala",
          state_province: "",
          house_number: "",
          postal_code: "75323",
          country: "SE",
          phone: "",
          is_default: true,
          shipping_type: "standard",
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
      shipping_address: [
        expect.objectContaining({
          name: "Verkstaden",
          street_address: "Verkstadsgatan 5",
          state_province: "Uppsala län",
          is_default: true,
        }),
      ],
      is_inactive: false,
      is_credit_valid: true,
    });

    const [membership] = await platform.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, user.id));
    expect(membership).toMatchObject({
      organisationId: company.id,
      role: "customer",
      level: "admin",
    });
    expect((await userRow(payload.email))?.storeGroup).toBe("business");

    // After verifying, the login reply and the current user carry the organisation.
    const token = await latestToken(platform, payload.email);
    await verify(platform, token, user);
    const login = await logIn(platform, payload.email, GOOD_PASSWORD);
    expect(login.body.user.store_group_id).toBe("business");
    expect(login.body.user.organisations).toEqual([
      {
        id: company.id,
        name: "Sandbergs Snickeri AB",
        status: "active",
        organisation_number: organisation.organisation_number,
        tax_id_vat_number: organisation.tax_id_vat_number,
        contact_name: "Maja Sandberg",
        role: "customer",
        level: "admin",
      },
    ]);
    const current = await platform.request<CurrentUser>("POST", "/enad/get-user/", {
      token: login.body.access_token,
    });
    expect(current.body.organisations).toEqual(login.body.user.organisations);
  });

  it("answers 409 'Company already exists' for a registered organisation number", async () => {
    const { user } = await signUp(platform);
    const { status, body } = await platform.request<AccountFailure>(
      "POST",
      "/enad/organisation/signup/",
      {
        body: organisationPayload(user, {
          organisation_number: SEED_ORGANISATIONS.nordtrade.organisationNumber,
        }),
      },
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ details: "Company already exists", statusCode: 409 });
    const [membership] = await platform.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, user.id));
    expect(membership).toBeUndefined();
  });

  it("needs the signup's own token: none, another signup's or a spent one answers 401", async () => {
    const { user: other } = await signUp(platform);
    const { user: mine, payload } = await signUp(platform);
    const attempts = [
      // The probe's attack: a known (seeded) user id, no token.
      { user_id: SEED_USERS.unverified.id },
      { user_id: SEED_USERS.unverified.id, signup_token: other.signup_token },
      { user_id: mine.id, signup_token: other.signup_token },
      { user_id: "no-such-user", signup_token: mine.signup_token },
    ];
    for (const attempt of attempts) {
      const refused = await platform.request<AccountFailure>("POST", "/enad/organisation/signup/", {
        body: { ...organisationPayload(mine), signup_token: undefined, ...attempt },
      });
      expect(refused.status, JSON.stringify(attempt)).toBe(attempt.signup_token ? 401 : 400);
    }
    const memberships = await platform.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, SEED_USERS.unverified.id));
    expect(memberships).toEqual([]);

    // Once the address is confirmed the signup token is spent: the door is shut.
    expect((await verify(platform, await latestToken(platform, payload.email), mine)).status).toBe(
      200,
    );
    const late = await platform.request<AccountFailure>("POST", "/enad/organisation/signup/", {
      body: organisationPayload(mine),
    });
    expect(late.status).toBe(401);
  });

  it("attaches one organisation only: a second answers 409", async () => {
    const { user } = await signUp(platform);
    const first = await platform.request("POST", "/enad/organisation/signup/", {
      body: organisationPayload(user),
    });
    expect(first.status).toBe(201);
    const second = await platform.request<AccountFailure>("POST", "/enad/organisation/signup/", {
      body: organisationPayload(user),
    });
    expect(second.status).toBe(409);
    expect(second.body.details).toBe("user already belongs to an organisation");

    const count = await platform.db
      .select({ id: organisations.id })
      .from(organisations)
      .innerJoin(organisationMembers, eq(organisationMembers.organisationId, organisations.id))
      .where(eq(organisationMembers.userId, user.id));
    expect(count).toHaveLength(1);
  });

  it("validates the A§5 organisation rules", async () => {
    const { user } = await signUp(platform);
    const { status, body } = await platform.request<PlatformErrorBody>(
      "POST",
      "/enad/organisation/signup/",
      {
        body: organisationPayload(user, {
          name: "",
          organisation_number: "556677-8899",
          tax_id_vat_number: "",
          email: "nope",
          invoice_email: "also nope",
          phone: "08123456",
          billing_address: [],
          shipping_address: [{ street_address: "", city: "", postal_code: "", country: "SE" }],
        }),
      },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      "name: Company name is required",
      "organisation_number: must not contain hyphens or spaces",
      "tax_id_vat_number: Tax id / VAT number is required",
      "email: must be a valid email address",
      expect.stringMatching(/^invoice_email: /),
      "phone: must start with + and the country code, e.g. +46701234567",
      "billing_address: At least one billing address is required",
      "shipping_address.0.street_address: Street address is required",
      "shipping_address.0.city: City is required",
      "shipping_address.0.postal_code: Postal code is required",
    ]);
  });

  it("takes organisation numbers of letters and digits only, the form's rule", async () => {
    const { user } = await signUp(platform);
    for (const organisation_number of ["556677 8899", "556677.8899", "556677–8899"]) {
      const { status, body } = await platform.request<PlatformErrorBody>(
        "POST",
        "/enad/organisation/signup/",
        { body: organisationPayload(user, { organisation_number }) },
      );
      expect(status, organisation_number).toBe(400);
      expect(body.errors).toEqual(["organisation_number: must not contain hyphens or spaces"]);
    }
  });

  it("accepts an empty invoice email and phone (both optional)", async () => {
    const { user } = await signUp(platform);
    const { status, body } = await platform.request<OrganisationSignupResult>(
      "POST",
      "/enad/organisation/signup/",
      { body: organisationPayload(user, { invoice_email: "", phone: "" }) },
    );
    expect(status).toBe(201);
    expect(body.company).toMatchObject({ invoice_email: "", phone: "" });
  });

  it("counts a pending company as inactive", async () => {
    const { user } = await signUp(platform);
    const { body } = await platform.request<OrganisationSignupResult>(
      "POST",
      "/enad/organisation/signup/",
      { body: organisationPayload(user, { status: "pending" }) },
    );
    expect(body.company).toMatchObject({ status: "pending", is_inactive: true });
  });
});

describe("verify link lifetime", () => {
  it("is 24 hours from the newest link", async () => {
    const { payload, user } = await signUp(platform);
    platform.clock.advance(20 * HOUR);
    await platform.request("POST", "/api/enad/create-verify-link/", {
      body: { email: payload.email, signup_token: user.signup_token },
    });
    const token = await latestToken(platform, payload.email);
    platform.clock.advance(20 * HOUR);
    expect((await verify(platform, token, user)).status).toBe(200);
  });
});
