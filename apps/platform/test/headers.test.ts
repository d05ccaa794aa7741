import type { SessionStarted } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
  });
  token = body.token;
});

afterAll(async () => {
  await platform?.close();
});

const { simple } = SEED_FIXTURES;
const productQuery = { storeGroupSlug: "default", market: "SE", language: "sv" };
const market = `${simple.productParentId}/store-groups/default/markets/SE`;

/**
 * [method, path, body, session token?, status]: answers that carry tokens or people. The account
 * calls' statuses are the account API's business (`null`: any answer but a 500).
 */
const PRIVATE: [string, string, unknown, boolean, number | null][] = [
  [
    "POST",
    "/shopper/sessions/start",
    { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
    false,
    200,
  ],
  ["GET", "/shopper/sessions", undefined, true, 200],
  ["GET", "/shopper/sessions", undefined, false, 401],
  ["PATCH", "/shopper/sessions/attributes", { merchantReference1: "5566778899" }, true, 200],
  ["POST", "/shopper/sessions/items", { productVariantId: "nope", quantity: 1 }, true, 404],
  ["POST", "/shopper/sessions/start", "{ not json", false, 400],
  [
    "POST",
    "/enad/login/",
    { email: "nobody@example.test", password: "wrong-password" },
    false,
    null,
  ],
  ["POST", "/enad/login/", {}, false, 400],
  ["POST", "/enad/get-user/", undefined, false, null],
  ["POST", "/enad/get-categories/", productQuery, false, 200],
  ["POST", "/api/enad/create-verify-link/", { email: "nobody@example.test" }, false, null],
  ["POST", "/api/enad/create-verify-link/", "x", false, 400],
  // Orders: a customer's orders, the back office's, and its tokens.
  ["POST", "/brink/get-orders-by-email/", { email: "nobody@example.test" }, true, null],
  ["POST", "/brink/get-order-by-id/", { orderId: "ord-seed-0001" }, true, null],
  ["GET", "/order/orders", undefined, false, 401],
  ["POST", "/oauth2/token", "grant_type=client_credentials", false, 400],
];

/** Public reads: they keep whatever caching they had. */
const PUBLIC: [string, string | null][] = [
  [`/shopper/prices/product-parents/${market}`, null],
  [`/shopper/stocks/product-parents/${market}`, null],
  ["/shopper/store-groups/default/markets", null],
  [`/media/products/${simple.variantId}.svg`, "public, max-age=31536000, immutable"],
  ["/health", null],
];

describe("security headers", () => {
  it.each(PRIVATE)(
    "%s %s answers nosniff and no-store",
    async (method, path, body, withToken, status) => {
      const reply = await platform.request(method, path, {
        body,
        token: withToken ? token : undefined,
      });
      if (status === null) expect(reply.status, reply.text).toBeLessThan(500);
      else expect(reply.status, reply.text).toBe(status);
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
      expect(reply.headers.get("cache-control")).toBe("no-store");
    },
  );

  it.each(PUBLIC)("GET %s answers nosniff and keeps its caching", async (path, cacheControl) => {
    const reply = await platform.request("GET", path);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
    expect(reply.headers.get("cache-control")).toBe(cacheControl);
  });

  it("sends nosniff with failures that no route handled: 404, 413, 415", async () => {
    const notFound = await platform.request("GET", "/nope");
    expect(notFound.status).toBe(404);
    const notJson = await platform.request("POST", "/shopper/sessions/start", {
      body: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    const tooLarge = await platform.request("POST", "/api/enad/create-verify-link/", {
      body: { email: "x".repeat(1_100_000) },
    });
    expect(tooLarge.status).toBe(413);
    for (const reply of [notFound, notJson, tooLarge]) {
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(notJson.headers.get("cache-control")).toBe("no-store");
    expect(tooLarge.headers.get("cache-control")).toBe("no-store");
  });
});
