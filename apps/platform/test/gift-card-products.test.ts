import type {
  CartReply,
  CheckoutStarted,
  CheckoutState,
  GiftCardLineAttributes,
  GiftCardProductAdded,
  ItemAdded,
  OutboxMail,
  PlatformErrorBody,
  SessionStarted,
} from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCardProducts, giftCards, orders } from "../src/db/schema.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
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

type Answer<Body> = Body & PlatformErrorBody;

async function startSession(countryCode = "SE") {
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: {
      storeGroupId: "default",
      countryCode,
      languageCode: countryCode === "FI" ? "fi" : "sv",
    },
  });
  return body.token;
}

function giftCardInput(overrides: Record<string, unknown> = {}) {
  return {
    amountToLoad: 50_000,
    templateId: "birthday",
    receivingEmail: "mottagare@example.se",
    senderName: "Anna",
    message: "Grattis på födelsedagen!",
    market: "SE",
    lang: "sv",
    store: "default",
    ...overrides,
  };
}

function addGiftCard(token: string, overrides: Record<string, unknown> = {}) {
  return platform.request<Answer<GiftCardProductAdded>>(
    "POST",
    "/shopper-retain24/gift-card-products",
    { token, body: giftCardInput(overrides) },
  );
}

function addItem(token: string, productVariantId: string, quantity = 1) {
  return platform.request<Answer<ItemAdded>>("POST", "/shopper/sessions/items", {
    token,
    body: { productVariantId, quantity },
  });
}

function startCheckout(sessionToken: string) {
  return platform.request<Answer<CheckoutStarted>>("POST", "/shopper/sessions/checkout/start", {
    token: sessionToken,
    body: { paymentProvider: "KlarnaCheckout", shippingProvider: "PostNord" },
  });
}

interface KlarnaOrder {
  order_id: string;
  hosted_payment_page_url: string;
}

function createKlarnaOrder(checkoutToken: string) {
  return platform.request<Answer<KlarnaOrder>>("POST", "/shopper-kco/orders", {
    token: checkoutToken,
    body: {
      merchant_urls: {
        terms: `${TEST_STOREFRONT_URL}/kopvillkor`,
        checkout: `${TEST_STOREFRONT_URL}/checkout`,
        confirmation: `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=klarna&order_id={checkout.order.id}`,
      },
    },
  });
}

const SHOPPER = {
  givenName: "Anna",
  familyName: "Andersson",
  email: "anna@example.se",
  telephoneNumber: "+46701234567",
  streetAddress: "Storgatan 1",
  postalCode: "11122",
  city: "Stockholm",
  country: "SE",
  outcome: "approve",
};

/** Posts the sandbox widget's form as a browser would, without following the redirect. */
async function pay(widgetUrl: string) {
  const response = await fetch(widgetUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(SHOPPER).toString(),
    redirect: "manual",
  });
  await response.text();
  return response.status;
}

describe("POST /shopper-retain24/gift-card-products", () => {
  it("adds a line priced at the amount, without VAT, and answers the product and the cart", async () => {
    const token = await startSession();
    const { status, body } = await addGiftCard(token, { amountToLoad: 100_000 });
    expect(status).toBe(200);
    expect(body.giftCardProduct).toMatchObject({
      amountToLoad: 100_000,
      currencyCode: "SEK",
      templateId: "birthday",
      receivingEmail: "mottagare@example.se",
      senderName: "Anna",
      message: "Grattis på födelsedagen!",
    });
    expect(body.cart.items).toHaveLength(1);
    const [line] = body.cart.items;
    expect(line).toMatchObject({
      id: body.giftCardProduct.cartItemId,
      quantity: 1,
      name: "Presentkort 1\u00a0000\u00a0kr",
      basePriceAmount: 100_000,
      salePriceAmount: 100_000,
      totalDiscountAmount: 0,
      totalPriceAmount: 100_000,
      taxPercentage: 0,
    });
    expect((line!.customAttributes as GiftCardLineAttributes).giftCard).toEqual({
      giftCardProductId: body.giftCardProduct.id,
      receivingEmail: "mottagare@example.se",
      templateId: "birthday",
    });
    expect(body.cart.totals).toMatchObject({
      subTotal: 100_000,
      discountTotal: 0,
      taxTotal: 0,
      grandTotal: 100_000 + body.cart.totals.shippingTotal,
    });
  });

  it("prices a card in euros in Finland and names it in Finnish", async () => {
    const token = await startSession("FI");
    const { status, body } = await addGiftCard(token, {
      amountToLoad: 5_000,
      market: "FI",
      lang: "fi",
    });
    expect(status).toBe(200);
    expect(body.giftCardProduct.currencyCode).toBe("EUR");
    expect(body.cart.items[0]?.name).toBe("Lahjakortti 50\u00a0€");
    expect(body.cart.items[0]?.totalPriceAmount).toBe(5_000);
  });

  it("each card is its own line", async () => {
    const token = await startSession();
    await addGiftCard(token);
    const { body } = await addGiftCard(token);
    expect(body.cart.items.map((item) => item.quantity)).toEqual([1, 1]);
    expect(body.cart.totals.subTotal).toBe(100_000);
  });

  it("refuses amounts out of limits, a bad email, an unknown design and another market with 400", async () => {
    const token = await startSession();
    for (const [overrides, field] of [
      [{ amountToLoad: 9_999 }, "amountToLoad"],
      [{ amountToLoad: 1_000_001 }, "amountToLoad"],
      [{ amountToLoad: 500.5 }, "amountToLoad"],
      [{ receivingEmail: "inte-en-adress" }, "receivingEmail"],
      [{ templateId: "halloween" }, "templateId"],
      [{ message: "x".repeat(201) }, "message"],
      [{ market: "FI" }, "market"],
    ] as const) {
      const { status, body } = await addGiftCard(token, overrides);
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(body.errors?.some((error) => error.startsWith(`${field}:`))).toBe(true);
    }
    const fi = await addGiftCard(await startSession("FI"), {
      amountToLoad: 100_001,
      market: "FI",
    });
    expect(fi.status).toBe(400);
    const cart = await platform.request<{ cart: CartReply["cart"] }>("GET", "/shopper/sessions", {
      token,
    });
    expect(cart.body.cart.items).toEqual([]);
  });

  it("needs a session token", async () => {
    const { status } = await platform.request("POST", "/shopper-retain24/gift-card-products", {
      body: giftCardInput(),
    });
    expect(status).toBe(401);
  });

  it("refuses a quantity change and adding the gift-card variant as a plain item", async () => {
    const token = await startSession();
    const { body } = await addGiftCard(token);
    const line = body.cart.items[0]!;
    const changed = await platform.request<Answer<CartReply>>(
      "PUT",
      `/shopper/sessions/items/${line.id}`,
      { token, body: { quantity: 2 } },
    );
    expect(changed.status).toBe(400);
    expect((await addItem(token, line.productVariantId)).status).toBe(400);
  });

  it("takes no discount code off the card", async () => {
    const token = await startSession();
    expect((await addItem(token, SEED_FIXTURES.simple.variantId)).status).toBe(200);
    await addGiftCard(token);
    const { status, body } = await platform.request<Answer<CartReply>>(
      "POST",
      "/shopper/sessions/discount-codes",
      { token, body: { discountCode: "VALKOMMEN10" } },
    );
    expect(status).toBe(200);
    const [product, card] = body.cart.items;
    expect(product!.totalDiscountAmount).toBeGreaterThan(0);
    expect(card).toMatchObject({ totalDiscountAmount: 0, totalPriceAmount: 50_000 });
    expect(body.cart.totals.discountTotal).toBe(product!.totalDiscountAmount);
  });

  it("a gift card alone does not reach a code's minimum subtotal", async () => {
    const token = await startSession();
    await addGiftCard(token, { amountToLoad: 100_000 });
    const { status } = await platform.request<Answer<CartReply>>(
      "POST",
      "/shopper/sessions/discount-codes",
      { token, body: { discountCode: "SOMMAR100" } },
    );
    expect(status).toBe(422);
  });
});

describe("DELETE /shopper-retain24/gift-card-products/{id}", () => {
  it("removes the line; an unknown id answers 404", async () => {
    const token = await startSession();
    await addItem(token, SEED_FIXTURES.simple.variantId);
    const { body } = await addGiftCard(token);
    const removed = await platform.request<Answer<CartReply>>(
      "DELETE",
      `/shopper-retain24/gift-card-products/${body.giftCardProduct.id}`,
      { token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.cart.items.map((item) => item.productVariantId)).toEqual([
      SEED_FIXTURES.simple.variantId,
    ]);
    const again = await platform.request<Answer<CartReply>>(
      "DELETE",
      `/shopper-retain24/gift-card-products/${body.giftCardProduct.id}`,
      { token },
    );
    expect(again.status).toBe(404);
    // Another cart's card is unknown here too.
    const other = await addGiftCard(await startSession());
    const foreign = await platform.request(
      "DELETE",
      `/shopper-retain24/gift-card-products/${other.body.giftCardProduct.id}`,
      { token },
    );
    expect(foreign.status).toBe(404);
  });
});

describe("buying a gift card", () => {
  it("issues the card once when the order is paid, mails code and PIN, and the card pays a later checkout", async () => {
    const receivingEmail = `friend-${Date.now()}@example.se`;
    const sessionToken = await startSession();
    const added = await addGiftCard(sessionToken, { amountToLoad: 50_000, receivingEmail });
    expect(added.status).toBe(200);

    const started = await startCheckout(sessionToken);
    expect(started.status).toBe(200);
    expect(started.body.checkout.totals.taxTotal).toBe(0);
    const created = await createKlarnaOrder(started.body.token);
    expect(created.status).toBe(201);
    const url = created.body.hosted_payment_page_url;

    const statuses = await Promise.all([pay(url), pay(url)]);
    expect(statuses).toEqual([303, 303]);
    expect(await pay(url)).toBe(303);

    const state = await platform.request<CheckoutState>("GET", "/shopper/sessions/checkout", {
      token: started.body.token,
    });
    expect(state.body.checkout.orderId).toBeTruthy();
    const placed = await platform.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, started.body.checkout.id));
    expect(placed).toHaveLength(1);

    const issued = await platform.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.receivingEmail, receivingEmail));
    expect(issued).toHaveLength(1);
    const card = issued[0]!;
    expect(card).toMatchObject({
      currencyCode: "SEK",
      balance: 50_000,
      initialBalance: 50_000,
      status: "active",
    });
    expect(card.code).toMatch(/^\d{16}$/);
    expect(card.pinHash).not.toMatch(/^\d{4}$/);
    const validYears =
      (card.validUntil.getTime() - card.validFrom.getTime()) / (365.25 * 24 * 3600 * 1000);
    expect(Math.round(validYears)).toBe(3);
    const [product] = await platform.db
      .select()
      .from(giftCardProducts)
      .where(eq(giftCardProducts.id, added.body.giftCardProduct.id));
    expect(product?.issuedGiftCardCode).toBe(card.code);

    const mails = await platform.request<OutboxMail[]>(
      "GET",
      `/dev/mail.json?to=${encodeURIComponent(receivingEmail)}`,
    );
    expect(mails.body).toHaveLength(1);
    const mail = mails.body[0]!;
    expect(mail.subject).toBe("Anna har gett dig ett presentkort");
    expect(mail.text).toContain("Grattis på födelsedagen!");
    expect(mail.text.replaceAll(" ", "")).toContain(card.code);
    const pin = /PIN-kod: (\d{4})/.exec(mail.text)?.[1];
    expect(pin).toBeDefined();

    // The cart was bought: it is empty again.
    const after = await platform.request<{ cart: CartReply["cart"] }>("GET", "/shopper/sessions", {
      token: sessionToken,
    });
    expect(after.body.cart.items).toEqual([]);

    // The new card pays part of a later order.
    const buyer = await startSession();
    expect((await addItem(buyer, SEED_FIXTURES.simple.variantId)).status).toBe(200);
    const later = await startCheckout(buyer);
    expect(later.status).toBe(200);
    const applied = await platform.request<PlatformErrorBody>(
      "PUT",
      `/shopper-retain24/gift-cards/${card.code}`,
      { token: later.body.token, body: { pin } },
    );
    expect(applied.status).toBe(204);
    const withCard = await platform.request<CheckoutState>("GET", "/shopper/sessions/checkout", {
      token: later.body.token,
    });
    const total = withCard.body.checkout.totals.grandTotal;
    expect(withCard.body.checkout.giftCards).toEqual([
      expect.objectContaining({ amount: Math.min(total, 50_000), currencyCode: "SEK" }),
    ]);
    const wrongPin = await platform.request<PlatformErrorBody>(
      "PUT",
      `/shopper-retain24/gift-cards/${card.code}`,
      { token: later.body.token, body: { pin: pin === "0000" ? "0001" : "0000" } },
    );
    expect(wrongPin.status).toBe(400);
  });

  it("issues nothing for a cart without gift cards, and a mixed cart draws stock for the goods only", async () => {
    const sessionToken = await startSession();
    await addItem(sessionToken, SEED_FIXTURES.simple.variantId);
    const receivingEmail = `blandat-${Date.now()}@example.se`;
    await addGiftCard(sessionToken, { receivingEmail, senderName: "", message: "" });
    const started = await startCheckout(sessionToken);
    expect(started.status).toBe(200);
    const created = await createKlarnaOrder(started.body.token);
    expect(await pay(created.body.hosted_payment_page_url)).toBe(303);
    const issued = await platform.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.receivingEmail, receivingEmail));
    expect(issued).toHaveLength(1);
    const mails = await platform.request<OutboxMail[]>(
      "GET",
      `/dev/mail.json?to=${encodeURIComponent(receivingEmail)}`,
    );
    expect(mails.body[0]?.subject).toBe("Du har fått ett presentkort");
  });
});
