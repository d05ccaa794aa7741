import type {
  Cart,
  CartItem,
  ItemAdded,
  PlatformErrorBody,
  ProductParentPrices,
  SessionStarted,
} from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_VERSION } from "../src/modules/catalogue/image-urls.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function newSession(storeGroupId = "default", countryCode = "SE", languageCode = "sv") {
  // As the storefront starts one: with its token, which any store group needs but the public one.
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId, countryCode, languageCode },
    storefront: true,
  });
  return body.token;
}

function add(token: string, body: Record<string, unknown>) {
  return platform.request<ItemAdded & PlatformErrorBody>("POST", "/shopper/sessions/items", {
    token,
    body,
  });
}

function update(token: string, itemId: string, quantity: unknown) {
  return platform.request<{ cart: Cart } & PlatformErrorBody>(
    "PUT",
    `/shopper/sessions/items/${itemId}`,
    { token, body: { quantity } },
  );
}

function remove(token: string, itemId: string) {
  return platform.request<{ cart: Cart } & PlatformErrorBody>(
    "DELETE",
    `/shopper/sessions/items/${itemId}`,
    { token },
  );
}

async function priceOf(
  productParentId: string,
  variantId: string,
  storeGroupId: string,
  countryCode: string,
) {
  const { body } = await platform.request<ProductParentPrices>(
    "GET",
    `/shopper/prices/product-parents/${productParentId}/store-groups/${storeGroupId}/markets/${countryCode}`,
    { storefront: true },
  );
  const price = body.productParent.productVariants.find((variant) => variant.id === variantId);
  if (!price) throw new Error(`no price for ${variantId}`);
  return price;
}

const includedTax = (amount: number, rate: number) => Math.round((amount * rate) / (10_000 + rate));
const addedTax = (amount: number, rate: number) => Math.round((amount * rate) / 10_000);

describe("cart lines and totals", () => {
  it("adds a line with names, image, custom attributes, prices and VAT-included totals", async () => {
    const token = await newSession();
    const { simple } = SEED_FIXTURES;
    const price = await priceOf(simple.productParentId, simple.variantId, "default", "SE");

    const { status, body } = await add(token, { productVariantId: simple.variantId, quantity: 2 });
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["capabilities", "cart"]);
    expect(body.cart.revision).toBe(1);
    expect(body.cart.items).toHaveLength(1);
    const line = body.cart.items[0] as CartItem;
    expect(keysOf(line)).toEqual(
      [
        "basePriceAmount",
        "customAttributes",
        "displayName",
        "id",
        "imageUrl",
        "name",
        "options",
        "productParentId",
        "productVariantId",
        "quantity",
        "salePriceAmount",
        "taxPercentage",
        "totalDiscountAmount",
        "totalPriceAmount",
      ].sort(),
    );
    expect(line).toMatchObject({
      productVariantId: simple.variantId,
      productParentId: simple.productParentId,
      quantity: 2,
      name: "Naturvit",
      displayName: "Emaljmugg Koli – Naturvit",
      imageUrl: `${platform.url}/media/products/${simple.variantId}.svg?v=${IMAGE_VERSION}`,
      options: {},
      customAttributes: {
        productSlug: simple.slug,
        parentName: "Emaljmugg Koli",
        color: "Naturvit",
      },
      basePriceAmount: price.basePriceAmount,
      salePriceAmount: price.salePriceAmount,
      totalDiscountAmount: 0,
      totalPriceAmount: price.salePriceAmount * 2,
      taxPercentage: 2500,
    });
    expect(line.customAttributes).not.toHaveProperty("orderLimit");
    expect(line.customAttributes).not.toHaveProperty("size");

    const subTotal = price.salePriceAmount * 2;
    expect(subTotal).toBeLessThan(49_900);
    expect(body.cart.totals).toEqual({
      subTotal,
      shippingTotal: 4900,
      discountTotal: 0,
      taxTotal: includedTax(subTotal, 2500) + includedTax(4900, 2500),
      grandTotal: subTotal + 4900,
    });
  });

  it("raises the quantity of an existing line for the same variant and options, and bumps the revision every time", async () => {
    const token = await newSession();
    const { variantId } = SEED_FIXTURES.simple;
    await add(token, {
      productVariantId: variantId,
      quantity: 1,
      options: { engraving: "A", note: "x" },
    });
    const merged = await add(token, {
      productVariantId: variantId,
      quantity: 2,
      options: { note: "x", engraving: "A" },
    });
    expect(merged.body.cart.items).toHaveLength(1);
    expect(merged.body.cart.items[0]?.quantity).toBe(3);
    expect(merged.body.cart.revision).toBe(2);

    const separate = await add(token, { productVariantId: variantId, quantity: 1 });
    expect(separate.body.cart.items.map((item) => item.quantity)).toEqual([3, 1]);
    expect(separate.body.cart.items[1]?.options).toEqual({});
    expect(separate.body.cart.revision).toBe(3);
  });

  it("updates and removes lines, recomputing totals; free shipping from 499 SEK", async () => {
    const token = await newSession();
    const { simple } = SEED_FIXTURES;
    const price = await priceOf(simple.productParentId, simple.variantId, "default", "SE");
    const added = await add(token, { productVariantId: simple.variantId, quantity: 1 });
    const itemId = added.body.cart.items[0]?.id ?? "";

    const quantity = Math.ceil(49_900 / price.salePriceAmount);
    const updated = await update(token, itemId, quantity);
    expect(updated.status).toBe(200);
    expect(keysOf(updated.body)).toEqual(["cart"]);
    expect(updated.body.cart.revision).toBe(2);
    expect(updated.body.cart.items[0]?.quantity).toBe(quantity);
    const subTotal = price.salePriceAmount * quantity;
    expect(updated.body.cart.totals).toEqual({
      subTotal,
      shippingTotal: 0,
      discountTotal: 0,
      taxTotal: includedTax(subTotal, 2500),
      grandTotal: subTotal,
    });

    const removed = await remove(token, itemId);
    expect(removed.status).toBe(200);
    expect(removed.body.cart.items).toEqual([]);
    expect(removed.body.cart.revision).toBe(3);
    expect(removed.body.cart.totals).toEqual({
      subTotal: 0,
      shippingTotal: 0,
      discountTotal: 0,
      taxTotal: 0,
      grandTotal: 0,
    });
  });

  it("charges EUR shipping in Finland and names lines in the session language", async () => {
    const token = await newSession("default", "FI", "fi");
    const { simple } = SEED_FIXTURES;
    const price = await priceOf(simple.productParentId, simple.variantId, "default", "FI");
    const { body } = await add(token, { productVariantId: simple.variantId, quantity: 1 });
    const line = body.cart.items[0];
    expect(line?.displayName).toBe("Emalimuki Koli – Luonnonvalkoinen");
    expect(line?.customAttributes.color).toBe("Luonnonvalkoinen");
    expect(line?.taxPercentage).toBe(2550);
    expect(body.cart.currencyCode).toBe("EUR");
    const subTotal = price.salePriceAmount;
    expect(subTotal).toBeLessThan(4900);
    expect(body.cart.totals).toEqual({
      subTotal,
      shippingTotal: 490,
      discountTotal: 0,
      taxTotal: includedTax(subTotal, 2550) + includedTax(490, 2550),
      grandTotal: subTotal + 490,
    });
  });

  it("adds VAT on top of net prices in the business store group", async () => {
    const token = await newSession("business", "SE", "en");
    const { simple } = SEED_FIXTURES;
    const gross = await priceOf(simple.productParentId, simple.variantId, "default", "SE");
    const net = await priceOf(simple.productParentId, simple.variantId, "business", "SE");
    expect(net.salePriceAmount).toBe(Math.round((gross.salePriceAmount * 10_000) / 12_500));

    const { body } = await add(token, { productVariantId: simple.variantId, quantity: 3 });
    expect(body.cart.isTaxIncludedInPrice).toBe(false);
    expect(body.cart.items[0]?.displayName).toBe("Enamel mug Koli – Off-white");
    const subTotal = net.salePriceAmount * 3;
    const shippingTotal = subTotal >= 49_900 ? 0 : 4900;
    const taxTotal = addedTax(subTotal, 2500) + addedTax(shippingTotal, 2500);
    expect(body.cart.totals).toEqual({
      subTotal,
      shippingTotal,
      discountTotal: 0,
      taxTotal,
      grandTotal: subTotal + shippingTotal + taxTotal,
    });
  });

  it("carries colour, size and order limit in custom attributes", async () => {
    const token = await newSession();
    const { orderLimit } = SEED_FIXTURES;
    const { body } = await add(token, { productVariantId: orderLimit.variantIds[0], quantity: 1 });
    expect(body.cart.items[0]?.customAttributes).toEqual({
      productSlug: orderLimit.slug,
      parentName: "Ullsockor Kiruna",
      color: "Gråmelerad",
      size: "36–39",
      orderLimit: 3,
    });
    expect(body.cart.items[0]?.name).toBe("Gråmelerad, 36–39");
  });

  it("serialises concurrent changes of one cart", async () => {
    const token = await newSession();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        add(token, { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(body.cart.items).toHaveLength(1);
    expect(body.cart.items[0]?.quantity).toBe(5);
    expect(body.cart.revision).toBe(5);
  });
});

describe("child lines", () => {
  it("follow the parent's quantity and go with it", async () => {
    const token = await newSession();
    const { withChildItem } = SEED_FIXTURES;
    const parent = await add(token, { productVariantId: withChildItem.variantId, quantity: 1 });
    const parentId = parent.body.cart.items[0]?.id ?? "";
    const other = await add(token, {
      productVariantId: SEED_FIXTURES.simple.variantId,
      quantity: 1,
    });
    expect(other.status).toBe(200);

    const child = await add(token, {
      productVariantId: withChildItem.childVariantId,
      quantity: 1,
      options: { parentItem: parentId },
    });
    expect(child.status).toBe(200);
    const childLine = child.body.cart.items.find(
      (item) => item.productVariantId === withChildItem.childVariantId,
    );
    expect(childLine?.options).toEqual({ parentItem: parentId });
    expect(childLine?.salePriceAmount).toBeGreaterThan(0);
    expect(childLine?.name).toBe("Presentask");

    const updated = await update(token, parentId, 2);
    expect(updated.status).toBe(200);
    expect(updated.body.cart.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
      [withChildItem.variantId, 2],
      [SEED_FIXTURES.simple.variantId, 1],
      [withChildItem.childVariantId, 2],
    ]);

    const removed = await remove(token, parentId);
    expect(removed.body.cart.items.map((item) => item.productVariantId)).toEqual([
      SEED_FIXTURES.simple.variantId,
    ]);
    expect(removed.body.cart.revision).toBe(updated.body.cart.revision + 1);
  });

  it("answers 404 for a parentItem that is not a line of this cart", async () => {
    const token = await newSession();
    const { status, body } = await add(token, {
      productVariantId: SEED_FIXTURES.withChildItem.childVariantId,
      quantity: 1,
      options: { parentItem: "no-such-line" },
    });
    expect(status).toBe(404);
    expect(body.error).toBe("cart item not found");
  });
});

describe("stock", () => {
  it("answers 404 out of stock error with the variant ids when the cart would exceed what is available", async () => {
    const token = await newSession();
    const { lowStock } = SEED_FIXTURES;
    const tooMany = await add(token, { productVariantId: lowStock.variantId, quantity: 3 });
    expect(tooMany.status).toBe(404);
    expect(tooMany.body).toEqual({
      error: "out of stock error",
      message: expect.any(String),
      statusCode: 404,
      requestId: tooMany.headers.get("x-request-id"),
      errors: [],
      productVariantIDs: [lowStock.variantId],
    });

    const two = await add(token, { productVariantId: lowStock.variantId, quantity: 2 });
    expect(two.status).toBe(200);
    const lineId = two.body.cart.items[0]?.id ?? "";

    const oneMore = await add(token, { productVariantId: lowStock.variantId, quantity: 1 });
    expect(oneMore.status).toBe(404);
    expect(oneMore.body.productVariantIDs).toEqual([lowStock.variantId]);

    const viaUpdate = await update(token, lineId, 3);
    expect(viaUpdate.status).toBe(404);
    expect(viaUpdate.body.error).toBe("out of stock error");
    expect(viaUpdate.body.productVariantIDs).toEqual([lowStock.variantId]);

    // A failed change leaves the cart as it was.
    const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(body.cart.items[0]?.quantity).toBe(2);
    expect(body.cart.revision).toBe(1);
  });

  it("counts every line of a variant, whatever its options", async () => {
    const token = await newSession();
    const { lowStock } = SEED_FIXTURES;
    expect(
      (await add(token, { productVariantId: lowStock.variantId, quantity: 1, options: { a: 1 } }))
        .status,
    ).toBe(200);
    expect(
      (await add(token, { productVariantId: lowStock.variantId, quantity: 1, options: { b: 2 } }))
        .status,
    ).toBe(200);
    const third = await add(token, { productVariantId: lowStock.variantId, quantity: 1 });
    expect(third.status).toBe(404);
  });

  it("refuses a sold-out variant and accepts its sibling", async () => {
    const token = await newSession("default", "FI", "fi");
    const { soldOut } = SEED_FIXTURES;
    const refused = await add(token, { productVariantId: soldOut.soldOutVariantId, quantity: 1 });
    expect(refused.status).toBe(404);
    expect(refused.body.productVariantIDs).toEqual([soldOut.soldOutVariantId]);
    const accepted = await add(token, {
      productVariantId: soldOut.availableVariantId,
      quantity: 1,
    });
    expect(accepted.status).toBe(200);
  });
});

describe("order limit", () => {
  it("answers 403 ORDER_LIMIT_REACHED when all variants of the parent together would pass the limit", async () => {
    const token = await newSession();
    const { orderLimit } = SEED_FIXTURES;
    const [first, second] = orderLimit.variantIds;
    const a = await add(token, { productVariantId: first, quantity: 2 });
    expect(a.status).toBe(200);
    const b = await add(token, { productVariantId: second, quantity: 1 });
    expect(b.status).toBe(200);

    const over = await add(token, { productVariantId: first, quantity: 1 });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      error: "ORDER_LIMIT_REACHED",
      message: expect.any(String),
      statusCode: 403,
      requestId: over.headers.get("x-request-id"),
      errors: [],
    });

    const secondLine = b.body.cart.items.find((item) => item.productVariantId === second)?.id ?? "";
    const firstLine = b.body.cart.items.find((item) => item.productVariantId === first)?.id ?? "";
    const overByUpdate = await update(token, secondLine, 2);
    expect(overByUpdate.status).toBe(403);
    expect(overByUpdate.body.error).toBe("ORDER_LIMIT_REACHED");

    const lower = await update(token, firstLine, 1);
    expect(lower.status).toBe(200);
    const backUp = await update(token, secondLine, 2);
    expect(backUp.status).toBe(200);
    expect(backUp.body.cart.items.reduce((sum, item) => sum + item.quantity, 0)).toBe(3);
  });

  it("refuses a first add above the limit", async () => {
    const token = await newSession();
    const { status, body } = await add(token, {
      productVariantId: SEED_FIXTURES.orderLimit.variantIds[0],
      quantity: 4,
    });
    expect(status).toBe(403);
    expect(body.error).toBe("ORDER_LIMIT_REACHED");
  });
});

describe("invalid changes", () => {
  it("answers 404 product variant not found for unknown and discontinued variants", async () => {
    const token = await newSession();
    for (const productVariantId of ["pv-9999-01", "pv-1048-01"]) {
      const { status, body } = await add(token, { productVariantId, quantity: 1 });
      expect(status).toBe(404);
      expect(body.error).toBe("product variant not found");
    }
  });

  it("answers 404 for an unknown cart item", async () => {
    const token = await newSession();
    expect((await update(token, "nope", 1)).status).toBe(404);
    const removed = await remove(token, "nope");
    expect(removed.status).toBe(404);
    expect(removed.body.error).toBe("cart item not found");
  });

  it("answers 400 for quantities that are not whole numbers from 1", async () => {
    const token = await newSession();
    const added = await add(token, {
      productVariantId: SEED_FIXTURES.simple.variantId,
      quantity: 1,
    });
    const itemId = added.body.cart.items[0]?.id ?? "";
    for (const quantity of [0, -1, 1.5, "2", null]) {
      const { status, body } = await update(token, itemId, quantity);
      expect(status, String(quantity)).toBe(400);
      expect(body.error).toBe("BAD_REQUEST");
      expect(body.errors?.[0]).toMatch(/^quantity: /);
    }
    const { status, body } = await add(token, {
      productVariantId: SEED_FIXTURES.simple.variantId,
      quantity: 0,
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([expect.stringMatching(/^quantity: /)]);
  });

  it("answers 401 without a token", async () => {
    const { status } = await platform.request("POST", "/shopper/sessions/items", {
      body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    });
    expect(status).toBe(401);
  });
});
