import { createManagementClient } from "@kassa/api-client";
import { DEVELOPMENT_OAUTH_CLIENT, SEED_FIXTURES } from "@kassa/platform/testing";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { announceCacheTagNotice, onCacheTagNotice } from "~/modules/cache/cache-tag-events.server";
import { ensureCacheTagSource, stopCacheTagSource } from "~/modules/cache/cache-tag-source.server";
import { catalogueCacheReport, resetCatalogueCache } from "~/modules/catalogue/catalogue.server";
import { reloadConfig } from "~/modules/http/config.server";
import { addFromProductPage, Browser } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The product page's cached prices and stock (ADR 0025) against a real platform: a change made
 * through the management API reaches the page on the next request through the platform's
 * cache-tag stream, long before the entry's freshness ends; and a page gone stale (its notice
 * lost) still cannot sell what is sold out.
 */
const platform = withPlatform();

const { slug, productParentId, variantId } = SEED_FIXTURES.simple;

function management() {
  return createManagementClient({
    baseUrl: platform().url,
    clientId: DEVELOPMENT_OAUTH_CLIENT.id,
    clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
  });
}

async function productPage(browser = new Browser()) {
  const route = await import("./$locale.$prefix.$slug/route");
  const answer = await route.loader({
    request: browser.request(`/sv-se/produkt/${slug}`),
    params: { locale: "sv-se", prefix: "produkt", slug },
    context: {},
  });
  return answer as Exclude<Awaited<ReturnType<typeof route.loader>>, Response>;
}

/** Waits until \`check\` holds (vitest's own polling). */
function until(check: () => boolean, timeout = 10_000) {
  return vi.waitUntil(check, { timeout, interval: 10 });
}

/** Resolves when a notice naming `tag` has reached this process. */
function noticeOf(tag: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = onCacheTagNotice((notice) => {
      if (notice.kind === "tags" && notice.tags.includes(tag)) {
        stop();
        resolve();
      }
    });
  });
}

beforeAll(async () => {
  // A freshness far longer than any test: whatever changes the page, the TTL did not.
  process.env.KASSA_CATALOGUE_CACHE_SECONDS = "3600";
  process.env.KASSA_CATALOGUE_CACHE_STALE_SECONDS = "0";
  reloadConfig();
  const source = ensureCacheTagSource();
  await until(() => source.connected);
});

afterEach(async () => {
  delete process.env.KASSA_CACHE_TAGS;
  reloadConfig();
  const source = ensureCacheTagSource();
  await until(() => source.connected);
  resetCatalogueCache();
});

describe("the product page's cached price and stock", () => {
  it("answers from the cache, and shows a new price on the next request after the change", async () => {
    const first = await productPage();
    const before = catalogueCacheReport();
    const again = await productPage();
    expect(again.price).toEqual(first.price);
    const after = catalogueCacheReport();
    // The second view read product, categories, prices and stock from the cache.
    expect(after.hits - before.hits).toBe(4);
    expect(after.misses - before.misses).toBe(0);

    const newPrice = (first.price?.salePriceAmount ?? 0) + 1000;
    const heard = noticeOf(`price-${productParentId}`);
    await management().setPrice(
      { productVariantId: variantId, storeGroupId: "default", countryCode: "SE" },
      { basePriceAmount: newPrice, salePriceAmount: newPrice },
    );
    await heard;
    const changed = await productPage();
    expect(changed.price?.salePriceAmount).toBe(newPrice);
    expect(catalogueCacheReport().invalidated).toBeGreaterThan(0);
  });

  it("shows stock drawn by a stock change on the next request", async () => {
    expect((await productPage()).stock?.availableQuantity).toBeGreaterThan(3);
    const heard = noticeOf(`stock-${productParentId}`);
    await management().setStock(
      { productVariantId: variantId, countryCode: "SE" },
      { stockQuantity: 2 },
    );
    await heard;
    expect((await productPage()).stock).toEqual({ availableQuantity: 2, isAvailable: true });
    await management().setStock(
      { productVariantId: variantId, countryCode: "SE" },
      { stockQuantity: 500 },
    );
  });

  it("drops everything when the notices' channel says notices were lost", async () => {
    await productPage();
    expect(catalogueCacheReport().entries).toBeGreaterThan(0);
    announceCacheTagNotice({ kind: "reset", reason: "platform stream lost" });
    expect(catalogueCacheReport().entries).toBe(0);
  });

  it("never sells from a stale page: adding what sold out meanwhile is refused live", async () => {
    // Notices lost: this process stops listening, so the page keeps its cached stock.
    stopCacheTagSource();
    process.env.KASSA_CACHE_TAGS = "off";
    reloadConfig();
    const browser = new Browser();
    expect((await productPage(browser)).stock?.isAvailable).toBe(true);
    await management().setStock(
      { productVariantId: variantId, countryCode: "SE" },
      { stockQuantity: 0 },
    );
    try {
      // The page is stale: it still offers the product…
      expect((await productPage(browser)).stock?.isAvailable).toBe(true);
      // …but adding it asks the platform, which knows it is gone.
      const added = await addFromProductPage(browser, slug, variantId, 1);
      expect(added.status).toBe(303);
      const cart = await import("./cart");
      const page = (
        await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })
      ).data;
      expect(page.cart?.items ?? []).toEqual([]);
    } finally {
      await management().setStock(
        { productVariantId: variantId, countryCode: "SE" },
        { stockQuantity: 500 },
      );
      stopCacheTagSource();
    }
  });
});
