import type { AvardaPayment, PlatformErrorBody } from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantStocks } from "../src/db/schema.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import {
  applyCard,
  type CartLine,
  cartWith,
  ordersOf,
  pay,
  readCheckout,
  SHOPPER,
  startedCheckout,
} from "./support/checkout-flow.js";
import { MINUTE } from "./support/test-clock.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["Avarda"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

type Reply = AvardaPayment & PlatformErrorBody;

const REDIRECT_URL = `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=avarda`;
const PAYMENT_BODY = {
  redirectUrl: REDIRECT_URL,
  termsUrl: `${TEST_STOREFRONT_URL}/kopvillkor`,
  checkoutUrl: `${TEST_STOREFRONT_URL}/checkout`,
};

function createPayment(checkoutToken: string, body: unknown = PAYMENT_BODY) {
  return platform.request<Reply>("POST", "/shopper-avarda/payments", {
    token: checkoutToken,
    body,
  });
}

function syncPayment(checkoutToken: string) {
  return platform.request<Reply>("POST", "/shopper-avarda/payments/sync", {
    token: checkoutToken,
  });
}

function confirmation(checkoutToken: string, purchaseId?: string) {
  const query = purchaseId ? `?purchaseId=${encodeURIComponent(purchaseId)}` : "";
  return platform.request<Reply>("GET", `/shopper-avarda/confirmation${query}`, {
    token: checkoutToken,
  });
}

async function purchaseReady(lines?: readonly CartLine[]) {
  const sessionToken = await cartWith(platform, lines);
  const { token: checkoutToken, checkout } = await startedCheckout(
    platform,
    sessionToken,
    "Avarda",
  );
  const created = await createPayment(checkoutToken);
  expect(created.status).toBe(201);
  return { sessionToken, checkoutToken, checkout, payment: created.body };
}

async function setStock(variantId: string, stockQuantity: number, reservedQuantity = 0) {
  await platform.db
    .update(variantStocks)
    .set({ stockQuantity, reservedQuantity })
    .where(and(eq(variantStocks.productVariantId, variantId), eq(variantStocks.countryCode, "SE")));
}

describe("POST /shopper-avarda/payments", () => {
  it("initialises a purchase: id, purchase token, 30 minutes, and what the page embeds", async () => {
    const { checkoutToken, checkout, payment } = await purchaseReady();
    expect(payment.purchaseId).toMatch(/^avp_[0-9a-f]{24}$/);
    expect(payment.jwt).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(payment.expiredUtc).toBe(
      new Date(platform.clock.now().getTime() + 30 * MINUTE).toISOString(),
    );
    expect(payment).toMatchObject({
      mode: "B2C",
      step: { current: "Initialized" },
      b2C: { step: { current: "Initialized" } },
      totalPrice: checkout.totals.amountToPay,
      currency: "SEK",
      checkoutScriptUrl: `${platform.url}/sandbox/avarda/loader.js`,
      hostedPaymentPageUrl: expect.stringMatching(
        new RegExp(`^${platform.url}/sandbox/avarda/pay/[\\w-]+$`),
      ),
    });
    expect(payment.b2B).toBeUndefined();
    expect(payment.embeddedCheckoutUrl).toBe(`${payment.hostedPaymentPageUrl}?embedded=1`);
    expect(payment.items[0]).toMatchObject({
      notes: SEED_FIXTURES.simple.variantId,
      quantity: 2,
      taxCode: "25",
    });

    // One purchase per checkout while it lives: a repeat answers the same one, token and all.
    const again = await createPayment(checkoutToken);
    expect(again.status).toBe(200);
    expect(again.body.purchaseId).toBe(payment.purchaseId);
    expect(again.body.jwt).toBe(payment.jwt);

    const loader = await fetch(payment.checkoutScriptUrl);
    expect(loader.status).toBe(200);
    expect(loader.headers.get("content-type")).toContain("javascript");
    expect(await loader.text()).toContain('"avardaCheckout"');
  });

  it("serves the widget as a page the shop may frame, and in full without JavaScript", async () => {
    const { payment } = await purchaseReady();
    for (const url of [payment.embeddedCheckoutUrl, payment.hostedPaymentPageUrl]) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain(
        `frame-ancestors 'self' ${TEST_STOREFRONT_URL}`,
      );
      const html = await page.text();
      expect(html).toContain("Avarda");
      expect(html).toContain('target="_top"');
      expect(html).toContain('lang="sv"');
      expect(html).not.toContain('name="organizationNumber"');
    }
  });

  it("refuses a missing or non-http URL, and a call without a checkout token", async () => {
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const { token } = await startedCheckout(platform, sessionToken, "Avarda");
    const missing = await createPayment(token, { termsUrl: PAYMENT_BODY.termsUrl });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: "BAD_REQUEST", statusCode: 400 });
    expect(missing.body.errors?.[0]).toMatch(/^redirectUrl: /);
    const scheme = await createPayment(token, {
      ...PAYMENT_BODY,
      redirectUrl: "javascript:alert(1)",
    });
    expect(scheme.status).toBe(400);
    expect(scheme.body.errors).toEqual(["redirectUrl: an absolute http(s) URL is required"]);
    const anonymous = await platform.request<Reply>("POST", "/shopper-avarda/payments", {
      body: PAYMENT_BODY,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("UNAUTHORIZED");
    // A session token is not a checkout token.
    expect((await createPayment(sessionToken)).status).toBe(401);
  });

  it("answers 404 for sync and confirmation before a purchase exists, and for another checkout's purchase", async () => {
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const { token } = await startedCheckout(platform, sessionToken, "Avarda");
    const sync = await syncPayment(token);
    expect(sync.status).toBe(404);
    expect(sync.body.error).toBe("payment not found");
    expect((await confirmation(token)).status).toBe(404);

    const other = await purchaseReady();
    await createPayment(token);
    const foreign = await confirmation(token, other.payment.purchaseId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("payment not found");
  });
});

describe("paying in the Avarda widget", () => {
  it("re-syncs the amount after a gift card, on the same purchase", async () => {
    const { checkoutToken, payment } = await purchaseReady([
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const applied = await applyCard(platform, checkoutToken, "6000000000002000", "1234");
    expect(applied.status).toBe(204);
    const { checkout } = (await readCheckout(platform, checkoutToken)).body;
    expect(checkout.totals.giftCardTotal).toBeGreaterThan(0);

    const synced = await syncPayment(checkoutToken);
    expect(synced.status).toBe(200);
    expect(synced.body.purchaseId).toBe(payment.purchaseId);
    expect(synced.body.totalPrice).toBe(checkout.totals.amountToPay);
    expect(synced.body.totalPrice).toBe(payment.totalPrice - checkout.totals.giftCardTotal);

    const paid = await pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" });
    expect(paid.status).toBe(303);
    const [order] = await ordersOf(platform, checkout.id);
    expect(order?.paidAmount).toBe(checkout.totals.amountToPay);
    expect(order?.giftCardTotal).toBe(checkout.totals.giftCardTotal);
  });

  it("a declined payment stays in the widget; an approved one places the order once", async () => {
    const { checkoutToken, checkout, payment } = await purchaseReady();

    const declined = await pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "decline" });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain("Betalningen nekades");
    const afterDecline = await confirmation(checkoutToken);
    expect(afterDecline.body.step.current).toBe("PersonalInfo");
    expect(afterDecline.body.errorCode).toBeUndefined();
    expect(await ordersOf(platform, checkout.id)).toHaveLength(0);

    const paid = await Promise.all([
      pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" }),
      pay(payment.embeddedCheckoutUrl, { ...SHOPPER, outcome: "approve" }),
    ]);
    for (const answer of paid) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${REDIRECT_URL}&purchaseId=${payment.purchaseId}`);
    }

    // Every repeat the shop or the shopper can make: the form again, confirmation reads, syncs.
    expect(
      (await pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" })).status,
    ).toBe(303);
    const reads = [
      await confirmation(checkoutToken),
      await confirmation(checkoutToken, payment.purchaseId),
      await syncPayment(checkoutToken),
    ];
    const placed = await ordersOf(platform, checkout.id);
    expect(placed).toHaveLength(1);
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        purchaseId: payment.purchaseId,
        step: { current: "Completed" },
        orderId: placed[0]?.id,
        b2C: {
          step: { current: "Completed" },
          invoicingAddress: {
            firstName: "Anna",
            lastName: "Andersson",
            address1: "Storgatan 1",
            zip: "11122",
            city: "Stockholm",
            country: "SE",
          },
          userInputs: { email: "anna@example.se", phone: "+46701234567" },
        },
      });
      expect(read.body.completedUtc).toBe(placed[0]?.placedAt.toISOString());
    }
    // A paid checkout takes no new purchase.
    const afterPaid = await createPayment(checkoutToken);
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.body.error).toBe("CHECKOUT_COMPLETED");
    expect(await ordersOf(platform, checkout.id)).toHaveLength(1);

    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(state.order).toMatchObject({
      email: "anna@example.se",
      payment: { provider: "Avarda", reference: payment.purchaseId },
    });
  });

  it("refuses an order with fields to fix, in the words of the order error card", async () => {
    const { checkoutToken, checkout, payment } = await purchaseReady();
    const answer = await pay(payment.hostedPaymentPageUrl, {
      ...SHOPPER,
      familyName: "",
      outcome: "approve",
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${REDIRECT_URL}&purchaseId=${payment.purchaseId}`);
    const read = await confirmation(checkoutToken);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      step: { current: "PersonalInfo" },
      errorCode: "VALIDATION_ERROR",
      errors: ["billing_address.family_name: is a required field"],
    });
    expect(read.body.orderId).toBeUndefined();
    expect(await ordersOf(platform, checkout.id)).toHaveLength(0);
    // The refused purchase has ended: paying again places nothing.
    const again = await pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" });
    expect(again.status).toBe(200);
    expect(await ordersOf(platform, checkout.id)).toHaveLength(0);
  });

  it("names the variants that sold out while the shopper paid", async () => {
    const { lowStock } = SEED_FIXTURES;
    const { checkoutToken, checkout, payment } = await purchaseReady([
      { variantId: lowStock.variantId, quantity: 2 },
    ]);
    await setStock(lowStock.variantId, 1);
    try {
      await pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" });
      const read = await confirmation(checkoutToken);
      expect(read.body).toMatchObject({
        step: { current: "PersonalInfo" },
        errorCode: "OUT_OF_STOCK",
        productVariantIDs: [lowStock.variantId],
      });
      expect(await ordersOf(platform, checkout.id)).toHaveLength(0);
    } finally {
      await setStock(lowStock.variantId, 3, 1);
    }
  });
});

describe("the 30-minute purchase", () => {
  it("times out for good; the next initialisation starts a new purchase", async () => {
    const { checkoutToken, checkout, payment } = await purchaseReady();

    platform.clock.advance(29 * MINUTE);
    expect((await confirmation(checkoutToken)).body.step.current).toBe("Initialized");

    platform.clock.advance(2 * MINUTE);
    const timedOut = await confirmation(checkoutToken);
    expect(timedOut.status).toBe(200);
    expect(timedOut.body).toMatchObject({
      purchaseId: payment.purchaseId,
      step: { current: "TimedOut" },
      b2C: { step: { current: "TimedOut" } },
    });
    // The widget says so, and paying in it places nothing.
    const page = await fetch(payment.hostedPaymentPageUrl);
    expect(await page.text()).toContain("Köpet har tidsgränsen passerad");
    const late = await pay(payment.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" });
    expect(late.status).toBe(200);
    expect(late.text).toContain("Köpet har tidsgränsen passerad");
    expect(await ordersOf(platform, checkout.id)).toHaveLength(0);
    // A sync cannot bring it back.
    const sync = await syncPayment(checkoutToken);
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({
      purchaseId: payment.purchaseId,
      step: { current: "TimedOut" },
    });

    const fresh = await createPayment(checkoutToken);
    expect(fresh.status).toBe(201);
    expect(fresh.body.purchaseId).not.toBe(payment.purchaseId);
    expect(fresh.body.jwt).not.toBe(payment.jwt);
    expect(fresh.body.step.current).toBe("Initialized");
    expect(fresh.body.expiredUtc).toBe(
      new Date(platform.clock.now().getTime() + 30 * MINUTE).toISOString(),
    );
    expect((await confirmation(checkoutToken)).body.purchaseId).toBe(fresh.body.purchaseId);
    expect((await confirmation(checkoutToken, payment.purchaseId)).body.step.current).toBe(
      "TimedOut",
    );

    const paid = await pay(fresh.body.hostedPaymentPageUrl, { ...SHOPPER, outcome: "approve" });
    expect(paid.location).toBe(`${REDIRECT_URL}&purchaseId=${fresh.body.purchaseId}`);
    expect((await confirmation(checkoutToken)).body.step.current).toBe("Completed");
    const placed = await ordersOf(platform, checkout.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.paymentReference).toBe(fresh.body.purchaseId);
  });
});

describe("business customers (B2B)", () => {
  it("runs the business store group's purchase in B2B mode with the company filled in", async () => {
    const sessionToken = await cartWith(
      platform,
      [{ variantId: SEED_FIXTURES.simple.variantId, quantity: 3 }],
      { storeGroupId: "business" },
    );
    const patched = await platform.request("PATCH", "/shopper/sessions/attributes", {
      token: sessionToken,
      body: {
        company: {
          registrationNumber: "5566778899",
          taxId: "SE556677889901",
          name: "Nordtrade AB",
          reference: "Ada",
        },
        merchantReference1: "5566778899",
      },
    });
    expect(patched.status).toBe(200);
    const { token: checkoutToken, checkout } = await startedCheckout(
      platform,
      sessionToken,
      "Avarda",
    );
    expect(checkout.isTaxIncludedInPrice).toBe(false);
    const created = await createPayment(checkoutToken);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      mode: "B2B",
      step: { current: "Initialized" },
      b2B: { step: { current: "Initialized" } },
      totalPrice: checkout.totals.amountToPay,
    });
    expect(created.body.b2C).toBeUndefined();

    const html = await (await fetch(created.body.hostedPaymentPageUrl)).text();
    expect(html).toMatch(/name="organizationName" type="text" value="Nordtrade AB"/);
    expect(html).toMatch(/name="organizationNumber" type="text" value="5566778899"/);

    const paid = await pay(created.body.hostedPaymentPageUrl, {
      ...SHOPPER,
      organizationName: "Nordtrade AB",
      organizationNumber: "5566778899",
      outcome: "approve",
    });
    expect(paid.status).toBe(303);
    const read = await confirmation(checkoutToken);
    expect(read.body).toMatchObject({
      mode: "B2B",
      step: { current: "Completed" },
      b2B: { invoicingAddress: { name: "Nordtrade AB", firstName: "Anna" } },
    });
    expect(await ordersOf(platform, checkout.id)).toHaveLength(1);
  });
});
