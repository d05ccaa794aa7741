import type { OutboxMail, PlatformErrorBody } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCards, variantStocks } from "../src/db/schema.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import {
  applyCard,
  type CartLine,
  cartWith,
  ordersOf,
  pay,
  readCheckout,
  SHOPPER,
  startCheckout,
  startedCheckout,
  stockOf,
} from "./support/checkout-flow.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["KlarnaCheckout"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

interface KlarnaOrder {
  order_id: string;
  status: string;
  order_amount: number;
  html_snippet: string;
  hosted_payment_page_url: string;
  error_messages?: string[];
  productVariantIDs?: string[];
  kassa_order_id?: string;
}

const MERCHANT_URLS = {
  terms: `${TEST_STOREFRONT_URL}/kopvillkor`,
  checkout: `${TEST_STOREFRONT_URL}/checkout`,
  confirmation: `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=klarna&order_id={checkout.order.id}`,
};

function createKlarnaOrder(checkoutToken: string) {
  return platform.request<KlarnaOrder & PlatformErrorBody>("POST", "/shopper-kco/orders", {
    token: checkoutToken,
    body: { merchant_urls: MERCHANT_URLS },
  });
}

async function checkoutReadyToPay(lines?: readonly CartLine[]) {
  const sessionToken = await cartWith(platform, lines);
  const started = await startedCheckout(platform, sessionToken, "KlarnaCheckout");
  const created = await createKlarnaOrder(started.token);
  expect(created.status).toBe(201);
  return { sessionToken, checkoutToken: started.token, order: created.body };
}

describe("checkout start", () => {
  it("freezes the cart: totals, providers, a checkout token", async () => {
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const { status, body } = await startCheckout(platform, sessionToken, "KlarnaCheckout");
    expect(status).toBe(200);
    expect(body.token).toMatch(/^ey/);
    expect(body.checkout).toMatchObject({
      isStale: false,
      status: "open",
      paymentProvider: "KlarnaCheckout",
      shippingProvider: "PostNord",
      currencyCode: "SEK",
      giftCards: [],
      orderId: null,
    });
    expect(body.checkout.totals.amountToPay).toBe(body.checkout.totals.grandTotal);
    expect((await readCheckout(platform, body.token)).body.checkout.id).toBe(body.checkout.id);
  });

  it("refuses an empty cart, providers the market does not offer, and a session token for reading", async () => {
    const empty = await startCheckout(platform, await cartWith(platform, []), "KlarnaCheckout");
    expect(empty.status).toBe(400);
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const wrong = await startCheckout(platform, sessionToken, "Swish");
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(['paymentProvider: "Swish" is not offered here']);
    expect((await readCheckout(platform, sessionToken)).status).toBe(401);
  });

  it("answers 404 out of stock error naming the sold-out variants", async () => {
    const { lowStock } = SEED_FIXTURES;
    const sessionToken = await cartWith(platform, [{ variantId: lowStock.variantId, quantity: 2 }]);
    await platform.db
      .update(variantStocks)
      .set({ stockQuantity: 1 })
      .where(eq(variantStocks.productVariantId, lowStock.variantId));
    const { status, body } = await startCheckout(platform, sessionToken, "KlarnaCheckout");
    expect(status).toBe(404);
    expect(body).toMatchObject({
      error: "out of stock error",
      productVariantIDs: [lowStock.variantId],
    });
    await platform.db
      .update(variantStocks)
      .set({ stockQuantity: 3 })
      .where(eq(variantStocks.productVariantId, lowStock.variantId));
  });

  it("goes stale when the cart changes, and a stale checkout cannot be paid", async () => {
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const { body } = await startCheckout(platform, sessionToken, "KlarnaCheckout");
    await platform.request("POST", "/shopper/sessions/items", {
      token: sessionToken,
      body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    });
    expect((await readCheckout(platform, body.token)).body.checkout.isStale).toBe(true);
    const created = await createKlarnaOrder(body.token);
    expect(created.status).toBe(409);
    expect(created.body.error).toBe("CHECKOUT_STALE");
  });
});

describe("gift cards (Retain24)", () => {
  it("answers the service's texts for each refusal", async () => {
    const { checkoutToken } = await checkoutReadyToPay();
    const cases: [string, string | undefined, string][] = [
      ["6000000000001000", undefined, "PIN code required"],
      ["6000000000001000", "9999", "unable to add/update card"],
      ["6000000000009999", "1234", "unable to add/update card"],
      ["6000000000003000", "1234", "gift card currency does not match checkout currency"],
      ["6000000000004000", "1234", "requested gift card has insufficient balance"],
      ["6000000000005000", "1234", "outside valid date range"],
      ["6000000000006000", "1234", "gift card status invalid"],
    ];
    for (const [code, pin, error] of cases) {
      const { status, body } = await applyCard(platform, checkoutToken, code, pin);
      expect({ code, status, error: body.error }).toEqual({ code, status: 400, error });
    }
  });

  it("pays at most what is left, with spaces removed, and can be removed", async () => {
    const { checkoutToken } = await checkoutReadyToPay([
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    expect(
      (await applyCard(platform, checkoutToken, "6000 0000 0000 2000", " 12 34 ")).status,
    ).toBe(204);
    let { checkout } = (await readCheckout(platform, checkoutToken)).body;
    const grand = checkout.totals.grandTotal;
    expect(checkout.giftCards).toEqual([
      {
        id: "6000000000002000",
        amount: Math.min(10_000, grand),
        name: "••••••••2000",
        currencyCode: "SEK",
      },
    ]);
    expect(checkout.totals.amountToPay).toBe(Math.max(0, grand - 10_000));

    expect((await applyCard(platform, checkoutToken, "6000000000008000", "1234")).status).toBe(204);
    ({ checkout } = (await readCheckout(platform, checkoutToken)).body);
    expect(checkout.totals.giftCardTotal).toBe(grand);
    expect(checkout.totals.amountToPay).toBe(0);
    // Nothing is left to pay: a third card is refused.
    expect((await applyCard(platform, checkoutToken, "6000000000001000", "1234")).body.error).toBe(
      "grand total is 0",
    );

    const removed = await platform.request(
      "DELETE",
      "/shopper-retain24/gift-cards/6000000000002000",
      {
        token: checkoutToken,
      },
    );
    expect(removed.status).toBe(204);
    ({ checkout } = (await readCheckout(platform, checkoutToken)).body);
    expect(checkout.giftCards.map((card) => card.id)).toEqual(["6000000000008000"]);
    expect(checkout.totals.giftCardTotal).toBe(grand);
  });
});

describe("Klarna Checkout sandbox and the placed order", () => {
  it("answers an html snippet that embeds the widget, and a hosted page", async () => {
    const { order } = await checkoutReadyToPay();
    expect(order.order_id).toMatch(/^kco_/);
    expect(order.status).toBe("checkout_incomplete");
    expect(order.html_snippet).toContain('id="klarna-checkout-container"');
    expect(order.html_snippet).toContain("/sandbox/klarna/loader.js");
    const page = await fetch(order.hosted_payment_page_url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(
      `frame-ancestors 'self' ${TEST_STOREFRONT_URL}`,
    );
    const html = await page.text();
    expect(html).toContain('target="_top"');
    expect(html).toContain('lang="sv"');
  });

  it("a declined payment stays in the widget; an approved one places the order once", async () => {
    const { lowStock } = SEED_FIXTURES;
    const { checkoutToken, order } = await checkoutReadyToPay([
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 2 },
      { variantId: lowStock.variantId, quantity: 1 },
    ]);
    expect((await applyCard(platform, checkoutToken, "6000000000002000", "1234")).status).toBe(204);
    // The shop updates Klarna's order to the new amount after a gift card, as the storefront does;
    // unupdated it could not be paid (ADR 0030).
    const updated = await createKlarnaOrder(checkoutToken);
    expect(updated.body).toMatchObject({
      order_id: order.order_id,
      order_amount: order.order_amount - 10_000,
    });
    const before = {
      simple: await stockOf(platform, SEED_FIXTURES.simple.variantId),
      low: await stockOf(platform, lowStock.variantId),
    };

    const declined = await pay(order.hosted_payment_page_url, { ...SHOPPER, outcome: "decline" });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain("Betalningen nekades");

    const paid = await Promise.all([
      pay(order.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" }),
      pay(order.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" }),
    ]);
    for (const answer of paid) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(
        `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=klarna&order_id=${order.order_id}`,
      );
    }
    const again = await pay(order.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" });
    expect(again.status).toBe(303);

    const read = await platform.request<KlarnaOrder>(
      "GET",
      `/shopper-kco/orders/${order.order_id}`,
      {
        token: checkoutToken,
      },
    );
    expect(read.body.status).toBe("checkout_complete");
    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(state.checkout.orderId).toBe(read.body.kassa_order_id);
    expect(state.order).toMatchObject({
      email: "anna@example.se",
      orderStates: ["PLACED"],
      payment: { provider: "KlarnaCheckout", reference: order.order_id },
      giftCards: [{ name: "••••••••2000", amount: 10_000 }],
    });
    expect(state.order?.reference).toMatch(/^\d{6}$/);
    expect(state.order?.lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(state.order?.totals.amountToPay).toBe(state.order!.totals.grandTotal - 10_000);

    const placed = await ordersOf(platform, state.checkout.id);
    expect(placed).toHaveLength(1);
    expect(await stockOf(platform, SEED_FIXTURES.simple.variantId)).toBe(before.simple - 2);
    expect(await stockOf(platform, lowStock.variantId)).toBe(before.low - 1);
    const [card] = await platform.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.code, "6000000000002000"));
    expect(card?.balance).toBe(0);

    const mails = await platform.request<OutboxMail[]>("GET", "/dev/mail.json");
    expect(
      mails.body.filter((mail) => mail.subject === `Orderbekräftelse ${state.order?.reference}`),
    ).toHaveLength(1);
  });

  it("refuses an order with fields to fix, in the words of the order error card", async () => {
    const { checkoutToken, order } = await checkoutReadyToPay();
    const answer = await pay(order.hosted_payment_page_url, {
      ...SHOPPER,
      familyName: "",
      country: "Sverige",
      outcome: "approve",
    });
    expect(answer.status).toBe(303);
    const read = await platform.request<KlarnaOrder>(
      "GET",
      `/shopper-kco/orders/${order.order_id}`,
      {
        token: checkoutToken,
      },
    );
    expect(read.body.status).toBe("checkout_incomplete");
    expect(read.body.error_messages).toEqual([
      "billing_address.family_name: is a required field",
      "billing_address.country: country must be a valid ISO 3166-1 alpha2 code",
    ]);
    expect((await readCheckout(platform, checkoutToken)).body.order).toBeUndefined();
  });

  it("two shoppers racing for the last units: one gets them, the other is told which sold out", async () => {
    const { lowStock } = SEED_FIXTURES;
    await platform.db
      .update(variantStocks)
      .set({ stockQuantity: 3, reservedQuantity: 1 })
      .where(eq(variantStocks.productVariantId, lowStock.variantId));
    const first = await checkoutReadyToPay([{ variantId: lowStock.variantId, quantity: 2 }]);
    const second = await checkoutReadyToPay([{ variantId: lowStock.variantId, quantity: 2 }]);
    await Promise.all([
      pay(first.order.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" }),
      pay(second.order.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" }),
    ]);
    const outcomes = await Promise.all(
      [first, second].map(
        async ({ checkoutToken, order }) =>
          (
            await platform.request<KlarnaOrder>("GET", `/shopper-kco/orders/${order.order_id}`, {
              token: checkoutToken,
            })
          ).body,
      ),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
      "checkout_complete",
      "checkout_incomplete",
    ]);
    const refused = outcomes.find((outcome) => outcome.status === "checkout_incomplete");
    expect(refused?.productVariantIDs).toEqual([lowStock.variantId]);
    expect(await stockOf(platform, lowStock.variantId)).toBe(1);
  });
});
