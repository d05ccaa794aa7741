import type {
  Cart,
  CartItem,
  ItemAdded,
  PlatformErrorBody,
  ProductParentPrices,
  SessionStarted,
  SessionState,
} from "@kassa/api-client";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, productParents, productVariants, variantStocks } from "../src/db/schema.js";
import { NEW_ARRIVALS_TAG, SEED_DISCOUNT_CODES } from "../src/seed/discount-data.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { DAY } from "./support/test-clock.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;
/** A variant of a product tagged `new`, in stock in SE and FI. */
let tagged: { productParentId: string; variantId: string };

beforeAll(async () => {
  // "The demo codes" checks `seedIfEmpty`: this file seeds its own database.
  platform = await startTestPlatform({ seed: "fresh" });
  const [row] = await platform.db
    .select({ productParentId: productParents.id, variantId: productVariants.id })
    .from(productVariants)
    .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
    .innerJoin(variantStocks, eq(variantStocks.productVariantId, productVariants.id))
    .where(
      and(
        sql`${NEW_ARRIVALS_TAG} = ANY(${productParents.tags})`,
        eq(productParents.isActive, true),
        eq(variantStocks.countryCode, "SE"),
        gt(sql`${variantStocks.stockQuantity} - ${variantStocks.reservedQuantity}`, 5),
      ),
    )
    .orderBy(asc(productVariants.id))
    .limit(1);
  if (!row) throw new Error("the seed has no product tagged new in stock");
  tagged = row;
});

afterAll(async () => {
  await platform?.close();
});

const { welcome, summer, newArrivals, swedenOnly, club, expired, inactive } = SEED_DISCOUNT_CODES;
const mug = SEED_FIXTURES.simple;

type CartAnswer = { cart: Cart } & PlatformErrorBody;

async function newSession(storeGroupId = "default", countryCode = "SE", languageCode = "sv") {
  // As the storefront starts one: with its token, which any store group needs but the public one.
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId, countryCode, languageCode },
    storefront: true,
  });
  return body.token;
}

async function add(token: string, productVariantId: string, quantity: number) {
  const answer = await platform.request<ItemAdded & PlatformErrorBody>(
    "POST",
    "/shopper/sessions/items",
    { token, body: { productVariantId, quantity } },
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body.cart;
}

function addCode(token: string, body: unknown) {
  return platform.request<CartAnswer>("POST", "/shopper/sessions/discount-codes", { token, body });
}

function removeCode(token: string, code: string) {
  return platform.request<CartAnswer>(
    "DELETE",
    `/shopper/sessions/discount-codes/${encodeURIComponent(code)}`,
    { token },
  );
}

async function cartOf(token: string) {
  return (await platform.request<SessionState>("GET", "/shopper/sessions", { token })).body.cart;
}

async function priceOf(
  productParentId: string,
  variantId: string,
  storeGroup = "default",
  market = "SE",
) {
  const { body } = await platform.request<ProductParentPrices>(
    "GET",
    `/shopper/prices/product-parents/${productParentId}/store-groups/${storeGroup}/markets/${market}`,
  );
  const price = body.productParent.productVariants.find((variant) => variant.id === variantId);
  if (!price) throw new Error(`no price for ${variantId}`);
  return price.salePriceAmount;
}

const includedTax = (amount: number, rate: number) => Math.round((amount * rate) / (10_000 + rate));
const addedTax = (amount: number, rate: number) => Math.round((amount * rate) / 10_000);

/** Every amount of the cart agrees with its lines (what the storefront relies on). */
function expectConsistent(cart: Cart) {
  const lineSum = (pick: (item: CartItem) => number) =>
    cart.items.reduce((sum, item) => sum + pick(item), 0);
  for (const item of cart.items) {
    expect(item.totalDiscountAmount).toBeGreaterThanOrEqual(0);
    expect(item.totalPriceAmount).toBe(
      item.salePriceAmount * item.quantity - item.totalDiscountAmount,
    );
  }
  const { totals } = cart;
  expect(totals.subTotal).toBe(lineSum((item) => item.salePriceAmount * item.quantity));
  expect(totals.discountTotal).toBe(lineSum((item) => item.totalDiscountAmount));
  const tax = cart.isTaxIncludedInPrice ? includedTax : addedTax;
  expect(totals.taxTotal).toBe(
    lineSum((item) => tax(item.totalPriceAmount, item.taxPercentage)) +
      tax(totals.shippingTotal, cart.countryCode === "FI" ? 2550 : 2500),
  );
  expect(totals.grandTotal).toBe(
    totals.subTotal +
      totals.shippingTotal -
      totals.discountTotal +
      (cart.isTaxIncludedInPrice ? 0 : totals.taxTotal),
  );
}

function expectRefusal(
  answer: { status: number; body: CartAnswer },
  status: number,
  error: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.body.error).toBe(error);
  expect(keysOf(answer.body)).toEqual(["error", "errors", "message", "requestId", "statusCode"]);
  expect(answer.body.statusCode).toBe(status);
}

describe("adding a discount code", () => {
  it("takes 10 % off every line, whatever the case and spaces, and bumps the revision", async () => {
    const token = await newSession();
    await add(token, mug.variantId, 2);
    const before = await add(token, tagged.variantId, 1);

    const answer = await addCode(token, { discountCode: `  ${welcome.code.toLowerCase()} ` });
    expect(answer.status).toBe(200);
    expect(keysOf(answer.body)).toEqual(["cart"]);
    const { cart } = answer.body;
    expect(cart.revision).toBe(before.revision + 1);
    expect(cart.discountCodes).toEqual([{ code: "VALKOMMEN10" }]);
    for (const item of cart.items) {
      expect(item.totalDiscountAmount).toBe(
        Math.round((item.salePriceAmount * item.quantity) / 10),
      );
    }
    expect(cart.totals.discountTotal).toBeGreaterThan(0);
    expect(cart.totals.subTotal).toBe(before.totals.subTotal);
    expectConsistent(cart);
    expect(await cartOf(token)).toEqual(cart);
  });

  it("refuses a code that is already on the cart (any case) without a new revision", async () => {
    const token = await newSession();
    await add(token, mug.variantId, 1);
    const { body } = await addCode(token, { discountCode: welcome.code });
    const again = await addCode(token, { discountCode: "Valkommen10" });
    expectRefusal(again, 409, "ALREADY_ADDED_DISCOUNT_CODE");
    expect((await cartOf(token)).revision).toBe(body.cart.revision);
  });

  it("answers 404 for an unknown code and 400 for a blank or malformed body", async () => {
    const token = await newSession();
    expectRefusal(
      await addCode(token, { discountCode: "FINNSINTE" }),
      404,
      "MISSING_DISCOUNT_CODE",
    );
    for (const body of [
      { discountCode: "" },
      { discountCode: "   " },
      {},
      { discountCode: 10 },
      { discountCode: "X".repeat(65) },
      "{not json",
    ]) {
      const answer = await addCode(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe("BAD_REQUEST");
    }
    expect((await cartOf(token)).revision).toBe(0);
  });

  it("refuses expired, inactive and externally approved codes", async () => {
    const token = await newSession();
    await add(token, mug.variantId, 1);
    expectRefusal(
      await addCode(token, { discountCode: expired.code }),
      400,
      "EXPIRED_DISCOUNT_CODE",
    );
    expectRefusal(
      await addCode(token, { discountCode: inactive.code }),
      400,
      "INACTIVE_DISCOUNT_CODE",
    );
    expectRefusal(
      await addCode(token, { discountCode: club.code }),
      422,
      "CONDITION_DISCOUNT_EXTERNAL",
    );
    expect((await cartOf(token)).discountCodes).toEqual([]);
  });

  it("needs a session token", async () => {
    const answer = await addCode("", { discountCode: welcome.code });
    expect(answer.status).toBe(401);
  });
});

describe("conditions", () => {
  it("refuses a fixed code below its minimum, then splits it exactly over the lines", async () => {
    const token = await newSession();
    const mugPrice = await priceOf(mug.productParentId, mug.variantId);
    await add(token, mug.variantId, 1);
    expectRefusal(
      await addCode(token, { discountCode: summer.code }),
      422,
      "CONDITION_DISCOUNT_CODE",
    );

    const taggedPrice = await priceOf(tagged.productParentId, tagged.variantId);
    const extra = Math.ceil((50_000 - mugPrice) / taggedPrice);
    await add(token, tagged.variantId, extra);
    const { status, body } = await addCode(token, { discountCode: summer.code });
    expect(status).toBe(200);
    expect(body.cart.totals.discountTotal).toBe(10_000);
    const [mugLine, taggedLine] = body.cart.items;
    const subTotal = mugPrice + taggedPrice * extra;
    // In proportion to the lines, to the unit: the remainder goes where the most was rounded away.
    const mugShare = (10_000 * mugPrice) / subTotal;
    expect(Math.abs((mugLine?.totalDiscountAmount ?? 0) - mugShare)).toBeLessThan(1);
    expect((mugLine?.totalDiscountAmount ?? 0) + (taggedLine?.totalDiscountAmount ?? 0)).toBe(
      10_000,
    );
    expectConsistent(body.cart);
  });

  it("keeps a code whose condition is lost listed, at 0, and applies it again when met", async () => {
    const token = await newSession();
    const mugPrice = await priceOf(mug.productParentId, mug.variantId);
    const quantity = Math.ceil(50_000 / mugPrice);
    const cart = await add(token, mug.variantId, quantity);
    await add(token, tagged.variantId, 1);
    expect((await addCode(token, { discountCode: summer.code })).status).toBe(200);
    expect((await addCode(token, { discountCode: newArrivals.code })).status).toBe(200);
    const lineId = cart.items[0]?.id ?? "";

    // Below the minimum and without the tagged product: both codes stay, neither gives anything.
    await platform.request("PUT", `/shopper/sessions/items/${lineId}`, {
      token,
      body: { quantity: 1 },
    });
    const taggedLineId = (await cartOf(token)).items[1]?.id ?? "";
    const removed = await platform.request<CartAnswer>(
      "DELETE",
      `/shopper/sessions/items/${taggedLineId}`,
      { token },
    );
    expect(removed.body.cart.discountCodes).toEqual([{ code: "SOMMAR100" }, { code: "NYHET20" }]);
    expect(removed.body.cart.totals.discountTotal).toBe(0);
    expect(removed.body.cart.items[0]?.totalDiscountAmount).toBe(0);
    expectConsistent(removed.body.cart);

    const back = await platform.request<CartAnswer>("PUT", `/shopper/sessions/items/${lineId}`, {
      token,
      body: { quantity },
    });
    expect(back.body.cart.totals.discountTotal).toBe(10_000);
  });

  it("takes a tag code off the tagged lines only", async () => {
    const token = await newSession();
    await add(token, mug.variantId, 1);
    expectRefusal(
      await addCode(token, { discountCode: newArrivals.code }),
      422,
      "CONDITION_DISCOUNT_CODE",
    );
    await add(token, tagged.variantId, 2);
    const { body } = await addCode(token, { discountCode: newArrivals.code });
    const [mugLine, taggedLine] = body.cart.items;
    expect(mugLine?.totalDiscountAmount).toBe(0);
    expect(taggedLine?.totalDiscountAmount).toBe(
      Math.round(((taggedLine?.salePriceAmount ?? 0) * 2 * 2000) / 10_000),
    );
    expectConsistent(body.cart);
  });

  it("applies codes one after another, never below zero", async () => {
    const token = await newSession();
    const mugPrice = await priceOf(mug.productParentId, mug.variantId);
    const quantity = Math.ceil(50_000 / mugPrice);
    await add(token, mug.variantId, quantity);
    await addCode(token, { discountCode: welcome.code });
    const { body } = await addCode(token, { discountCode: summer.code });
    const subTotal = mugPrice * quantity;
    expect(body.cart.totals.discountTotal).toBe(Math.round(subTotal / 10) + 10_000);
    expectConsistent(body.cart);
  });

  it("uses the market's currency, and refuses a code not offered in the market", async () => {
    const token = await newSession("default", "FI", "fi");
    const mugPrice = await priceOf(mug.productParentId, mug.variantId, "default", "FI");
    await add(token, mug.variantId, Math.ceil(5_000 / mugPrice));
    expectRefusal(
      await addCode(token, { discountCode: swedenOnly.code }),
      422,
      "CONDITION_DISCOUNT_CODE",
    );
    const { body } = await addCode(token, { discountCode: summer.code });
    expect(body.cart.totals.discountTotal).toBe(1_000);
    expectConsistent(body.cart);
  });

  it("takes a percentage off net prices and adds VAT on what is left (business)", async () => {
    const token = await newSession("business", "SE", "sv");
    await add(token, mug.variantId, 3);
    const { body } = await addCode(token, { discountCode: welcome.code });
    expect(body.cart.isTaxIncludedInPrice).toBe(false);
    expect(body.cart.totals.discountTotal).toBe(
      Math.round(((body.cart.items[0]?.salePriceAmount ?? 0) * 3) / 10),
    );
    expectConsistent(body.cart);
  });
});

describe("removing a discount code", () => {
  it("takes the code off (any case), restores the totals and bumps the revision", async () => {
    const token = await newSession();
    const before = await add(token, mug.variantId, 2);
    const applied = await addCode(token, { discountCode: welcome.code });

    const removed = await removeCode(token, "valkommen10");
    expect(removed.status).toBe(200);
    expect(removed.body.cart.discountCodes).toEqual([]);
    expect(removed.body.cart.totals).toEqual(before.totals);
    expect(removed.body.cart.revision).toBe(applied.body.cart.revision + 1);

    expectRefusal(await removeCode(token, welcome.code), 404, "MISSING_DISCOUNT_CODE");
    expectRefusal(await removeCode(token, "ALDRIG"), 404, "MISSING_DISCOUNT_CODE");
    expect((await cartOf(token)).revision).toBe(removed.body.cart.revision);
  });
});

describe("validity over time", () => {
  it("gives 0 once the code has expired, and refuses it from then on", async () => {
    const now = platform.clock.now();
    await platform.db.insert(discountCodes).values({
      code: "ENDAGSREA",
      percentOff: 500,
      validFrom: new Date(now.getTime() - DAY),
      validUntil: new Date(now.getTime() + DAY),
    });
    const token = await newSession();
    await add(token, mug.variantId, 2);
    const applied = await addCode(token, { discountCode: "endagsrea" });
    expect(applied.status).toBe(200);
    expect(applied.body.cart.totals.discountTotal).toBeGreaterThan(0);

    platform.clock.advance(2 * DAY);
    try {
      const later = await cartOf(token);
      expect(later.discountCodes).toEqual([{ code: "ENDAGSREA" }]);
      expect(later.totals.discountTotal).toBe(0);
      expectConsistent(later);

      const other = await newSession();
      await add(other, mug.variantId, 1);
      expectRefusal(
        await addCode(other, { discountCode: "ENDAGSREA" }),
        400,
        "EXPIRED_DISCOUNT_CODE",
      );
    } finally {
      platform.clock.advance(-2 * DAY);
    }
    expect((await cartOf(token)).totals.discountTotal).toBe(applied.body.cart.totals.discountTotal);
  });
});

describe("the demo codes", () => {
  it("are seeded with the demo accounts; a missing one comes back, the others stay as they are", async () => {
    expect(
      await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media }),
    ).toBeNull();
    await platform.db.delete(discountCodes).where(eq(discountCodes.code, inactive.code));
    const result = await seedIfEmpty(platform.db, { demoAccounts: true, media: platform.media });
    expect(result).toMatchObject({ discountCodes: 1, users: 0, productParents: 0 });
    expect(result?.summary).toBe("1 demo discount codes");
    const rows = await platform.db.select().from(discountCodes);
    expect(rows.map((row) => row.code).sort()).toEqual(
      [...Object.values(SEED_DISCOUNT_CODES).map((code) => code.code), "ENDAGSREA"].sort(),
    );
  });
});
