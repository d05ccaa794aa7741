import {
  createManagementClient,
  createProductClient,
  createShopperClient,
  type OrderLine,
} from "@kassa/api-client";
import {
  DEVELOPMENT_OAUTH_CLIENT,
  SEED_FIXTURES,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { readCartToken } from "~/modules/cart/cart.server";
import { readToast } from "~/modules/http/toast.server";
import type { RootData } from "~/root-data";
import { addFromProductPage, Browser, logInThroughForm, settle } from "~/test-support/browser";
import { payInHostedPage } from "~/test-support/hosted-payment";
import { withPlatform } from "~/test-support/platform";

/**
 * Quick order (issue 32) through its loader and action on a real platform: the lines checked by
 * article number (C§7 `get-products-by-sku`, `isMultiple`) with a message for each that cannot be
 * bought, the valid ones added in one go (and the others kept to correct), a CSV file's lines,
 * and the account page's link for company users only. Then "order again" on the order page: the
 * lines that can still be bought go into the cart at today's price, as many as stock allows,
 * and the summary says which could not and why.
 */
const platform = withPlatform();

async function loggedIn(email: string): Promise<Browser> {
  const browser = new Browser();
  const answer = (await logInThroughForm(browser, email, SEED_PASSWORD)) as Response;
  expect(answer.status).toBe(303);
  return browser;
}

/** The analytics events the last post left for the next page (ADR 0038), read once. */
async function eventsOf(browser: Browser) {
  const root = await import("../root");
  const layout = (await root.loader({
    request: browser.request("/"),
    params: {},
    context: {},
  })) as unknown as { data: Pick<RootData, "analytics">; init: { headers: Headers } };
  browser.keep(new Response(null, { headers: layout.init.headers }));
  return layout.data.analytics.events.map(({ event }) => event);
}

/**
 * The article number of a variant, as the catalogue has it: the same in every store group, so
 * read in the public one, which needs no storefront token (ADR 0048).
 */
async function skuOf(slug: string, variantId: string): Promise<string> {
  const product = await createProductClient({ baseUrl: platform().url }).bySlug({
    storeGroupSlug: "default",
    market: "SE",
    language: "sv",
    slug,
  });
  const sku = product?.variants.find((variant) => variant.id === variantId)?.sku;
  if (!sku) throw new Error(`no SKU for ${variantId}`);
  return sku;
}

async function post(browser: Browser, body: FormData | Record<string, string>) {
  const route = await import("./my-account.quick-order/route");
  const request =
    body instanceof FormData
      ? browser.request("/my-account/quick-order/", { method: "POST", body })
      : browser.form("/my-account/quick-order/", body);
  const answer = await settle(() => route.action({ request, params: {}, context: {} }));
  if (answer instanceof Response) browser.keep(answer);
  return answer;
}

/** The rows of a check: each line's article number and status. */
function statuses(answer: unknown) {
  const view = (
    answer as { data: { rows: { sku: string; result: { kind: string; reason?: string } }[] } }
  ).data;
  return view.rows.map((row) => [row.sku, row.result.kind === "ok" ? "ok" : row.result.reason]);
}

async function cartOf(browser: Browser) {
  const cart = await import("./cart");
  return (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })).data
    .cart;
}

describe("quick order (issue 32)", () => {
  it("checks each line: product, price and stock, or why it cannot be bought", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const simple = await skuOf(SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId);
    const soldOut = await skuOf(SEED_FIXTURES.soldOut.slug, SEED_FIXTURES.soldOut.soldOutVariantId);
    const lowStock = await skuOf(SEED_FIXTURES.lowStock.slug, SEED_FIXTURES.lowStock.variantId);
    const limited = await skuOf(
      SEED_FIXTURES.orderLimit.slug,
      SEED_FIXTURES.orderLimit.variantIds[0],
    );
    const answer = await post(browser, {
      intent: "resolve",
      lines: [
        `${simple.toLowerCase()}, 2`,
        "",
        "NO-SUCH-ARTICLE;1",
        soldOut,
        `${lowStock}\t5`,
        `${limited}, 4`,
        `${simple}, 1.5`,
      ].join("\n"),
    });
    expect(statuses(answer)).toEqual([
      [simple.toLowerCase(), "ok"],
      ["NO-SUCH-ARTICLE", "unknown"],
      [soldOut, "sold-out"],
      [lowStock, "stock"],
      [limited, "order-limit"],
      [simple, "quantity"],
    ]);
    const view = (answer as { data: { rows: { row: number; variant: unknown }[] } }).data;
    expect(view.rows[0]).toMatchObject({
      row: 1,
      variant: {
        productVariantId: SEED_FIXTURES.simple.variantId,
        price: { currencyCode: "SEK" },
      },
    });
    expect(view.rows[1]?.row).toBe(3);
    // Checking changes nothing.
    expect(await cartOf(browser)).toBeNull();
  });

  it("adds the valid lines in one go and keeps the others, with why, to correct", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const simple = await skuOf(SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId);
    const lowStock = await skuOf(SEED_FIXTURES.lowStock.slug, SEED_FIXTURES.lowStock.variantId);
    const answer = (await post(browser, {
      intent: "add",
      lines: `${simple}, 2\n${lowStock}, 5\nNO-SUCH-ARTICLE`,
    })) as Response;
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("Location") ?? "", "http://storefront.test");
    expect(location.pathname).toBe("/my-account/quick-order/");
    expect(location.searchParams.get("lines")?.split("\n")).toEqual([
      `${lowStock}, 5`,
      "NO-SUCH-ARTICLE",
    ]);
    const { toast } = await readToast(browser.request("/"));
    expect(toast?.title).toBe("1 rad lades i varukorgen");
    expect(toast?.description).toContain("2 rader lades inte till");
    expect(toast?.description).toContain(`${lowStock}: Fler än i lager (2 finns)`);
    expect(toast?.description).toContain("NO-SUCH-ARTICLE: Okänt artikelnummer");
    // The login left its own event; the add is one add_to_cart of the lines that went in.
    expect((await eventsOf(browser)).filter(({ event }) => event !== "login")).toMatchObject([
      {
        event: "add_to_cart",
        ecommerce: { items: [{ item_id: SEED_FIXTURES.simple.variantId, quantity: 2 }] },
      },
    ]);

    const cart = await cartOf(browser);
    expect(cart?.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
      [SEED_FIXTURES.simple.variantId, 2],
    ]);
    // A company user's cart: the business store group, priced by the cart.
    expect(cart?.storeGroupId).toBe("business");

    // The page the redirect leads to checks the remaining lines again.
    const route = await import("./my-account.quick-order/route");
    const page = await route.loader({
      request: browser.request(`${location.pathname}${location.search}`),
      params: {},
      context: {},
    });
    expect(page.data.view.rows.map((row) => row.result.kind)).toEqual(["refused", "refused"]);
  });

  it("adds nothing past the order limit, counting what the cart already holds", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const [first, second] = await Promise.all(
      SEED_FIXTURES.orderLimit.variantIds.map((id) => skuOf(SEED_FIXTURES.orderLimit.slug, id)),
    );
    await post(browser, { intent: "add", lines: `${first}, 2` });
    const answer = await post(browser, { intent: "resolve", lines: `${second}, 2\n${second}` });
    expect(statuses(answer)).toEqual([
      [second, "order-limit"],
      [second, "ok"],
    ]);
  });

  it("reads the lines of an uploaded CSV file after the typed ones", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const simple = await skuOf(SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId);
    const form = new FormData();
    form.set("intent", "resolve");
    form.set("lines", "NO-SUCH-ARTICLE, 1");
    form.set("file", new Blob([`"${simple}";"3"\r\n`], { type: "text/csv" }), "order.csv");
    const answer = await post(browser, form);
    expect(statuses(answer)).toEqual([
      ["NO-SUCH-ARTICLE", "unknown"],
      [simple, "ok"],
    ]);
    const tooLarge = new FormData();
    tooLarge.set("intent", "resolve");
    tooLarge.set("file", new Blob(["A,1\n".repeat(10_000)]), "big.csv");
    const refused = (await post(browser, tooLarge)) as {
      data: { error: string };
      init: ResponseInit;
    };
    expect(refused.data.error).toBe("file-too-large");
    expect(refused.init.status).toBe(400);
  });

  it("sends a visitor to the login page", async () => {
    const route = await import("./my-account.quick-order/route");
    const answer = await settle(() =>
      route.loader({
        request: new Browser().request("/my-account/quick-order/"),
        params: {},
        context: {},
      }),
    );
    expect((answer as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("is linked from the account page for company users only", async () => {
    const overview = await import("./my-account.overview");
    const seen = async (email: string) => {
      const browser = await loggedIn(email);
      const page = await overview.loader({
        request: browser.request("/my-account/overview/"),
        params: {},
        context: {},
      });
      return page.data.user.seesQuickOrder;
    };
    expect(await seen(SEED_USERS.companyBuyer.email)).toBe(true);
    expect(await seen(SEED_USERS.customer.email)).toBe(false);
  });
});

const FIXTURE_VARIANTS = new Set<string>([
  SEED_FIXTURES.simple.variantId,
  SEED_FIXTURES.soldOut.soldOutVariantId,
  SEED_FIXTURES.soldOut.availableVariantId,
  SEED_FIXTURES.lowStock.variantId,
  ...SEED_FIXTURES.orderLimit.variantIds,
]);

/** A Nordtrade order of two or more lines, none of the fixtures above, each ordered more than once. */
async function orderToRepeat(browser: Browser) {
  const list = await import("./my-account.orders._index");
  const page = await import("./my-account.orders.$id/route");
  for (let number = 1; number <= 5; number += 1) {
    const { data } = await list.loader({
      request: browser.request(`/my-account/orders/?page=${number}`),
      params: {},
      context: {},
    });
    for (const row of data.list.rows) {
      const { order } = (
        await page.loader({
          request: browser.request(`/my-account/orders/${row.id}`),
          params: { id: row.id },
          context: {},
        })
      ).data;
      const variants = new Set(order.lines.map((line) => line.productVariantId));
      if (
        order.lines.length >= 2 &&
        variants.size === order.lines.length &&
        order.lines.every(
          (line) =>
            line.quantity >= 2 &&
            !FIXTURE_VARIANTS.has(line.productVariantId) &&
            !line.options.parentItem,
        )
      ) {
        return order;
      }
    }
  }
  throw new Error("no order of two lines to repeat");
}

describe("order again (issue 32)", () => {
  const management = () =>
    createManagementClient({
      baseUrl: platform().url,
      clientId: DEVELOPMENT_OAUTH_CLIENT.id,
      clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
    });

  /** Sets how many of a line's variant are available in SE; answers how to put it back. */
  async function setAvailable(line: OrderLine, available: number) {
    // Stock is per market, the same in every store group: read in the public one.
    const stocks = await createShopperClient({ baseUrl: platform().url }).getStocks({
      productParentId: line.productParentId,
      storeGroupId: "default",
      countryCode: "SE",
    });
    const stock = stocks.productParent.productVariants.find(
      (variant) => variant.id === line.productVariantId,
    );
    if (!stock) throw new Error(`no stock for ${line.productVariantId}`);
    const where = { productVariantId: line.productVariantId, countryCode: "SE" as const };
    await management().setStock(where, { stockQuantity: stock.reservedQuantity + available });
    return () => management().setStock(where, { stockQuantity: stock.stockQuantity });
  }

  async function orderAgain(browser: Browser, id: string) {
    const route = await import("./my-account.orders.$id/route");
    const answer = (await settle(() =>
      route.action({
        request: browser.form(`/my-account/orders/${id}`, { intent: "order-again" }),
        params: { id },
        context: {},
      }),
    )) as Response;
    browser.keep(answer);
    return answer;
  }

  it("puts what can still be bought into the cart at today's price, and says what could not", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const order = await orderToRepeat(browser);
    const [soldOut, limited, ...rest] = order.lines as [OrderLine, OrderLine, ...OrderLine[]];
    const restore = [await setAvailable(soldOut, 0), await setAvailable(limited, 1)];
    // Today's price is not the order's.
    const today = limited.salePriceAmount + 1000;
    await management().setPrice(
      { productVariantId: limited.productVariantId, storeGroupId: "business", countryCode: "SE" },
      { basePriceAmount: today, salePriceAmount: today },
    );
    try {
      const answer = await orderAgain(browser, order.id);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/cart");
      const { toast } = await readToast(browser.request("/"));
      expect(toast?.title).toBe(
        `${1 + rest.length} av ${order.lines.length} rader lades i varukorgen, till dagens priser`,
      );
      const name = (line: OrderLine) =>
        [
          line.customAttributes.parentName ?? line.name,
          line.customAttributes.color,
          line.customAttributes.size,
        ]
          .filter(Boolean)
          .join(", ");
      expect(toast?.description).toContain(`${name(soldOut)}: Slut i lager`);
      expect(toast?.description).toContain(
        `${name(limited)}: 1 av ${limited.quantity} tillagda (inte fler i lager)`,
      );

      const cart = await cartOf(browser);
      const lines = new Map(cart?.items.map((item) => [item.productVariantId, item]));
      expect(lines.has(soldOut.productVariantId)).toBe(false);
      expect(lines.get(limited.productVariantId)).toMatchObject({
        quantity: 1,
        salePriceAmount: today,
      });
      for (const line of rest) {
        expect(lines.get(line.productVariantId)?.quantity).toBe(line.quantity);
      }
    } finally {
      for (const undo of restore) await undo();
    }
  });

  it("does not buy an order's gift card again, and says where a new one is bought", async () => {
    const browser = await loggedIn(SEED_USERS.customer.email);
    const { slug, variantId } = SEED_FIXTURES.simple;
    await addFromProductPage(browser, slug, variantId, 1);
    const token = await readCartToken(browser.request("/"));
    await createShopperClient({ baseUrl: platform().url, token }).addGiftCardProduct({
      amountToLoad: 50_000,
      templateId: "classic",
      receivingEmail: "mottagare@example.test",
      market: "SE",
      lang: "sv",
      store: "default",
    });
    const checkout = await import("./checkout/route");
    const opened = (await settle(() =>
      checkout.loader({ request: browser.request("/checkout"), params: {}, context: {} }),
    )) as { data: { state: { kind: string; embed?: { hostedUrl: string } } }; init: ResponseInit };
    browser.keep(new Response(null, { headers: opened.init?.headers ?? {} }));
    expect(opened.data.state.kind).toBe("ready");
    await payInHostedPage(opened.data.state.embed?.hostedUrl ?? "", {
      email: SEED_USERS.customer.email,
    });

    const list = await import("./my-account.orders._index");
    const { data } = await list.loader({
      request: browser.request("/my-account/orders/"),
      params: {},
      context: {},
    });
    const newest = data.list.rows[0];
    if (!newest) throw new Error("the order is not listed");
    const page = await import("./my-account.orders.$id/route");
    const { order } = (
      await page.loader({
        request: browser.request(`/my-account/orders/${newest.id}`),
        params: { id: newest.id },
        context: {},
      })
    ).data;
    const card = order.lines.find((line) => line.productVariantId !== variantId);
    expect(card?.customAttributes).toHaveProperty("giftCard");
    expect(card?.name).toMatch(/^Presentkort 500\s+kr$/);

    await eventsOf(browser); // the login's and the first add's, pushed by the pages between
    const answer = await orderAgain(browser, order.id);
    expect(answer.headers.get("Location")).toBe("/cart");
    const { toast } = await readToast(browser.request("/"));
    expect(toast?.title).toBe("1 av 2 rader lades i varukorgen, till dagens priser");
    expect(toast?.description).toBe(`${card?.name}: köp ett nytt på presentkortssidan.`);
    expect((await cartOf(browser))?.items.map((item) => item.productVariantId)).toEqual([
      variantId,
    ]);
    // What went in is counted once, as one add_to_cart.
    expect(await eventsOf(browser)).toMatchObject([
      { event: "add_to_cart", ecommerce: { items: [{ item_id: variantId, quantity: 1 }] } },
    ]);
  });

  it("stays on the order, with why, when nothing can be added", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const order = await orderToRepeat(browser);
    const restore = await Promise.all(order.lines.map((line) => setAvailable(line, 0)));
    try {
      const answer = await orderAgain(browser, order.id);
      expect(answer.headers.get("Location")).toBe(`/my-account/orders/${order.id}`);
      const { toast } = await readToast(browser.request("/"));
      expect(toast).toMatchObject({
        variant: "error",
        title: "Ingen av beställningens rader kunde läggas i varukorgen",
      });
      expect(await cartOf(browser)).toBeNull();
    } finally {
      for (const undo of restore) await undo();
    }
  });
});
