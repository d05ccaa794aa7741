import { createServer } from "node:net";
import { SEED_FIXTURES } from "@kassa/platform/testing";
import { afterEach, describe, expect, it } from "vitest";
import { collectPageCacheNotes, emptyPageCacheNotes } from "~/modules/cache/page-tags.server";
import { reloadConfig } from "~/modules/http/config.server";
import { withPlatform } from "~/test-support/platform";
import { catalogue, resetCatalogueCache } from "./catalogue.server";

/**
 * The page notes of catalogue reads (ADR 0027): every read, from the backend or from the cache,
 * notes the tags of what it returned for the page being built; a list that fell back to an empty
 * page marks the page as one no shared cache may keep.
 */
const platform = withPlatform();
const { slug, productParentId, categoryUri } = SEED_FIXTURES.simple;
const query = { storeGroupSlug: "default", market: "SE", language: "sv" };

afterEach(() => {
  process.env.KASSA_PRODUCT_API_URL = platform().url;
  reloadConfig();
  resetCatalogueCache();
});

/** A port nothing answers on. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return `http://127.0.0.1:${port}`;
}

describe("what catalogue reads note for the page", () => {
  it("notes a product's tags, on the first read and on the cached one", async () => {
    for (let read = 0; read < 2; read++) {
      const notes = emptyPageCacheNotes();
      await collectPageCacheNotes(notes, () => catalogue.bySlug({ ...query, slug }));
      expect([...notes.tags].sort()).toEqual([
        `price-${productParentId}`,
        `product-${productParentId}`,
        `stock-${productParentId}`,
      ]);
      expect(notes.incomplete).toBe(false);
    }
  });

  it("marks the page incomplete when a list could not be read", async () => {
    process.env.KASSA_PRODUCT_API_URL = await closedPort();
    reloadConfig();
    const notes = emptyPageCacheNotes();
    const page = await collectPageCacheNotes(notes, () =>
      catalogue.byCategoryUri({ ...query, categoryUri }),
    );
    expect(page.data).toEqual([]);
    expect(notes.incomplete).toBe(true);
  });

  it("notes nothing outside a request", async () => {
    await expect(catalogue.bySlug({ ...query, slug })).resolves.toBeTruthy();
  });
});
