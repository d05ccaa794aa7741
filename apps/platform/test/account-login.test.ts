import type {
  AccountFailure,
  CurrentUser,
  LoginResult,
  SessionStarted,
  TokenPair,
} from "@kassa/api-client";
import { sign } from "hono/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN_LIFETIME_SECONDS } from "../src/modules/accounts/access-token.js";
import { SEED_ORGANISATIONS, SEED_PASSWORD, SEED_USERS } from "../src/seed/fixtures.js";
import { GOOD_PASSWORD, logIn, uniqueEmail, verifiedUser } from "./support/accounts.js";
import { DAY, HOUR, MINUTE } from "./support/test-clock.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

/** Each test logs in from its own client address, so the per-address limit of one does not leak. */
let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

async function login(email: string, password: string, address = freshAddress()) {
  return platform.request<LoginResult & AccountFailure>("POST", "/enad/login/", {
    body: { email, password },
    // As the storefront forwards it: the address its trusted proxy saw.
    headers: { "x-forwarded-for": address },
  });
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
}

async function getUser(token: string | undefined) {
  return platform.request<CurrentUser & AccountFailure>("POST", "/enad/get-user/", { token });
}

describe("POST /enad/login/", () => {
  it("answers LoginResult with tokens and the user", async () => {
    const { status, body } = await login(SEED_USERS.companyAdmin.email, SEED_PASSWORD);
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["access_token", "expires_in", "refresh_token", "user"]);
    expect(body.expires_in).toBe(3600);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: SEED_USERS.companyAdmin.id,
      email: "admin@nordtrade.test",
      first_name: "Anders",
      last_name: "Nordin",
      store_group_id: "business",
      market: "SE",
      language: "SV",
      organisations: [
        {
          id: SEED_ORGANISATIONS.nordtrade.id,
          name: "Nordtrade AB",
          status: "active",
          organisation_number: "5566778899",
          tax_id_vat_number: "SE556677889901",
          contact_name: "Anders Nordin",
          role: "customer",
          level: "admin",
        },
      ],
    });
  });

  it("signs an HS256 access token {sub, typ: access, exp = iat + 1 h}", async () => {
    const { body } = await login(SEED_USERS.customer.email, SEED_PASSWORD);
    const header = JSON.parse(
      Buffer.from(body.access_token.split(".")[0] ?? "", "base64url").toString("utf8"),
    );
    expect(header.alg).toBe("HS256");
    const claims = decode(body.access_token);
    expect(claims).toMatchObject({ sub: SEED_USERS.customer.id, typ: "access" });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(ACCESS_TOKEN_LIFETIME_SECONDS);
  });

  it("accepts the email in any case and with spaces", async () => {
    const { status } = await login(`  ${SEED_USERS.customer.email.toUpperCase()} `, SEED_PASSWORD);
    expect(status).toBe(200);
  });

  it("answers 404 'user not found', 401 'invalid password', 403 for unverified and pending", async () => {
    const cases = [
      [uniqueEmail(), SEED_PASSWORD, 404, "user not found"],
      [SEED_USERS.customer.email, "Wrong-password-1", 401, "invalid password"],
      [SEED_USERS.unverified.email, SEED_PASSWORD, 403, "email not verified"],
      [SEED_USERS.pending.email, SEED_PASSWORD, 403, "user is in pending state"],
    ] as const;
    for (const [email, password, status, details] of cases) {
      const response = await login(email, password);
      expect(response.status).toBe(status);
      // An unconfirmed signup's right password also gets that signup's token (see logIn).
      const signupToken = details === "email not verified" ? ["signup_token"] : [];
      expect(keysOf(response.body)).toEqual(
        ["details", "message", "requestId", ...signupToken, "statusCode"].sort(),
      );
      expect(response.body).toMatchObject({ details, message: details, statusCode: status });
      expect(response.body.requestId).toBe(response.headers.get("x-request-id"));
    }
  });

  it("checks the password before telling that an email is unverified", async () => {
    const response = await login(SEED_USERS.unverified.email, "Wrong-password-1");
    expect(response.status).toBe(401);
    expect(response.body.details).toBe("invalid password");
  });

  it("sends no mail when an unverified user logs in", async () => {
    const before = await platform.request<unknown[]>(
      "GET",
      `/dev/mail.json?to=${SEED_USERS.unverified.email}`,
    );
    await login(SEED_USERS.unverified.email, SEED_PASSWORD);
    const after = await platform.request<unknown[]>(
      "GET",
      `/dev/mail.json?to=${SEED_USERS.unverified.email}`,
    );
    expect(after.body).toHaveLength(before.body.length);
  });

  it("answers 400 for a body without email or password", async () => {
    const { status, body } = await platform.request<{ errors: string[] }>("POST", "/enad/login/", {
      body: { email: "" },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.stringMatching(/^email: /),
      expect.stringMatching(/^password: /),
    ]);
  });
});

describe("login rate limit", () => {
  it("allows 5 failures per account in 15 minutes, then 429 with Retry-After, even from other addresses", async () => {
    const { payload } = await verifiedUser(platform);
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status } = await login(payload.email, "Wrong-password-1");
      expect(status).toBe(401);
      platform.clock.advance(MINUTE);
    }
    // The first failure was 5 minutes ago: it drops out of the window in 10 minutes.
    const blocked = await login(payload.email, payload.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      details: "too many attempts",
      message: "too many attempts",
      statusCode: 429,
      retry_after: 600,
    });
    expect(keysOf(blocked.body)).toEqual([
      "details",
      "message",
      "requestId",
      "retry_after",
      "statusCode",
    ]);
    expect(blocked.headers.get("retry-after")).toBe("600");

    platform.clock.advance(10 * MINUTE - 1000);
    expect((await login(payload.email, payload.password)).status).toBe(429);
    platform.clock.advance(1000);
    expect((await login(payload.email, payload.password)).status).toBe(200);
  });

  it("does not count blocked attempts, and a success resets the account's count", async () => {
    const { payload } = await verifiedUser(platform);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(payload.email, "Wrong-password-1")).status).toBe(401);
    }
    expect((await login(payload.email, payload.password)).status).toBe(200);
    // Counting starts again: four more failures are allowed before the fifth blocks.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(payload.email, "Wrong-password-1")).status).toBe(401);
    }
    expect((await login(payload.email, payload.password)).status).toBe(429);
    // Attempts while blocked are refused without being counted: the block ends on time.
    platform.clock.advance(14 * MINUTE);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(payload.email, "Wrong-password-1")).status).toBe(429);
    }
    platform.clock.advance(MINUTE);
    expect((await login(payload.email, payload.password)).status).toBe(200);
  });

  it("counts unknown addresses per account too", async () => {
    const email = uniqueEmail("nobody");
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(email, SEED_PASSWORD)).status).toBe(404);
    }
    expect((await login(email, SEED_PASSWORD)).status).toBe(429);
  });

  it("allows 20 failures per client address in 15 minutes across accounts", async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 20; attempt++) {
      const { status } = await login(uniqueEmail("spray"), SEED_PASSWORD, address);
      expect(status).toBe(404);
    }
    const blocked = await login(SEED_USERS.finnishCustomer.email, SEED_PASSWORD, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.retry_after).toBe(15 * 60);
    expect(blocked.headers.get("retry-after")).toBe("900");
    // Another client is not affected, and neither is the account.
    const other = await login(SEED_USERS.finnishCustomer.email, SEED_PASSWORD, freshAddress());
    expect(other.status).toBe(200);

    platform.clock.advance(15 * MINUTE);
    const later = await login(SEED_USERS.finnishCustomer.email, SEED_PASSWORD, address);
    expect(later.status).toBe(200);
  });

  it("has no per-address limit for a loopback caller that forwards no address", async () => {
    // A storefront without a proxy in front cannot name the shopper's address. Counting its logins
    // under its own loopback address would let 20 failures anywhere lock out every shopper.
    for (let attempt = 0; attempt < 25; attempt++) {
      const { status } = await platform.request("POST", "/enad/login/", {
        body: { email: uniqueEmail("peer"), password: SEED_PASSWORD },
      });
      expect(status).toBe(404);
    }
    const allowed = await platform.request("POST", "/enad/login/", {
      body: { email: SEED_USERS.customer.email, password: SEED_PASSWORD },
    });
    expect(allowed.status).toBe(200);

    // The per-account limit still holds.
    for (let attempt = 0; attempt < 5; attempt++) {
      await platform.request("POST", "/enad/login/", {
        body: { email: SEED_USERS.customer.email, password: "Wrong-password-1" },
      });
    }
    const blocked = await platform.request<AccountFailure>("POST", "/enad/login/", {
      body: { email: SEED_USERS.customer.email, password: SEED_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    platform.clock.advance(15 * MINUTE);
  });
});

describe("POST /enad/refresh-token/ and /enad/logout/", () => {
  it("rotates: a new pair, and the old refresh token is spent", async () => {
    const { login: first } = await verifiedUser(platform);
    platform.clock.advance(MINUTE);
    const refreshed = await platform.request<TokenPair>("POST", "/enad/refresh-token/", {
      body: { refresh_token: first.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(keysOf(refreshed.body)).toEqual(["access_token", "expires_in", "refresh_token"]);
    expect(refreshed.body.expires_in).toBe(3600);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect((await getUser(refreshed.body.access_token)).status).toBe(200);

    const reused = await platform.request<AccountFailure>("POST", "/enad/refresh-token/", {
      body: { refresh_token: first.refresh_token },
    });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ details: "Unauthorized", statusCode: 401 });
    expect(reused.headers.get("www-authenticate")).toBe('Bearer realm="account"');
  });

  it("answers 401 for an unknown token and for one older than 30 days", async () => {
    const unknown = await platform.request<AccountFailure>("POST", "/enad/refresh-token/", {
      body: { refresh_token: "y".repeat(43) },
    });
    expect(unknown.status).toBe(401);

    const { login: session } = await verifiedUser(platform);
    platform.clock.advance(30 * DAY);
    const expired = await platform.request<AccountFailure>("POST", "/enad/refresh-token/", {
      body: { refresh_token: session.refresh_token },
    });
    expect(expired.status).toBe(401);
    expect(expired.body.details).toBe("Unauthorized");
  });

  it("logs out: 200 {message: 'logged out'}, and the refresh token is dead", async () => {
    const { login: session } = await verifiedUser(platform);
    const out = await platform.request("POST", "/enad/logout/", {
      body: { refresh_token: session.refresh_token },
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: "logged out" });
    const refresh = await platform.request("POST", "/enad/refresh-token/", {
      body: { refresh_token: session.refresh_token },
    });
    expect(refresh.status).toBe(401);
    // Logging out twice, or with a token that is not known, is still logged out.
    const again = await platform.request("POST", "/enad/logout/", {
      body: { refresh_token: session.refresh_token },
    });
    expect(again.status).toBe(200);
  });
});

describe("POST /enad/get-user/", () => {
  it("answers the CurrentUser of the token", async () => {
    const { body: session } = await login(SEED_USERS.customer.email, SEED_PASSWORD);
    const { status, body } = await getUser(session.access_token);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: SEED_USERS.customer.id,
      email: "kund@kassa.test",
      first_name: "Karin",
      last_name: "Lindqvist",
      phone_number: "+46701234501",
      store_group: "default",
      market: "SE",
      language: "SV",
      country_code: "SE",
      is_super_admin: false,
      email_verified: true,
      address: { street: "Storgatan 12", zip_code: "11122", city: "Stockholm" },
      communication_preferences: { allow_email: true, allow_sms: false, allow_postal: false },
      organisations: [],
    });
  });

  it("answers 401 Unauthorized without a token, with a bad one, an expired one or a shopper token", async () => {
    const { body: session } = await login(SEED_USERS.customer.email, SEED_PASSWORD);
    const forged = await sign(
      { sub: SEED_USERS.superAdmin.id, typ: "access", exp: Math.floor(Date.now() / 1000) + 60 },
      "not-the-secret",
      "HS256",
    );
    const started = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
      body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
    });
    for (const token of [undefined, "garbage", forged, started.body.token]) {
      const { status, body, headers } = await getUser(token);
      expect(status).toBe(401);
      expect(body).toEqual({
        details: "Unauthorized",
        message: "Unauthorized",
        statusCode: 401,
        requestId: headers.get("x-request-id"),
      });
      expect(headers.get("www-authenticate")).toBe('Bearer realm="account"');
    }

    platform.clock.advance(HOUR - 1000);
    expect((await getUser(session.access_token)).status).toBe(200);
    platform.clock.advance(1000);
    expect((await getUser(session.access_token)).status).toBe(401);
  });

  it("does not let a shopper session token pass, nor an access token start a cart", async () => {
    const { body: session } = await login(SEED_USERS.customer.email, SEED_PASSWORD);
    const cart = await platform.request("GET", "/shopper/sessions", {
      token: session.access_token,
    });
    expect(cart.status).toBe(401);
  });

  it("carries every organisation of an agent, in the order joined", async () => {
    const { body: session } = await login(SEED_USERS.agent.email, SEED_PASSWORD);
    const { body } = await getUser(session.access_token);
    expect(body.organisations.map((org) => [org.name, org.role, org.level])).toEqual(
      SEED_USERS.agent.organisations.map((membership) => [
        SEED_ORGANISATIONS[membership.organisation].name,
        "agent",
        "default",
      ]),
    );
    expect(body.organisations.slice(0, 2).map((org) => org.name)).toEqual([
      "Nordtrade AB",
      "Fjällhandel Oy",
    ]);
  });
});

describe("POST /enad/update-user/", () => {
  it("changes the profile and answers the CurrentUser; left-out fields keep their value", async () => {
    const { login: session, payload } = await verifiedUser(platform);
    const { status, body } = await platform.request<CurrentUser>("POST", "/enad/update-user/", {
      token: session.access_token,
      body: {
        first_name: "Maria",
        phone_number: "+46 70 999 88 77",
        address: { street: "Ågatan 3", city: "Linköping" },
        communication_preferences: { allow_sms: true },
        store_group: "default",
        language: "en",
        market: "FI",
        country_code: "fi",
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      email: payload.email,
      first_name: "Maria",
      last_name: "Sandberg",
      phone_number: "+46709998877",
      language: "EN",
      market: "FI",
      country_code: "FI",
      address: { street: "Ågatan 3", zip_code: "", city: "Linköping" },
      communication_preferences: { allow_email: true, allow_sms: true, allow_postal: false },
    });
    const again = await getUser(session.access_token);
    expect(again.body).toEqual(body);
  });

  it("never changes the email, whatever the body says", async () => {
    const { login: session, payload } = await verifiedUser(platform);
    const { status, body } = await platform.request<CurrentUser>("POST", "/enad/update-user/", {
      token: session.access_token,
      body: {
        email: "someone-else@example.test",
        store_group: "default",
        language: "SV",
        market: "SE",
        country_code: "SE",
      },
    });
    expect(status).toBe(200);
    expect(body.email).toBe(payload.email);
  });

  it("takes an empty phone as none, and refuses one without a +", async () => {
    const { login: session } = await verifiedUser(platform);
    const cleared = await platform.request<CurrentUser>("POST", "/enad/update-user/", {
      token: session.access_token,
      body: { phone_number: "" },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.phone_number).toBe("");
    const refused = await platform.request<{ errors: string[] }>("POST", "/enad/update-user/", {
      token: session.access_token,
      body: { phone_number: "0701234567" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      "phone_number: must start with + and the country code, e.g. +46701234567",
    ]);
  });

  it("refuses an unknown store group, language or market", async () => {
    const { login: session } = await verifiedUser(platform);
    const { status, body } = await platform.request<{ errors: string[] }>(
      "POST",
      "/enad/update-user/",
      {
        token: session.access_token,
        body: { store_group: "vip", language: "DE", market: "NO", country_code: "SWE" },
      },
    );
    expect(status).toBe(400);
    expect(body.errors.map((error) => error.split(":")[0])).toEqual([
      "store_group",
      "language",
      "market",
      "country_code",
    ]);
  });

  it("needs a token", async () => {
    const { status, body } = await platform.request<AccountFailure>("POST", "/enad/update-user/", {
      body: { first_name: "X" },
    });
    expect(status).toBe(401);
    expect(body.details).toBe("Unauthorized");
  });
});

describe("cross-account", () => {
  it("one account's token never reads or changes another account", async () => {
    const a = await verifiedUser(platform, { first_name: "Alva" });
    const b = await verifiedUser(platform, { first_name: "Bror" });

    const readA = await getUser(a.login.access_token);
    expect(readA.body.id).toBe(a.user.id);
    expect(readA.body.email).toBe(a.payload.email);

    // Ids and emails in the body are not how the account is chosen: the token is.
    const update = await platform.request<CurrentUser>("POST", "/enad/update-user/", {
      token: a.login.access_token,
      body: { id: b.user.id, user_id: b.user.id, email: b.payload.email, first_name: "Changed" },
    });
    expect(update.body.id).toBe(a.user.id);
    const readB = await getUser(b.login.access_token);
    expect(readB.body.first_name).toBe("Bror");
    expect(readB.body.email).toBe(b.payload.email);

    // A refresh token names its own account only.
    const refreshed = await platform.request<TokenPair>("POST", "/enad/refresh-token/", {
      body: { refresh_token: b.login.refresh_token },
    });
    expect(decode(refreshed.body.access_token).sub).toBe(b.user.id);

    // Deleting with A's token deletes A, not B.
    await platform.request("POST", "/enad/delete/", {
      token: a.login.access_token,
      body: { id: b.user.id },
    });
    expect((await getUser(refreshed.body.access_token)).status).toBe(200);
    expect((await getUser(a.login.access_token)).status).toBe(401);
    expect((await logIn(platform, b.payload.email, GOOD_PASSWORD)).status).toBe(200);
  });
});
