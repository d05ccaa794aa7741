import type { PlatformErrorBody } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signOAuthToken } from "../src/modules/oauth/oauth-token.js";
import { OAUTH_CLIENT_ATTEMPTS } from "../src/modules/oauth/token-routes.js";
import { SEED_ORDERS } from "../src/seed/order-plan.js";
import { cartWith } from "./support/checkout-flow.js";
import { managementToken, requestToken } from "./support/oauth.js";
import { accessTokenOf } from "./support/order-flow.js";
import { MINUTE } from "./support/test-clock.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

const READ = "order-management/order:read";
const WRITE = "order-management/order:write";

beforeAll(async () => {
  platform = await startTestPlatform({
    config: {
      oauthClients: [
        { id: "kassa-back-office", secret: "kassa-back-office-secret", scopes: [READ, WRITE] },
        { id: "reporting", secret: "reporting-secret", scopes: [READ] },
        { id: "guessed", secret: "the-real-secret", scopes: [READ] },
      ],
      oauthTokenSeconds: 600,
    },
  });
});

afterAll(async () => {
  await platform?.close();
});

const orderPath = `/order/orders/${SEED_ORDERS.customerOrderId}`;

function getOrder(token: string | undefined) {
  return platform.request<PlatformErrorBody>("GET", orderPath, { token });
}

describe("POST /oauth2/token (client credentials)", () => {
  it("answers a bearer token with the client's scopes, uncached", async () => {
    const { status, body, headers } = await requestToken(platform);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: 600,
      scope: `${READ} ${WRITE}`,
    });
    expect(headers.get("cache-control")).toBe("no-store");
    expect((await getOrder(body.access_token)).status).toBe(200);
  });

  it("answers at /oauth2/token/ too, as every path does with a trailing slash", async () => {
    const { status } = await platform.request("POST", "/oauth2/token/", {
      body: "grant_type=client_credentials&client_id=reporting&client_secret=reporting-secret",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(status).toBe(200);
  });

  it("takes the credentials in the form too, but not both ways at once", async () => {
    const inForm = await platform.request<{ access_token: string }>("POST", "/oauth2/token", {
      body: "grant_type=client_credentials&client_id=reporting&client_secret=reporting-secret",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(inForm.status).toBe(200);
    const both = await requestToken(platform, {
      grant_type: "client_credentials",
      client_id: "reporting",
      client_secret: "reporting-secret",
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("invalid_request");
  });

  it("refuses a wrong secret or an unknown client with 401 invalid_client", async () => {
    const wrong = await requestToken(platform, undefined, { id: "reporting", secret: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("invalid_client");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic/);
    expect((await requestToken(platform, undefined, { id: "nobody", secret: "x" })).status).toBe(
      401,
    );
  });

  it("refuses another grant type, a JSON body, and a scope the client lacks", async () => {
    expect((await requestToken(platform, { grant_type: "password" })).body.error).toBe(
      "unsupported_grant_type",
    );
    const json = await platform.request<{ error: string }>("POST", "/oauth2/token", {
      body: { grant_type: "client_credentials" },
    });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe("invalid_request");
    const scope = await requestToken(
      platform,
      { grant_type: "client_credentials", scope: WRITE },
      { id: "reporting", secret: "reporting-secret" },
    );
    expect(scope.status).toBe(400);
    expect(scope.body.error).toBe("invalid_scope");
  });

  it("narrows a token to the scope asked for", async () => {
    const readOnly = await managementToken(platform, READ);
    expect((await getOrder(readOnly)).status).toBe(200);
    const write = await platform.request<PlatformErrorBody>("POST", `${orderPath}/notes`, {
      token: readOnly,
      body: { text: "hej" },
    });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe("insufficient_scope");
    expect(write.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
  });

  it("stops guessing: after the failed attempts of a quarter hour even the right secret waits", async () => {
    for (let attempt = 0; attempt < OAUTH_CLIENT_ATTEMPTS.perClientAndAddress; attempt++) {
      await requestToken(platform, undefined, { id: "guessed", secret: `guess-${attempt}` });
    }
    const blocked = await requestToken(platform, undefined, {
      id: "guessed",
      secret: "the-real-secret",
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    platform.clock.advance(OAUTH_CLIENT_ATTEMPTS.windowMs + MINUTE);
    expect(
      (await requestToken(platform, undefined, { id: "guessed", secret: "the-real-secret" }))
        .status,
    ).toBe(200);
  });
});

/** A token request with HTTP Basic credentials, as forwarded from `address` by a trusted proxy. */
function requestFrom(address: string, id: string, secret: string) {
  return platform.request<{ error?: string }>("POST", "/oauth2/token", {
    body: "grant_type=client_credentials",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
      "x-forwarded-for": address,
    },
  });
}

describe("failed authentications count per client and address (issue 28)", () => {
  const stranger = "203.0.113.10";
  const backOffice = "198.51.100.20";

  it("a stranger's bad secrets do not lock the back office out; the stranger stays limited", async () => {
    for (let attempt = 0; attempt < OAUTH_CLIENT_ATTEMPTS.perClientAndAddress + 2; attempt++) {
      const { status } = await requestFrom(stranger, "kassa-back-office", `guess-${attempt}`);
      expect(status).toBe(attempt < OAUTH_CLIENT_ATTEMPTS.perClientAndAddress ? 401 : 429);
    }
    expect(
      (await requestFrom(backOffice, "kassa-back-office", "kassa-back-office-secret")).status,
    ).toBe(200);
    // From the trusted network itself (no forwarded address) too.
    expect((await requestToken(platform)).status).toBe(200);
    const still = await requestFrom(stranger, "kassa-back-office", "kassa-back-office-secret");
    expect(still.status).toBe(429);
    expect(still.body.error).toBe("too_many_requests");
    platform.clock.advance(OAUTH_CLIENT_ATTEMPTS.windowMs + MINUTE);
  });

  it("one address cannot sweep clients: a looser limit counts its failures over all of them", async () => {
    const sweeper = "203.0.113.77";
    const { perClientAndAddress, perAddress } = OAUTH_CLIENT_ATTEMPTS;
    for (let attempt = 0; attempt < perAddress; attempt++) {
      const client = `client-${Math.floor(attempt / perClientAndAddress)}`;
      expect((await requestFrom(sweeper, client, "guess")).status).toBe(401);
    }
    expect((await requestFrom(sweeper, "another-client", "guess")).status).toBe(429);
    expect((await requestFrom(sweeper, "reporting", "reporting-secret")).status).toBe(429);
    expect((await requestFrom(backOffice, "reporting", "reporting-secret")).status).toBe(200);
    platform.clock.advance(OAUTH_CLIENT_ATTEMPTS.windowMs + MINUTE);
  });
});

describe("management calls need a valid token", () => {
  it("answers 401 without one, with an expired one, and with a forged one", async () => {
    expect((await getOrder(undefined)).status).toBe(401);
    const token = await managementToken(platform);
    platform.clock.advance(11 * MINUTE);
    try {
      const expired = await getOrder(token);
      expect(expired.status).toBe(401);
      expect(expired.headers.get("www-authenticate")).toContain('error="invalid_token"');
    } finally {
      platform.clock.advance(-11 * MINUTE);
    }
    const forged = await signOAuthToken(
      { clientId: "kassa-back-office", scopes: [READ, WRITE] },
      "a-secret-that-is-not-the-platforms-0123456789",
      new Date(),
      600,
    );
    expect((await getOrder(forged)).status).toBe(401);
  });

  it("never takes an account access token or a shopper token for one", async () => {
    expect((await getOrder(await accessTokenOf(platform, "superAdmin"))).status).toBe(401);
    expect((await getOrder(await cartWith(platform, []))).status).toBe(401);
  });

  it("refuses a scope taken from the client's configuration, though the token still carries it", async () => {
    // Issued while kassa-back-office may write orders…
    const token = await managementToken(platform);
    // …then the platform is restarted with the client read-only (KASSA_OAUTH_CLIENTS changed).
    const reconfigured = await platform.serveAgain({
      config: {
        oauthClients: [
          { id: "kassa-back-office", secret: "kassa-back-office-secret", scopes: [READ] },
        ],
        oauthTokenSeconds: 600,
      },
    });
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${reconfigured.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const write = await call("POST", `${orderPath}/notes`, { text: "after the scope was taken" });
    expect(write.status).toBe(403);
    expect(((await write.json()) as PlatformErrorBody).error).toBe("insufficient_scope");
    expect(write.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    // What the client still has keeps working with the same token.
    expect((await call("GET", orderPath)).status).toBe(200);
  });

  it("refuses the token of a client that is no longer configured", async () => {
    const token = await signOAuthToken(
      { clientId: "retired", scopes: [READ] },
      platform.sessionSecret,
      new Date(),
      600,
    );
    expect((await getOrder(token)).status).toBe(401);
  });
});
