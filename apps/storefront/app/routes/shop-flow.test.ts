import { createManagementClient, createShopperClient } from "@kassa/api-client";
import { DEVELOPMENT_OAUTH_CLIENT, SEED_FIXTURES } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { addFromProductPage, Browser, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * Loaders and actions against a real platform: the storefront's server side, without a browser.
 * Cookies are carried from one answer to the next request like a browser would.
 */
const platform = withPlatform();

/** The cart page's loader data, as the browser's cookies show it. */
async function cartPage(browser: Browser) {
  const cart = await import("./cart");
  return (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })).data;
}

describe("shopping with the real platform", () => {
  it("adds to the cart, follows the quantity with child lines, and removes at minus 1", async () => {
    const cart = await import("./cart");
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.withChildItem;

    const added = await addFromProductPage(browser, slug, variantId);
    expect(added.status).toBe(303);

    const page = await cartPage(browser);
    expect(page.cart?.items).toHaveLength(2);
    const parent = page.cart?.items.find((item) => !item.options.parentItem);
    const child = page.cart?.items.find((item) => item.options.parentItem);
    expect(child?.options.parentItem).toBe(parent?.id);

    const increased = (await settle(() =>
      cart.action({
        request: browser.form("/cart", {
          intent: "increase",
          itemId: parent?.id ?? "",
          quantity: "1",
        }),
        params: {},
        context: {},
      }),
    )) as Response;
    browser.keep(increased);
    const after = await cartPage(browser);
    expect(after.cart?.items.map((item) => item.quantity)).toEqual([2, 2]);

    for (const _ of [1, 2]) {
      const line = (await cartPage(browser)).cart?.items.find((item) => !item.options.parentItem);
      browser.keep(
        (await settle(() =>
          cart.action({
            request: browser.form("/cart", {
              intent: "decrease",
              itemId: line?.id ?? "",
              quantity: String(line?.quantity),
            }),
            params: {},
            context: {},
          }),
        )) as Response,
      );
    }
    const emptied = await cartPage(browser);
    expect(emptied.cart?.items ?? []).toHaveLength(0);
  });

  it("moves the cart into the new market and keeps the items", async () => {
    const market = await import("./market");
    const browser = new Browser();
    const { slug, variantId } = SEED_FIXTURES.simple;

    await addFromProductPage(browser, slug, variantId, 2);
    const before = await cartPage(browser);
    expect(before.cart?.currencyCode).toBe("SEK");

    const switched = (await settle(() =>
      market.action({
        request: browser.form("/market", { market: "FI", redirectTo: `/sv-se/produkt/${slug}` }),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(switched.status).toBe(303);
    expect(switched.headers.get("Location")).toBe(`/fi-fi/tuote/${slug}`);
    browser.keep(switched);

    const after = await cartPage(browser);
    expect(after.cart?.currencyCode).toBe("EUR");
    expect(after.cart?.countryCode).toBe("FI");
    expect(after.cart?.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
      [variantId, 2],
    ]);
    expect(after.locale).toBe("fi-FI");
  });

  it("puts a product with child items in whole or not at all", async () => {
    const { slug, variantId, childVariantId } = SEED_FIXTURES.withChildItem;
    // Only one gift box is left for the carts, whatever the seed reserved.
    const management = createManagementClient({
      baseUrl: platform().url,
      clientId: DEVELOPMENT_OAUTH_CLIENT.id,
      clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
    });
    const stocks = await createShopperClient({ baseUrl: platform().url }).getStocks({
      productParentId: "pp-1047",
      storeGroupId: "default",
      countryCode: "SE",
    });
    const box = stocks.productParent.productVariants.find((stock) => stock.id === childVariantId);
    if (!box) throw new Error("no stock for the gift box");
    const where = { productVariantId: childVariantId, countryCode: "SE" as const };
    await management.setStock(where, { stockQuantity: box.reservedQuantity + 1 });
    try {
      const browser = new Browser();
      expect((await addFromProductPage(browser, slug, variantId)).status).toBe(303);
      expect((await cartPage(browser)).cart?.items.map((item) => item.quantity)).toEqual([1, 1]);
      // A second set finds no box: the set goes back to one, with its one box.
      expect((await addFromProductPage(browser, slug, variantId)).status).toBe(303);
      expect((await cartPage(browser)).cart?.items.map((item) => item.quantity)).toEqual([1, 1]);

      // None left: a set is not added at all, rather than added without its box.
      await management.setStock(where, { stockQuantity: box.reservedQuantity });
      const another = new Browser();
      await addFromProductPage(another, slug, variantId);
      expect((await cartPage(another)).cart?.items ?? []).toEqual([]);
    } finally {
      await management.setStock(where, { stockQuantity: box.stockQuantity });
    }
  });

  it("refuses a sold-out variant and says why", async () => {
    const browser = new Browser();
    const { slug, soldOutVariantId } = SEED_FIXTURES.soldOut;
    const answer = await addFromProductPage(browser, slug, soldOutVariantId);
    expect(answer.status).toBe(303);
    const root = await import("../root");
    const layout = (await root.loader({
      request: browser.request("/"),
      params: {},
      context: {},
    })) as unknown as {
      data: { toast: { title: string } | null; cartCount: number };
    };
    expect(layout.data.toast?.title).toBe("Slut i lager");
    expect(layout.data.cartCount).toBe(0);
  });

  it("explains the order limit instead of exceeding it", async () => {
    const browser = new Browser();
    const { slug, variantIds, orderLimit } = SEED_FIXTURES.orderLimit;
    const add = (variantId: string, quantity: number) =>
      addFromProductPage(browser, slug, variantId, quantity);
    await add(variantIds[0], orderLimit - 1);
    await add(variantIds[1], 2);
    const root = await import("../root");
    const layout = (await root.loader({
      request: browser.request("/"),
      params: {},
      context: {},
    })) as unknown as {
      data: { toast: { title: string; description?: string } | null; cartCount: number };
    };
    expect(layout.data.toast?.title).toBe("Maxantal uppnått");
    expect(layout.data.toast?.description).toContain(String(orderLimit));
    expect(layout.data.cartCount).toBe(orderLimit - 1);
  });
});

describe("the product page's loader", () => {
  it("gives the breadcrumb's categories from the top down, and the market's own shipping rule", async () => {
    const product = await import("./$locale.$prefix.$slug/route");
    const { slug } = SEED_FIXTURES.multiVariant;
    const page = await product.loader({
      request: new Browser().request(`/sv-se/produkt/${slug}`),
      params: { locale: "sv-se", prefix: "produkt", slug },
      context: {},
    });
    expect(page.categoryTrail).toEqual([
      { name: "Kläder", uri: "klader" },
      { name: "Tröjor", uri: "klader/trojor" },
    ]);
    // The rule the platform charges by (@kassa/domain's market), not a second copy of it.
    expect(page.shipping).toEqual({
      fee: 4900,
      freeFrom: 49900,
      currencyCode: "SEK",
      deliveryDays: "1–3",
    });
  });
});
