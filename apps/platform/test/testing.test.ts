import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Category, SessionStarted, SessionState } from "@kassa/api-client";
import { afterAll, describe, expect, it } from "vitest";
import { SEED_FIXTURES, startPlatform } from "../src/testing.js";
import { createEmptyPostgresDatabase } from "./support/test-database.js";

const dataDir = mkdtempSync(join(tmpdir(), "kassa-platform-test-"));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A PGlite folder normally; a fresh PostgreSQL database when DATABASE_URL is set. */
async function storage() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { options: { dataDir }, drop: async () => {} };
  const database = await createEmptyPostgresDatabase(serverUrl);
  return { options: { databaseUrl: database.databaseUrl }, drop: database.drop };
}

describe("startPlatform (@kassa/platform/testing)", () => {
  it("starts a seeded platform that keeps its data across restarts and seeds only once", async () => {
    const { options, drop } = await storage();
    try {
      const first = await startPlatform(options);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${first.url}/health`)).json()).toEqual({ ok: true });
      const started = (await (
        await fetch(`${first.url}/shopper/sessions/start`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ storeGroupId: "default", countryCode: "SE", languageCode: "sv" }),
        })
      ).json()) as SessionStarted;
      await fetch(`${first.url}/shopper/sessions/items`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${started.token}` },
        body: JSON.stringify({ productVariantId: SEED_FIXTURES.simple.variantId, quantity: 2 }),
      });
      await first.close();

      const second = await startPlatform(options);
      try {
        const state = (await (
          await fetch(`${second.url}/shopper/sessions`, {
            headers: { authorization: `Bearer ${started.token}` },
          })
        ).json()) as SessionState;
        expect(state.cart.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
          [SEED_FIXTURES.simple.variantId, 2],
        ]);
        expect(state.cart.items[0]?.imageUrl.startsWith(second.url)).toBe(true);
        const categories = (await (
          await fetch(`${second.url}/enad/get-categories/`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ storeGroupSlug: "default", market: "SE", language: "sv" }),
          })
        ).json()) as { data: Category[] };
        const sweaters = categories.data.find((category) => category.uri === "klader/trojor");
        expect(sweaters?.productCount).toBe(10);
      } finally {
        await second.close();
      }
    } finally {
      await drop();
    }
  });
});
