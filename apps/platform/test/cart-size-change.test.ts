import type { Cart, ItemAdded, PlatformErrorBody, SessionStarted } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productParents } from "../src/db/schema.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/** `PUT /shopper/sessions/items/{id}/variant`: a cart line changes size (C§4). */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function newSession() {
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
  });
  return body.token;
}

async function add(token: string, body: Record<string, unknown>) {
  const reply = await platform.request<ItemAdded & PlatformErrorBody>(
    "POST",
    "/shopper/sessions/items",
    { token, body },
  );
  expect(reply.status).toBe(200);
  return reply.body.cart;
}

function changeVariant(token: string, itemId: string, body: unknown) {
  return platform.request<{ cart: Cart } & PlatformErrorBody>(
    "PUT",
    `/shopper/sessions/items/${itemId}/variant`,
    { token, body },
  );
}

async function cartOf(token: string) {
  const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
  return body.cart;
}

const { soldOutSize, simple, withChildItem, orderLimit } = SEED_FIXTURES;
const [small, large] = soldOutSize.availableVariantIds;

/** A cart with a sized line (with a child line) between two other lines. */
async function cartWithSizedLine() {
  const token = await newSession();
  await add(token, { productVariantId: simple.variantId, quantity: 1 });
  const cart = await add(token, { productVariantId: small, quantity: 2 });
  const line = cart.items.find((item) => item.productVariantId === small);
  if (!line) throw new Error("no sized line");
  await add(token, {
    productVariantId: withChildItem.childVariantId,
    quantity: 2,
    options: { parentItem: line.id },
  });
  return { token, line, before: await cartOf(token) };
}

describe("changing a line's size", () => {
  it("gives the line the other variant in place: same id, quantity, place and child lines", async () => {
    const { token, line, before } = await cartWithSizedLine();
    const { status, body } = await changeVariant(token, line.id, { productVariantId: large });
    expect(status).toBe(200);
    expect(body.cart.revision).toBe(before.revision + 1);
    expect(
      body.cart.items.map((item) => [item.id, item.productVariantId, item.quantity, item.options]),
    ).toEqual([
      [before.items[0]?.id, simple.variantId, 1, {}],
      [line.id, large, 2, {}],
      [before.items[2]?.id, withChildItem.childVariantId, 2, { parentItem: line.id }],
    ]);
    const changed = body.cart.items[1];
    expect(changed?.customAttributes.size).toBe("L");
    expect(changed?.totalPriceAmount).toBe((changed?.salePriceAmount ?? 0) * 2);
  });

  it("joins a line already holding that size, moving the child lines to it", async () => {
    const token = await newSession();
    const first = await add(token, { productVariantId: large, quantity: 1 });
    const largeLine = first.items[0];
    const withSmall = await add(token, { productVariantId: small, quantity: 2 });
    const smallLine = withSmall.items.find((item) => item.productVariantId === small);
    if (!largeLine || !smallLine) throw new Error("lines missing");
    const withChild = await add(token, {
      productVariantId: withChildItem.childVariantId,
      quantity: 2,
      options: { parentItem: smallLine.id },
    });
    const child = withChild.items.find(
      (item) => item.productVariantId !== large && item.productVariantId !== small,
    );

    const { status, body } = await changeVariant(token, smallLine.id, { productVariantId: large });
    expect(status).toBe(200);
    expect(
      body.cart.items.map((item) => [item.id, item.productVariantId, item.quantity, item.options]),
    ).toEqual([
      [largeLine.id, large, 3, {}],
      [child?.id, withChildItem.childVariantId, 2, { parentItem: largeLine.id }],
    ]);
  });

  it("refuses a sold-out size, another product's variant, an unknown variant or line, and leaves the cart as it was", async () => {
    const { token, line, before } = await cartWithSizedLine();

    const soldOut = await changeVariant(token, line.id, {
      productVariantId: soldOutSize.soldOutVariantId,
    });
    expect(soldOut.status).toBe(404);
    expect(soldOut.body.error).toBe("out of stock error");
    expect(soldOut.body.productVariantIDs).toEqual([soldOutSize.soldOutVariantId]);

    const otherProduct = await changeVariant(token, line.id, {
      productVariantId: simple.variantId,
    });
    expect(otherProduct.status).toBe(400);
    expect(otherProduct.body.error).toBe("BAD_REQUEST");
    expect(otherProduct.body.errors?.[0]).toMatch(/^productVariantId: /);

    const unknown = await changeVariant(token, line.id, { productVariantId: "pv-9999-01" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("product variant not found");

    const noLine = await changeVariant(token, "no-such-line", { productVariantId: large });
    expect(noLine.status).toBe(404);
    expect(noLine.body.error).toBe("cart item not found");

    for (const body of [{}, { productVariantId: "" }, { productVariantId: 7 }]) {
      expect((await changeVariant(token, line.id, body)).status).toBe(400);
    }

    expect(await cartOf(token)).toEqual(before);
  });

  it("refuses a change that leaves the product over its order limit (a limit lowered since)", async () => {
    const token = await newSession();
    const [first, second] = orderLimit.variantIds;
    const cart = await add(token, { productVariantId: first, quantity: 3 });
    const lineId = cart.items[0]?.id ?? "";
    const setLimit = (limit: number) =>
      platform.db
        .update(productParents)
        .set({ orderLimit: limit })
        .where(eq(productParents.id, orderLimit.productParentId));
    await setLimit(2);
    try {
      const refused = await changeVariant(token, lineId, { productVariantId: second });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe("ORDER_LIMIT_REACHED");
    } finally {
      await setLimit(orderLimit.orderLimit);
    }
    // Within the limit, the parent's total is unchanged by a size change: allowed.
    const allowed = await changeVariant(token, lineId, { productVariantId: second });
    expect(allowed.status).toBe(200);
    expect(allowed.body.cart.items.map((item) => [item.productVariantId, item.quantity])).toEqual([
      [second, 3],
    ]);
  });

  it("answers 401 without a token", async () => {
    const { status } = await platform.request("PUT", "/shopper/sessions/items/x/variant", {
      body: { productVariantId: large },
    });
    expect(status).toBe(401);
  });
});
