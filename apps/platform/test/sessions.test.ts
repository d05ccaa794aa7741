import type { Cart, PlatformErrorBody, SessionStarted, SessionState } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { sign } from "hono/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerConfig } from "../src/config.js";
import { shopperSessions } from "../src/db/schema.js";
import { SESSION_TOKEN_LIFETIME_SECONDS } from "../src/modules/shopper/session-token.js";
import { SESSION_STARTS_PER_ADDRESS } from "../src/modules/shopper/sessions.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

/** As the storefront starts one: with its token (any store group but the public one needs it). */
async function startSession(body: Record<string, unknown>) {
  return platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body,
    storefront: true,
  });
}

function decodePayload(token: string): Record<string, unknown> {
  const [, payload] = token.split(".");
  return JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
}

describe("POST /shopper/sessions/start", () => {
  it("starts a session with an empty cart and the market's capabilities", async () => {
    const { status, body } = await startSession({
      storeGroupId: "default",
      countryCode: "SE",
      languageCode: "sv",
    });
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["capabilities", "cart", "token"]);
    expect(body.cart).toEqual({
      id: expect.any(String),
      storeGroupId: "default",
      countryCode: "SE",
      currencyCode: "SEK",
      languageCode: "sv",
      isTaxIncludedInPrice: true,
      discountCodes: [],
      revision: 0,
      items: [],
      totals: { subTotal: 0, shippingTotal: 0, discountTotal: 0, taxTotal: 0, grandTotal: 0 },
      attributes: {},
    });
    expect(body.capabilities).toEqual({
      // The default configuration for consumers in Sweden (API.md "Capabilities").
      paymentProviders: [
        { id: "qliro-one", name: "QliroOne" },
        { id: "klarna-checkout", name: "KlarnaCheckout" },
        { id: "walley-checkout", name: "WalleyCheckout" },
      ],
      shippingProviders: [{ id: "postnord", name: "PostNord" }],
      giftCardProviders: [{ id: "retain24", name: "Retain24" }],
    });
  });

  it("signs a JWT naming the session, store group, market, currency, language and tax flag for 30 days", async () => {
    const { body } = await startSession({
      storeGroupId: "business",
      countryCode: "FI",
      languageCode: "fi",
    });
    const claims = decodePayload(body.token);
    expect(claims).toMatchObject({
      sub: body.cart.id,
      storeGroupId: "business",
      countryCode: "FI",
      currencyCode: "EUR",
      languageCode: "fi",
      isTaxIncludedInPrice: false,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(SESSION_TOKEN_LIFETIME_SECONDS);
    expect(SESSION_TOKEN_LIFETIME_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(body.cart.isTaxIncludedInPrice).toBe(false);
    // Business customers pay with Walley by default, in every market.
    expect(body.capabilities.paymentProviders.map((provider) => provider.name)).toEqual([
      "WalleyCheckout",
    ]);
  });

  it("accepts language and country codes in any case", async () => {
    const { status, body } = await startSession({
      storeGroupId: "default",
      countryCode: "se",
      languageCode: "SV",
    });
    expect(status).toBe(200);
    expect(body.cart.countryCode).toBe("SE");
    expect(body.cart.languageCode).toBe("sv");
  });

  it("answers 400 for an unknown store group, market or language", async () => {
    const { status, body, headers } = await platform.request<PlatformErrorBody>(
      "POST",
      "/shopper/sessions/start",
      { body: { storeGroupId: "nope", countryCode: "DE", languageCode: "de" } },
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: "BAD_REQUEST", statusCode: 400 });
    expect(body.errors).toEqual([
      'storeGroupId: unknown store group "nope"',
      'countryCode: unknown market "DE"',
      'languageCode: "de" is not one of sv, fi, en',
    ]);
    expect(body.requestId).toBe(headers.get("x-request-id"));
  });

  it("answers 400 listing missing fields", async () => {
    const { status, body } = await platform.request<PlatformErrorBody>(
      "POST",
      "/shopper/sessions/start",
      { body: { storeGroupId: "default" } },
    );
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(2);
    expect(body.errors?.[0]).toMatch(/^countryCode: /);
    expect(body.errors?.[1]).toMatch(/^languageCode: /);
  });
});

describe("session starts per client address", () => {
  it(`allows ${SESSION_STARTS_PER_ADDRESS.limit} in ten minutes from one address, then 429 with Retry-After`, async () => {
    const start = (address: string) =>
      platform.request<PlatformErrorBody>("POST", "/shopper/sessions/start", {
        body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
        headers: { "x-forwarded-for": address },
      });
    const answers = await Promise.all(
      Array.from({ length: SESSION_STARTS_PER_ADDRESS.limit + 5 }, () => start("203.0.113.90")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(
      SESSION_STARTS_PER_ADDRESS.limit,
    );
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body).toMatchObject({ error: "TOO_MANY_REQUESTS", statusCode: 429 });
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await start("203.0.113.91")).status).toBe(200);
    platform.clock.advance(10 * 60 * 1000);
    expect((await start("203.0.113.90")).status).toBe(200);
  });

  it("takes the limit from the configuration (KASSA_SESSION_STARTS_PER_ADDRESS)", async () => {
    expect(readServerConfig({}).sessionStartsPerAddress).toBe(SESSION_STARTS_PER_ADDRESS.limit);
    expect(
      readServerConfig({ KASSA_SESSION_STARTS_PER_ADDRESS: "500" }).sessionStartsPerAddress,
    ).toBe(500);
    expect(() => readServerConfig({ KASSA_SESSION_STARTS_PER_ADDRESS: "0" })).toThrow();
    const strict = await startTestPlatform({ config: { sessionStartsPerAddress: 2 } });
    try {
      const start = () =>
        strict.request("POST", "/shopper/sessions/start", {
          body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
          headers: { "x-forwarded-for": "203.0.113.92" },
        });
      expect([(await start()).status, (await start()).status, (await start()).status]).toEqual([
        200, 200, 429,
      ]);
    } finally {
      await strict.close();
    }
  });
});

describe("GET /shopper/sessions", () => {
  it("answers the token, the cart, the capabilities and the customer link", async () => {
    const started = await startSession({
      storeGroupId: "default",
      countryCode: "SE",
      languageCode: "sv",
    });
    const { status, body } = await platform.request<SessionState>("GET", "/shopper/sessions", {
      token: started.body.token,
    });
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["capabilities", "cart", "customer", "token"]);
    // A new session belongs to nobody yet (ADR 0012).
    expect(body.customer).toBeNull();
    expect(body.token).toBe(started.body.token);
    expect(body.cart).toEqual(started.body.cart);
    expect(body.capabilities).toEqual(started.body.capabilities);
  });

  it("answers 401 without a token", async () => {
    const { status, body, headers } = await platform.request<PlatformErrorBody>(
      "GET",
      "/shopper/sessions",
    );
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: "UNAUTHORIZED", statusCode: 401, errors: [] });
    expect(headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("answers 401 for a token that is malformed, tampered with, signed with another key or expired", async () => {
    const started = await startSession({
      storeGroupId: "default",
      countryCode: "SE",
      languageCode: "sv",
    });
    const [header, payload, signature] = started.body.token.split(".");
    const claims = decodePayload(started.body.token);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, storeGroupId: "business" })).toString("base64url")}.${signature}`;
    const otherKey = await sign(claims, "another-secret", "HS256");
    const now = Math.floor(platform.clock.now().getTime() / 1000);
    const expired = await sign(
      { ...claims, iat: now - 100, exp: now - 10 },
      platform.sessionSecret,
      "HS256",
    );

    for (const token of ["not-a-jwt", tampered, otherKey, expired, `${header}.${payload}.`]) {
      const { status } = await platform.request("GET", "/shopper/sessions", { token });
      expect(status, token).toBe(401);
    }
  });

  it("answers 401 for a valid token whose session no longer exists", async () => {
    const started = await startSession({
      storeGroupId: "default",
      countryCode: "SE",
      languageCode: "sv",
    });
    const claims = decodePayload(started.body.token);
    const ghost = await sign(
      { ...claims, sub: "00000000-0000-4000-8000-000000000000" },
      platform.sessionSecret,
      "HS256",
    );
    const { status } = await platform.request("GET", "/shopper/sessions", { token: ghost });
    expect(status).toBe(401);
  });

  it("keeps the time of the platform's clock: the session is stamped and its token expires by it", async () => {
    const started = await startSession({
      storeGroupId: "default",
      countryCode: "SE",
      languageCode: "sv",
    });
    const startedAt = platform.clock.now();
    expect(decodePayload(started.body.token).iat).toBe(Math.floor(startedAt.getTime() / 1000));
    const [row] = await platform.db
      .select()
      .from(shopperSessions)
      .where(eq(shopperSessions.id, started.body.cart.id));
    expect(row?.createdAt.getTime()).toBe(startedAt.getTime());

    const state = () => platform.request("GET", "/shopper/sessions", { token: started.body.token });
    platform.clock.advance(SESSION_TOKEN_LIFETIME_SECONDS * 1000 - 60_000);
    expect((await state()).status).toBe(200);
    platform.clock.advance(60_000);
    expect((await state()).status).toBe(401);
  });
});

describe("PATCH /shopper/sessions/attributes", () => {
  it("merges company and merchant references into cart.attributes and bumps the revision", async () => {
    const { body: started } = await startSession({
      storeGroupId: "business",
      countryCode: "SE",
      languageCode: "sv",
    });
    const company = {
      registrationNumber: "556677-8899",
      taxId: "SE556677889901",
      name: "Fjällbruk AB",
      reference: "Anna Andersson",
    };
    const first = await platform.request<{ cart: Cart }>("PATCH", "/shopper/sessions/attributes", {
      token: started.token,
      body: { company },
    });
    expect(first.status).toBe(200);
    expect(keysOf(first.body)).toEqual(["cart"]);
    expect(first.body.cart.attributes).toEqual({ company });
    expect(first.body.cart.revision).toBe(1);

    const second = await platform.request<{ cart: Cart }>("PATCH", "/shopper/sessions/attributes", {
      token: started.token,
      body: { merchantReference1: "5566778899", costCentre: "K-12" },
    });
    expect(second.body.cart.attributes).toEqual({
      company,
      merchantReference1: "5566778899",
      costCentre: "K-12",
    });
    expect(second.body.cart.revision).toBe(2);

    const third = await platform.request<{ cart: Cart }>("PATCH", "/shopper/sessions/attributes", {
      token: started.token,
      body: { costCentre: null },
    });
    expect(third.body.cart.attributes).toEqual({ company, merchantReference1: "5566778899" });

    const state = await platform.request<SessionState>("GET", "/shopper/sessions", {
      token: started.token,
    });
    expect(state.body.cart.attributes).toEqual(third.body.cart.attributes);
  });

  it("answers 400 when the company lacks a field", async () => {
    const { body: started } = await startSession({
      storeGroupId: "default",
      countryCode: "SE",
      languageCode: "sv",
    });
    const { status, body } = await platform.request<PlatformErrorBody>(
      "PATCH",
      "/shopper/sessions/attributes",
      { token: started.token, body: { company: { name: "Fjällbruk AB" } } },
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^company\.registrationNumber: /)]),
    );
  });

  it("answers 401 without a token", async () => {
    const { status } = await platform.request("PATCH", "/shopper/sessions/attributes", {
      body: { merchantReference1: "1" },
    });
    expect(status).toBe(401);
  });
});
