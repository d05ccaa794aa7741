/**
 * Rights a caller gives itself (issue 38, ADR 0048): for each call and each field only the shop
 * or the platform may decide, what the server keeps when each kind of caller sends it. The
 * callers: anonymous (no token), the shop (its storefront token, as the storefront sends it), a
 * logged-in user (an access token, no storefront token), and a company admin where it matters.
 * The last block replays each attack of the review as it was reported.
 */

import {
  type AccountFailure,
  type Company,
  type CompanyUpdated,
  type CurrentUser,
  DEVELOPMENT_STOREFRONT_TOKEN,
  type LoginResult,
  type OrganisationSignupResult,
  type PlatformErrorBody,
  type ProductPage,
  type ProductParentPrices,
  type SessionStarted,
  type SignupPayload,
  type SignupResult,
  STOREFRONT_TOKEN_HEADER,
} from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisations, users } from "../src/db/schema.js";
import { SEED_FIXTURES, SEED_ORGANISATIONS } from "../src/seed/fixtures.js";
import {
  GOOD_PASSWORD,
  latestToken,
  logIn,
  organisationPayload,
  signupPayload,
  uniqueEmail,
  uniqueOrganisationNumber,
  verifiedUser,
  verify,
} from "./support/accounts.js";
import { companyPath, formPayloadOf, readCompany } from "./support/companies.js";
import { accessTokenOf } from "./support/order-flow.js";
import {
  type RequestOptions,
  startTestPlatform,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

/** The kinds of caller, as the options of a request (`token` is a user's access token). */
type Caller = "anonymous" | "shop" | "user";

async function as(caller: Caller): Promise<RequestOptions> {
  if (caller === "shop") return { storefront: true };
  if (caller === "user") return { token: await accessTokenOf(platform, "customer") };
  return {};
}

async function userRow(id: string) {
  const [row] = await platform.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function organisationRow(id: string) {
  const [row] = await platform.db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

async function signUp(caller: Caller, overrides: Partial<SignupPayload> = {}) {
  const { status, body, text } = await platform.request<{ data: SignupResult }>(
    "POST",
    "/enad/signup/",
    { body: signupPayload(overrides), ...(await as(caller)) },
  );
  expect(status, text).toBe(201);
  return body.data;
}

/** The claims of a session token (a JWT) that a session start answered. */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
}

describe("the fields a caller may not set, per call and caller", () => {
  describe("POST /enad/signup/: status, store_group", () => {
    it.each<[Caller, { status: string; storeGroup: string }]>([
      ["anonymous", { status: "pending", storeGroup: "default" }],
      ["user", { status: "pending", storeGroup: "default" }],
      ["shop", { status: "active", storeGroup: "business" }],
    ])("as %s keeps %o", async (caller, kept) => {
      const signup = await signUp(caller, { status: "active", store_group: "business" });
      expect(signup.status).toBe(kept.status);
      expect(await userRow(signup.id)).toMatchObject(kept);
    });

    it("keeps the shop's pending setting too (A§3 'status from a setting')", async () => {
      const signup = await signUp("shop", { status: "pending" });
      expect(await userRow(signup.id)).toMatchObject({ status: "pending", storeGroup: "default" });
    });
  });

  describe("POST /enad/organisation/signup/: status, credit_check, attribute_ids, the user's store group", () => {
    it.each<[Caller, Record<string, unknown>, string]>([
      ["anonymous", { status: "pending", creditCheck: false, attributeIds: [] }, "default"],
      ["user", { status: "pending", creditCheck: false, attributeIds: [] }, "default"],
      ["shop", { status: "active", creditCheck: true, attributeIds: ["vip-prices"] }, "business"],
    ])("as %s keeps %o, the user's store group %s", async (caller, kept, storeGroup) => {
      // The user's signup was the shop's: only the organisation signup's caller differs.
      const signup = await signUp("shop");
      const { status, body, text } = await platform.request<OrganisationSignupResult>(
        "POST",
        "/enad/organisation/signup/",
        {
          body: organisationPayload(signup, {
            status: "active",
            credit_check: true,
            attribute_ids: ["vip-prices"],
          }),
          ...(await as(caller)),
        },
      );
      expect(status, text).toBe(201);
      expect(await organisationRow(body.company.id)).toMatchObject(kept);
      expect(body.company).toMatchObject({ is_inactive: kept.status !== "active" });
      expect((await userRow(signup.id))?.storeGroup).toBe(storeGroup);
    });
  });

  describe("POST /shopper/sessions/start: storeGroupId", () => {
    it.each<[Caller, string, number]>([
      ["anonymous", "default", 200],
      ["anonymous", "business", 403],
      ["user", "business", 403],
      ["shop", "default", 200],
      ["shop", "business", 200],
    ])("as %s, %s answers %i", async (caller, storeGroupId, expected) => {
      const { status, body } = await platform.request<SessionStarted & PlatformErrorBody>(
        "POST",
        "/shopper/sessions/start",
        { body: { storeGroupId, countryCode: "SE", languageCode: "sv" }, ...(await as(caller)) },
      );
      expect(status).toBe(expected);
      if (expected === 200) {
        expect(claimsOf(body.token)).toMatchObject({ storeGroupId });
        expect(body.cart.storeGroupId).toBe(storeGroupId);
      } else {
        expect(body).toMatchObject({ error: "FORBIDDEN", statusCode: 403 });
        expect(body.requestId).toEqual(expect.any(String));
      }
    });
  });

  describe("POST /enad/update-user/: store_group", () => {
    it.each<[string, "customer" | "companyAdmin", boolean, string]>([
      ["a consumer", "customer", false, "default"],
      ["a consumer through the shop", "customer", true, "default"],
      ["a business user", "companyAdmin", false, "business"],
      ["a business user through the shop", "companyAdmin", true, "business"],
    ])("%s keeps its store group", async (_who, user, storefront, kept) => {
      const token = await accessTokenOf(platform, user);
      const other = kept === "default" ? "business" : "default";
      const { status, body } = await platform.request<CurrentUser>("POST", "/enad/update-user/", {
        token,
        storefront,
        body: { store_group: other, first_name: "Namn", language: "SV", market: "SE" },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ store_group: kept, first_name: "Namn" });
    });

    it("answers 401 to an anonymous caller, the shop's token or not", async () => {
      for (const storefront of [false, true]) {
        const { status } = await platform.request("POST", "/enad/update-user/", {
          storefront,
          body: { store_group: "business" },
        });
        expect(status).toBe(401);
      }
    });
  });

  describe("PUT /enad/companies/{id}: name, organisation_number, tax_id_vat_number, store_groups", () => {
    const nordtrade = SEED_ORGANISATIONS.nordtrade;

    it.each<[string, boolean]>([
      ["an admin", false],
      ["an admin through the shop", true],
    ])("%s: kept whatever is sent", async (_who, storefront) => {
      const token = await accessTokenOf(platform, "companyAdmin");
      const before = await readCompany(platform, token, nordtrade.id);
      const { status, body } = await platform.request<CompanyUpdated>(
        "PUT",
        companyPath(nordtrade.id),
        {
          token,
          storefront,
          body: {
            ...formPayloadOf(before),
            name: "Kapad AB",
            organisation_number: "1111111111",
            tax_id_vat_number: "SE111111111101",
            store_groups: ["vip"],
          },
        },
      );
      expect(status).toBe(200);
      const company: Company = body.company;
      expect(company).toMatchObject({
        name: before.name,
        organisation_number: before.organisation_number,
        tax_id_vat_number: before.tax_id_vat_number,
        store_groups: ["business"],
      });
    });

    it("a member is refused (403), an anonymous caller too (401), the shop's token or not", async () => {
      const before = await readCompany(
        platform,
        await accessTokenOf(platform, "companyAdmin"),
        nordtrade.id,
      );
      const body = { ...formPayloadOf(before), store_groups: ["vip"] };
      const member = await accessTokenOf(platform, "companyBuyer");
      for (const storefront of [false, true]) {
        const asMember = await platform.request("PUT", companyPath(nordtrade.id), {
          token: member,
          storefront,
          body,
        });
        expect(asMember.status).toBe(403);
        const anonymous = await platform.request("PUT", companyPath(nordtrade.id), {
          storefront,
          body,
        });
        expect(anonymous.status).toBe(401);
      }
      expect((await organisationRow(nordtrade.id))?.storeGroups).toEqual(["business"]);
    });
  });

  describe("reads that name a store group: its prices and products", () => {
    const { productParentId } = SEED_FIXTURES.simple;
    const context = { market: "SE", language: "sv" };
    const reads: [string, (storeGroup: string) => [string, string, RequestOptions]][] = [
      [
        "GET /shopper/prices/…",
        (sg) => [
          "GET",
          `/shopper/prices/product-parents/${productParentId}/store-groups/${sg}/markets/SE`,
          {},
        ],
      ],
      [
        "GET /shopper/stocks/…",
        (sg) => [
          "GET",
          `/shopper/stocks/product-parents/${productParentId}/store-groups/${sg}/markets/SE`,
          {},
        ],
      ],
      [
        "GET /shopper/store-groups/{sg}/markets",
        (sg) => ["GET", `/shopper/store-groups/${sg}/markets`, {}],
      ],
      [
        "POST /enad/get-products-by-category-uri/",
        (sg) => [
          "POST",
          "/enad/get-products-by-category-uri/",
          {
            body: { ...context, storeGroupSlug: sg, categoryUri: SEED_FIXTURES.simple.categoryUri },
          },
        ],
      ],
      [
        "POST /enad/get-product-by-slug/",
        (sg) => [
          "POST",
          "/enad/get-product-by-slug/",
          { body: { ...context, storeGroupSlug: sg, slug: SEED_FIXTURES.simple.slug } },
        ],
      ],
      [
        "POST /enad/search-products/",
        (sg) => [
          "POST",
          "/enad/search-products/",
          { body: { ...context, storeGroupSlug: sg, query: "mugg" } },
        ],
      ],
      [
        "POST /enad/search-suggestions/",
        (sg) => [
          "POST",
          "/enad/search-suggestions/",
          { body: { ...context, storeGroupSlug: sg, query: "mug" } },
        ],
      ],
    ];

    it.each(reads)(
      "%s: the public group for anyone, business for the shop only",
      async (_, call) => {
        for (const [caller, storeGroup, expected] of [
          ["anonymous", "default", 200],
          ["user", "default", 200],
          ["shop", "default", 200],
          ["anonymous", "business", 403],
          ["user", "business", 403],
          ["shop", "business", 200],
        ] as const) {
          const [method, path, options] = call(storeGroup);
          const { status, body } = await platform.request<PlatformErrorBody>(method, path, {
            ...options,
            ...(await as(caller)),
          });
          expect(status, `${caller} ${storeGroup}`).toBe(expected);
          if (expected === 403) expect(body.error).toBe("FORBIDDEN");
        }
      },
    );
  });

  describe("the storefront token itself", () => {
    it("a wrong one is refused with 401, not taken as anonymous, on any call", async () => {
      for (const [method, path, body] of [
        ["GET", "/shopper/store-groups/default/markets", undefined],
        ["POST", "/enad/signup/", signupPayload()],
      ] as const) {
        const { status, body: reply } = await platform.request<PlatformErrorBody>(method, path, {
          body,
          headers: { [STOREFRONT_TOKEN_HEADER]: `${DEVELOPMENT_STOREFRONT_TOKEN}x` },
        });
        expect(status).toBe(401);
        expect(reply.error).toBe("UNAUTHORIZED");
      }
    });

    it("is not the Authorization header: the development token as a bearer opens nothing", async () => {
      const { status } = await platform.request("POST", "/shopper/sessions/start", {
        token: DEVELOPMENT_STOREFRONT_TOKEN,
        body: { storeGroupId: "business", countryCode: "SE", languageCode: "sv" },
      });
      expect(status).toBe(403);
    });

    it("accepts any of several configured tokens (a rotation), and only those", async () => {
      const [oldToken, newToken] = ["a1b2c3d4e5f6".repeat(3), "0f9e8d7c6b5a".repeat(3)];
      const rotating = await platform.serveAgain({
        config: { storefrontTokens: [oldToken, newToken] },
      });
      for (const [token, expected] of [
        [oldToken, 200],
        [newToken, 200],
        [DEVELOPMENT_STOREFRONT_TOKEN, 401],
      ] as const) {
        const response = await fetch(`${rotating.url}/shopper/store-groups/business/markets`, {
          headers: { [STOREFRONT_TOKEN_HEADER]: token },
        });
        expect(response.status).toBe(expected);
      }
    });

    it("an anonymous caller's repeat of the shop's Idempotency-Key is not answered from the shop's store", async () => {
      const body = signupPayload({ status: "active" });
      const headers = { "Idempotency-Key": `caller-fields-${uniqueEmail()}` };
      const shop = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
        body,
        headers,
        storefront: true,
      });
      const anonymous = await platform.request<{ data: SignupResult }>("POST", "/enad/signup/", {
        body,
        headers,
      });
      expect(shop.body.data.status).toBe("active");
      expect(anonymous.headers.get("Idempotent-Replayed")).toBeNull();
      expect(anonymous.body.data).toMatchObject({ status: "pending" });
      expect(anonymous.body.data.signup_token).not.toBe(shop.body.data.signup_token);
    });
  });
});

describe("the attacks of issue 38, replayed", () => {
  it('a direct signup with "status":"active" waits for approval: it cannot log in', async () => {
    const email = uniqueEmail("self-approved");
    const signup = await signUp("anonymous", { email, status: "active" });
    await platform.request("POST", "/api/enad/create-verify-link/", {
      body: { email, signup_token: signup.signup_token },
    });
    expect((await verify(platform, await latestToken(platform, email), signup)).status).toBe(200);
    const login = await logIn(platform, email, GOOD_PASSWORD);
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ details: "user is in pending state" });
  });

  it("an anonymous business session is refused, and so are business prices", async () => {
    const session = await platform.request<PlatformErrorBody>("POST", "/shopper/sessions/start", {
      body: { storeGroupId: "business", countryCode: "SE", languageCode: "sv" },
    });
    expect(session.status).toBe(403);
    expect(session.body).toMatchObject({ error: "FORBIDDEN", statusCode: 403 });
    const prices = await platform.request<ProductParentPrices>(
      "GET",
      `/shopper/prices/product-parents/${SEED_FIXTURES.simple.productParentId}/store-groups/business/markets/SE`,
    );
    expect(prices.status).toBe(403);
    const listing = await platform.request<ProductPage>("POST", "/enad/get-products-by-tag/", {
      body: { storeGroupSlug: "business", market: "SE", tag: "nyhet" },
    });
    expect(listing.status).toBe(403);
  });

  it("an update-user store_group: business does not change the login's store_group_id", async () => {
    const { payload, login } = await verifiedUser(platform);
    expect(login.user.store_group_id).toBe("default");
    const updated = await platform.request<CurrentUser>("POST", "/enad/update-user/", {
      token: login.access_token,
      body: { store_group: "business", language: "SV", market: "SE", country_code: "SE" },
    });
    expect(updated.status).toBe(200);
    const again = await platform.request<LoginResult>("POST", "/enad/login/", {
      body: { email: payload.email, password: payload.password },
    });
    expect(again.body.user.store_group_id).toBe("default");
  });

  it("an anonymous organisation signup with one's own signup token does not give business prices", async () => {
    // A consumer signs up through the shop, reads the signup token from their cookie, and
    // attaches a company themselves.
    const email = uniqueEmail("self-business");
    const signup = await signUp("shop", { email });
    const company = await platform.request<OrganisationSignupResult>(
      "POST",
      "/enad/organisation/signup/",
      { body: organisationPayload(signup, { status: "active" }) },
    );
    expect(company.status).toBe(201);
    expect(company.body.company.status).toBe("pending");
    await platform.request("POST", "/api/enad/create-verify-link/", {
      body: { email, signup_token: signup.signup_token },
    });
    await verify(platform, await latestToken(platform, email), signup);
    const login = await logIn(platform, email, GOOD_PASSWORD);
    expect(login.body.user.store_group_id).toBe("default");
  });

  it("three strangers' signups keep the owner's signup and organisation", async () => {
    const email = uniqueEmail("owner");
    const organisationNumber = uniqueOrganisationNumber();
    const owner = await signUp("shop", { email, password: "Owner-pass-123" });
    const registered = await platform.request<OrganisationSignupResult>(
      "POST",
      "/enad/organisation/signup/",
      {
        body: organisationPayload(owner, { organisation_number: organisationNumber }),
        storefront: true,
      },
    );
    expect(registered.status).toBe(201);

    // Three signups with the owner's address, each with a password of the stranger's.
    const answers = [];
    for (const index of [1, 2, 3]) {
      answers.push(
        await platform.request<AccountFailure>("POST", "/enad/signup/", {
          body: signupPayload({ email, password: `Stranger-pass-${index}0` }),
          storefront: true,
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 409]);
    expect(answers[2]?.body.details).toBe("email not verified");

    expect(await userRow(owner.id)).toMatchObject({ email, emailVerified: false });
    expect(await organisationRow(registered.body.company.id)).toMatchObject({
      organisationNumber,
    });
    // The number is still the owner's: nobody else registers it.
    const stranger = await signUp("shop");
    const taken = await platform.request<AccountFailure>("POST", "/enad/organisation/signup/", {
      body: organisationPayload(stranger, { organisation_number: organisationNumber }),
      storefront: true,
    });
    expect(taken.body.details).toBe("Company already exists");

    // And the owner confirms their own signup, with their company.
    await platform.request("POST", "/api/enad/create-verify-link/", {
      body: { email, signup_token: owner.signup_token },
    });
    expect((await verify(platform, await latestToken(platform, email), owner)).status).toBe(200);
    const login = await logIn(platform, email, "Owner-pass-123");
    expect(login.status).toBe(200);
    expect(login.body.user.organisations.map((organisation) => organisation.id)).toEqual([
      registered.body.company.id,
    ]);
  });

  it("past the cap, the owner who cannot prove a signup still gets in by choosing a password", async () => {
    const email = uniqueEmail("locked-out");
    for (const index of [1, 2, 3]) {
      await signUp("shop", { email, password: `Stranger-pass-${index}0` });
    }
    const refused = await platform.request<AccountFailure>("POST", "/enad/signup/", {
      body: signupPayload({ email, password: "Owner-pass-123" }),
      storefront: true,
    });
    expect(refused.body.details).toBe("email not verified");
    // A§8's branch: the storefront asks for the link again, without proof.
    const link = await platform.request("POST", "/api/enad/create-verify-link/", {
      body: { email },
    });
    expect(link.status).toBe(200);
    const reset = await platform.request("POST", "/enad/reset-password/", {
      body: {
        password: "Owner-pass-123",
        reset_password_token: await latestToken(platform, email),
      },
    });
    expect(reset.status).toBe(200);
    expect((await logIn(platform, email, "Owner-pass-123")).status).toBe(200);
    const rows = await platform.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});
