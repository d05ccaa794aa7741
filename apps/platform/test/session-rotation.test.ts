import type { Cart, PlatformErrorBody, SessionStarted, SessionState } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { sign } from "hono/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopperSessions } from "../src/db/schema.js";
import { SEED_ORGANISATIONS, SEED_FIXTURES as SEED_PRODUCTS } from "../src/seed/fixtures.js";
import { applyCard, cartWith, readCheckout, startedCheckout } from "./support/checkout-flow.js";
import { accessTokenOf, linkCustomer, openKlarnaOrder } from "./support/order-flow.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/**
 * Issue 38: the shopper session (the cart) kept its token across a login, so a cart token planted
 * in the browser before the login (session fixation), or copied from it, kept working on the
 * logged-in shopper's cart. `POST /shopper/sessions/rotate` gives the same session a new token;
 * the old one, and every checkout token made from it, are refused from then on.
 */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["KlarnaCheckout"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

function rotate(token: string, headers?: Record<string, string>) {
  return platform.request<SessionStarted & PlatformErrorBody>("POST", "/shopper/sessions/rotate", {
    token,
    headers,
  });
}

function sessionOf(token: string) {
  return platform.request<SessionState & PlatformErrorBody>("GET", "/shopper/sessions", { token });
}

/** A cart with two lines, a discount code, company attributes and a customer link. */
async function fullCart(): Promise<string> {
  const token = await cartWith(platform, [
    { variantId: SEED_PRODUCTS.simple.variantId, quantity: 2 },
  ]);
  const code = await platform.request("POST", "/shopper/sessions/discount-codes", {
    token,
    body: { discountCode: "VALKOMMEN10" },
  });
  expect(code.status).toBe(200);
  const attributes = await platform.request("PATCH", "/shopper/sessions/attributes", {
    token,
    body: { merchantReference1: "5566778899" },
  });
  expect(attributes.status).toBe(200);
  const linked = await linkCustomer(platform, token, {
    accessToken: await accessTokenOf(platform, "companyBuyer"),
    organisationId: SEED_ORGANISATIONS.nordtrade.id,
  });
  expect(linked.status).toBe(200);
  return token;
}

/** Every shopper call a token opens, each with the answer it gets. */
async function shopperCalls(token: string): Promise<Record<string, number>> {
  const cart = (await sessionOf(token)).body.cart as Cart | undefined;
  const itemId = cart?.items[0]?.id ?? "none";
  const calls: [string, string, unknown?][] = [
    ["GET", "/shopper/sessions"],
    ["PATCH", "/shopper/sessions/attributes", { merchantReference2: "x" }],
    [
      "POST",
      "/shopper/sessions/items",
      { productVariantId: SEED_PRODUCTS.simple.variantId, quantity: 1 },
    ],
    ["PUT", `/shopper/sessions/items/${itemId}`, { quantity: 3 }],
    ["DELETE", `/shopper/sessions/items/${itemId}`],
    ["POST", "/shopper/sessions/discount-codes", { discountCode: "SOMMAR100" }],
    ["DELETE", "/shopper/sessions/discount-codes/VALKOMMEN10"],
    ["DELETE", "/shopper/sessions/customer"],
    [
      "POST",
      "/shopper/sessions/checkout/start",
      { paymentProvider: "KlarnaCheckout", shippingProvider: "PostNord" },
    ],
    ["POST", "/shopper/sessions/rotate"],
  ];
  const answers: Record<string, number> = {};
  for (const [method, path, body] of calls) {
    answers[`${method} ${path.replace(itemId, "{id}")}`] = (
      await platform.request(method, path, { token, ...(body === undefined ? {} : { body }) })
    ).status;
  }
  return answers;
}

describe("POST /shopper/sessions/rotate", () => {
  it("answers the same cart under a new token, and the old token is refused on every call", async () => {
    const old = await fullCart();
    const before = (await sessionOf(old)).body;

    const rotated = await rotate(old);
    expect(rotated.status).toBe(200);
    expect(keysOf(rotated.body)).toEqual(["capabilities", "cart", "token"]);
    expect(rotated.body.token).not.toBe(old);
    // The cart itself is untouched: its lines, codes, attributes, revision and customer link.
    expect(rotated.body.cart).toEqual(before.cart);
    const after = await sessionOf(rotated.body.token);
    expect(after.status).toBe(200);
    expect(after.body.cart).toEqual(before.cart);
    expect(after.body.customer).toEqual(before.customer);
    expect(after.body.cart.items).toHaveLength(1);
    expect(after.body.cart.discountCodes).toEqual([{ code: "VALKOMMEN10" }]);
    expect(after.body.cart.attributes).toMatchObject({ merchantReference1: "5566778899" });

    const refused = await shopperCalls(old);
    expect(Object.entries(refused).filter(([, status]) => status !== 401)).toEqual([]);
    const answer = await sessionOf(old);
    expect(answer.body).toMatchObject({
      statusCode: 401,
      message: "The session token has been replaced by a newer one",
    });
    // Nothing the old token asked for happened.
    expect((await sessionOf(rotated.body.token)).body.cart).toEqual(before.cart);
  });

  it("ends the checkout tokens made from the old token: checkout, gift cards and providers", async () => {
    const old = await cartWith(platform);
    const checkout = await startedCheckout(platform, old, "KlarnaCheckout");
    expect((await readCheckout(platform, checkout.token)).status).toBe(200);

    const rotated = await rotate(old);
    expect(rotated.status).toBe(200);
    expect((await readCheckout(platform, checkout.token)).status).toBe(401);
    expect((await applyCard(platform, checkout.token, "6000000000001000", "1234")).status).toBe(
      401,
    );
    expect((await openKlarnaOrder(platform, checkout.token)).status).toBe(401);
    // The new token starts a checkout of its own, whose token works.
    const fresh = await startedCheckout(platform, rotated.body.token, "KlarnaCheckout");
    expect((await readCheckout(platform, fresh.token)).status).toBe(200);
  });

  it("rotates once per token: a second rotation, or two at once, leave one token", async () => {
    const old = await cartWith(platform);
    const answers = await Promise.all([rotate(old), rotate(old)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    const winner = answers.find((answer) => answer.status === 200)?.body.token ?? "";
    expect((await sessionOf(winner)).status).toBe(200);
    expect((await rotate(old)).status).toBe(401);
    // The new token rotates in its turn, and is then refused like the first.
    const again = await rotate(winner);
    expect(again.status).toBe(200);
    expect((await sessionOf(winner)).status).toBe(401);
    expect((await sessionOf(again.body.token)).status).toBe(200);
  });

  it("keeps a token signed before issue 38 (no generation) working until the first rotation", async () => {
    const token = await cartWith(platform);
    const [, payload] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
    delete claims.gen;
    const older = await sign(claims, platform.sessionSecret, "HS256");
    expect((await sessionOf(older)).status).toBe(200);
    const [row] = await platform.db
      .select({ generation: shopperSessions.tokenGeneration })
      .from(shopperSessions)
      .where(eq(shopperSessions.id, claims.sub));
    expect(row?.generation).toBe(0);

    expect((await rotate(older)).status).toBe(200);
    expect((await sessionOf(older)).status).toBe(401);
    expect((await sessionOf(token)).status).toBe(401);
  });

  it("never replays a rotation's answer for an Idempotency-Key: it is a credential", async () => {
    const old = await cartWith(platform);
    const key = { "Idempotency-Key": "rotate-once-0001" };
    const first = await rotate(old, key);
    expect(first.status).toBe(200);
    const second = await rotate(old, key);
    expect(second.status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    const answer = await platform.request<PlatformErrorBody>("POST", "/shopper/sessions/rotate");
    expect(answer.status).toBe(401);
  });
});
