import type { PlatformErrorBody, ProductPage } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

const SE = { storeGroupSlug: "default", market: "SE", language: "sv" };
/** A discontinued product (`isActive: false`) and an unlisted add-on (the gift box). */
const INACTIVE = "pp-1048";
const UNLISTED = "pp-1047";

function byIds(body: Record<string, unknown>) {
  return platform.request<ProductPage & PlatformErrorBody>("POST", "/enad/get-products-by-ids/", {
    body,
  });
}

describe("POST /enad/get-products-by-ids/", () => {
  it("answers the products in the order asked, each once, skipping unknown and inactive ids", async () => {
    const { simple, orderLimit } = SEED_FIXTURES;
    const { status, body, headers } = await byIds({
      ...SE,
      productIds: [
        orderLimit.productParentId,
        "pp-no-such",
        INACTIVE,
        simple.productParentId,
        orderLimit.productParentId,
      ],
    });
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.data.map((product) => product.id)).toEqual([
      orderLimit.productParentId,
      simple.productParentId,
    ]);
    expect(body).toMatchObject({ total: 2, total_pages: 1, page: 1 });
    expect(body.data[1]).toMatchObject({ slug: simple.slug, isAvailable: true });
    expect(body.data[1]?.price?.currencyCode).toBe("SEK");
  });

  it("names products in the language asked and prices them in the market asked", async () => {
    const { body } = await byIds({
      storeGroupSlug: "default",
      market: "FI",
      language: "fi",
      productIds: [SEED_FIXTURES.simple.productParentId],
    });
    expect(body.data[0]?.price?.currencyCode).toBe("EUR");
  });

  it("includes an active product that is not listed (a kept add-on)", async () => {
    const { body } = await byIds({ ...SE, productIds: [UNLISTED] });
    expect(body.data.map((product) => product.id)).toEqual([UNLISTED]);
  });

  it("answers an empty page when nothing asked for is sold", async () => {
    const { status, body } = await byIds({ ...SE, productIds: [INACTIVE, "pp-gone"] });
    expect(status).toBe(200);
    expect(body).toEqual({ data: [], total: 0, total_pages: 0, page: 1 });
  });

  it("pages when asked: every id by default, per_page when given", async () => {
    const ids = ["pp-1001", "pp-1002", "pp-1003"];
    const all = await byIds({ ...SE, productIds: ids });
    expect(all.body.data).toHaveLength(3);
    const second = await byIds({ ...SE, productIds: ids, page: 2, per_page: 2 });
    expect(second.body).toMatchObject({ total: 3, total_pages: 2, page: 2 });
    expect(second.body.data.map((product) => product.id)).toEqual(["pp-1003"]);
  });

  it("refuses no ids, more than 100, an empty or over-long id, and an unknown market (400)", async () => {
    const refused = [
      { ...SE, productIds: [] },
      { ...SE, productIds: Array.from({ length: 101 }, (_, index) => `pp-${index}`) },
      { ...SE, productIds: [""] },
      { ...SE, productIds: ["x".repeat(65)] },
      { ...SE, productIds: "pp-1001" },
      { ...SE, market: "XX", productIds: ["pp-1001"] },
      { storeGroupSlug: "default", productIds: ["pp-1001"] },
    ];
    for (const body of refused) {
      const answer = await byIds(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: "BAD_REQUEST", statusCode: 400 });
      expect(answer.body.errors?.length).toBeGreaterThan(0);
    }
  });

  it("takes 100 ids of 64 characters", async () => {
    const productIds = [
      "pp-1001",
      ...Array.from({ length: 99 }, (_, index) => `${index}`.padStart(64, "x")),
    ];
    const { status, body } = await byIds({ ...SE, productIds });
    expect(status).toBe(200);
    expect(body.data.map((product) => product.id)).toEqual(["pp-1001"]);
  });
});
