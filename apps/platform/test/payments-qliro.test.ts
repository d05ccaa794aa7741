import type {
  PlatformErrorBody,
  QliroCheckoutStatusPush,
  QliroCreateCheckoutInput,
  QliroOrder,
  QliroPushReceived,
} from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { paymentSessions } from "../src/db/schema.js";
import { signPushToken } from "../src/modules/payments/qliro/push-token.js";
import type { createCheckoutBody, statusPushBody } from "../src/modules/payments/qliro/routes.js";
import { capabilitiesFor, DEFAULT_PAYMENT_PROVIDERS } from "../src/modules/shopper/capabilities.js";
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
import { HOUR } from "./support/test-clock.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["QliroOne"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

type Reply = QliroOrder & PlatformErrorBody;

const CONFIRMATION_URL = `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=qliro`;
const CREATE_BODY: QliroCreateCheckoutInput = {
  MerchantConfirmationUrl: CONFIRMATION_URL,
  MerchantTermsUrl: `${TEST_STOREFRONT_URL}/kopvillkor`,
  MerchantIntegrityPolicyUrl: `${TEST_STOREFRONT_URL}/integritetspolicy`,
};

function createOrder(checkoutToken: string, body: unknown = CREATE_BODY) {
  return platform.request<Reply>("POST", "/shopper-qliro/checkouts", {
    token: checkoutToken,
    body,
  });
}

function getOrder(checkoutToken: string) {
  return platform.request<Reply>("GET", "/shopper-qliro/checkouts", { token: checkoutToken });
}

function syncOrder(checkoutToken: string) {
  return platform.request<Reply>("POST", "/shopper-qliro/checkouts/sync", {
    token: checkoutToken,
  });
}

/**
 * The status push URL the platform gives (real) Qliro for an order, server to server, with its
 * short-lived token: the shopper never sees it.
 */
function pushPathOf(order: Pick<QliroOrder, "OrderId">, issuedAt = platform.clock.now()) {
  return `/shopper-qliro/push?token=${signPushToken(platform.sessionSecret, order.OrderId, issuedAt)}`;
}

/** Posts a status push as Qliro would, to the push URL of the order. */
function push(order: Pick<QliroOrder, "OrderId">, body: QliroCheckoutStatusPush, path?: string) {
  return platform.request<QliroPushReceived & PlatformErrorBody>(
    "POST",
    path ?? pushPathOf(order),
    {
      body,
    },
  );
}

/** Starts a QliroOne checkout of the session's cart and answers its checkout token. */
async function startCheckout(sessionToken: string) {
  return (await startedCheckout(platform, sessionToken, "QliroOne")).token;
}

async function checkoutWithOrder(lines?: readonly CartLine[]) {
  const checkoutToken = await startCheckout(await cartWith(platform, lines));
  const created = await createOrder(checkoutToken);
  expect(created.status).toBe(201);
  return { checkoutToken, order: created.body };
}

/** The orders placed for the checkout a checkout token is for. */
async function ordersOfCheckout(checkoutToken: string) {
  const checkoutId = (await readCheckout(platform, checkoutToken)).body.checkout.id;
  return ordersOf(platform, checkoutId);
}

function itemsTotal(order: QliroOrder) {
  return order.OrderItems.reduce((sum, item) => sum + item.Quantity * item.PricePerItemIncVat, 0);
}

describe("Qliro One: the checkout's order", () => {
  it("creates one order per checkout, in Qliro's names, with a snippet and a payment link", async () => {
    const checkoutToken = await startCheckout(await cartWith(platform));
    const { checkout } = (await readCheckout(platform, checkoutToken)).body;

    const missing = await getOrder(checkoutToken);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("payment not found");

    const created = await createOrder(checkoutToken);
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order).toMatchObject({
      MerchantReference: checkout.id,
      TotalPrice: checkout.totals.amountToPay,
      Currency: "SEK",
      Country: "SE",
      Language: "sv-se",
      CustomerCheckoutStatus: "InProcess",
      MerchantConfirmationUrl: CONFIRMATION_URL,
      MerchantTermsUrl: CREATE_BODY.MerchantTermsUrl,
      MerchantIntegrityPolicyUrl: CREATE_BODY.MerchantIntegrityPolicyUrl,
    });
    expect(order.OrderId).toMatch(/^[1-9]\d{9}$/);
    expect(order.KassaOrderId).toBeUndefined();
    expect(order.OrderItems[0]).toMatchObject({
      MerchantReference: SEED_FIXTURES.simple.variantId,
      Type: "Product",
      Quantity: 2,
      VatRate: 2500,
    });
    expect(itemsTotal(order)).toBe(order.TotalPrice);
    expect(order.OrderHtmlSnippet).toContain('<div id="qliro-one-checkout">');
    expect(order.OrderHtmlSnippet).toContain(`${platform.url}/sandbox/qliro/loader.js`);
    expect(order.OrderHtmlSnippet).toContain('data-container="qliro-one-checkout"');
    expect(order.OrderHtmlSnippet).toContain(`data-src="${order.PaymentLink}?embedded=1"`);
    expect(order.OrderHtmlSnippet).toContain(`<noscript><a href="${order.PaymentLink}">`);
    expect(order.PaymentLink).toMatch(new RegExp(`^${platform.url}/sandbox/qliro/pay/`));
    // The push URL and its token are Qliro's and the platform's, never the shopper's.
    expect(Object.keys(order)).not.toContain("CheckoutStatusPushUrl");
    expect(JSON.stringify(order)).not.toContain("/shopper-qliro/push");
    expect(JSON.stringify(order)).not.toContain(pushPathOf(order).split("token=")[1]);

    // Created again (a reload of the checkout page): the same order, updated.
    const again = await createOrder(checkoutToken);
    expect(again.status).toBe(200);
    expect(again.body.OrderId).toBe(order.OrderId);
    expect((await getOrder(checkoutToken)).body).toMatchObject({
      OrderId: order.OrderId,
      CustomerCheckoutStatus: "InProcess",
    });

    const loader = await fetch(`${platform.url}/sandbox/qliro/loader.js`);
    expect(loader.status).toBe(200);
    expect(await loader.text()).toContain('window["q1"] = global');
  });

  it("refuses bad URLs, a missing token, and a checkout of another provider's", async () => {
    const checkoutToken = await startCheckout(await cartWith(platform));
    const noTerms = await createOrder(checkoutToken, {
      MerchantConfirmationUrl: CONFIRMATION_URL,
    });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.errors?.[0]).toMatch(/^MerchantTermsUrl: /);
    const notUrl = await createOrder(checkoutToken, {
      ...CREATE_BODY,
      MerchantConfirmationUrl: "javascript:alert(1)",
    });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.errors).toEqual([
      "MerchantConfirmationUrl: an absolute http(s) URL is required",
    ]);
    const anonymous = await platform.request<Reply>("POST", "/shopper-qliro/checkouts", {
      body: CREATE_BODY,
    });
    expect(anonymous.status).toBe(401);
    const sessionToken = await cartWith(platform);
    expect((await createOrder(sessionToken)).status).toBe(401);
    expect((await syncOrder(checkoutToken)).status).toBe(404);
  });

  it("serves the widget as a page the shop may frame, and a full page", async () => {
    const { order } = await checkoutWithOrder();
    for (const url of [order.PaymentLink, `${order.PaymentLink}?embedded=1`]) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain(
        `frame-ancestors 'self' ${TEST_STOREFRONT_URL}`,
      );
      const html = await page.text();
      expect(html).toContain('lang="sv"');
      expect(html).toContain('target="_top"');
      expect(html).toContain("Qliro");
    }
  });

  it("prefills the widget with the shop's CustomerInformation", async () => {
    const checkoutToken = await startCheckout(await cartWith(platform));
    const created = await createOrder(checkoutToken, {
      ...CREATE_BODY,
      CustomerInformation: { Email: "preset@example.se", Address: { FirstName: "Pia" } },
    });
    const html = await (await fetch(created.body.PaymentLink)).text();
    expect(html).toContain('value="preset@example.se"');
    expect(html).toContain('value="Pia"');
    // What the shop did not send is the test person's.
    expect(html).toContain('value="Ankeborg"');
  });

  it("syncs the amount after gift cards into the same order", async () => {
    const { checkoutToken, order } = await checkoutWithOrder([
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 4 },
    ]);
    const applied = await applyCard(platform, checkoutToken, "6000000000002000", "1234");
    expect(applied.status).toBe(204);
    const { checkout } = (await readCheckout(platform, checkoutToken)).body;
    const synced = await syncOrder(checkoutToken);
    expect(synced.status).toBe(200);
    expect(synced.body.OrderId).toBe(order.OrderId);
    expect(synced.body.TotalPrice).toBe(checkout.totals.amountToPay);
    expect(synced.body.TotalPrice).toBe(order.TotalPrice - 10_000);
    expect(synced.body.OrderItems.at(-1)).toMatchObject({
      MerchantReference: "giftcard:••••••••2000",
      Type: "Discount",
      PricePerItemIncVat: -10_000,
    });
    expect(itemsTotal(synced.body)).toBe(synced.body.TotalPrice);
    expect((await getOrder(checkoutToken)).body.TotalPrice).toBe(synced.body.TotalPrice);
  });
});

describe("Qliro One: paying", () => {
  it("a declined payment stays in the widget; an approved one places the order once", async () => {
    const { checkoutToken, order } = await checkoutWithOrder();

    const declined = await pay(order.PaymentLink, { ...SHOPPER, outcome: "decline" });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain("Betalningen nekades");
    expect((await getOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("InProcess");

    const expected = `${CONFIRMATION_URL}&qliro_order_id=${order.OrderId}`;
    const paid = await Promise.all([
      pay(order.PaymentLink, { ...SHOPPER, outcome: "approve" }),
      pay(order.PaymentLink, { ...SHOPPER, outcome: "approve" }),
    ]);
    for (const answer of paid) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(expected);
    }
    const again = await pay(order.PaymentLink, { ...SHOPPER, outcome: "approve" });
    expect(again).toMatchObject({ status: 303, location: expected });

    const read = await getOrder(checkoutToken);
    expect(read.body.CustomerCheckoutStatus).toBe("Completed");
    expect(read.body.OrderHtmlSnippet).toContain("Tack för ditt köp!");
    expect(read.body.OrderHtmlSnippet).not.toContain("loader.js");
    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(read.body.KassaOrderId).toBe(state.checkout.orderId);
    expect(state.order).toMatchObject({
      email: "anna@example.se",
      payment: { provider: "QliroOne", reference: order.OrderId },
    });

    // Every repeat the provider makes: syncs, reads, pushes (also repeated), a new create.
    const synced = await Promise.all([syncOrder(checkoutToken), syncOrder(checkoutToken)]);
    for (const answer of synced) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        OrderId: order.OrderId,
        CustomerCheckoutStatus: "Completed",
      });
    }
    const notification: QliroCheckoutStatusPush = {
      OrderId: Number(order.OrderId),
      MerchantReference: order.MerchantReference,
      Status: "Completed",
      Timestamp: new Date().toISOString(),
      NotificationType: "CustomerCheckoutStatus",
    };
    for (let time = 0; time < 3; time++) {
      const pushed = await push(read.body, notification);
      expect(pushed.status).toBe(200);
      expect(pushed.body).toEqual({ CallbackResponse: "received" });
    }
    expect((await createOrder(checkoutToken)).status).toBe(409);
    expect((await getOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
    expect(await ordersOfCheckout(checkoutToken)).toHaveLength(1);
  });

  it("fills {order_id} into a confirmation URL that has it", async () => {
    const checkoutToken = await startCheckout(await cartWith(platform));
    const created = await createOrder(checkoutToken, {
      ...CREATE_BODY,
      MerchantConfirmationUrl: `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=qliro&order={order_id}`,
    });
    const paid = await pay(created.body.PaymentLink, { ...SHOPPER, outcome: "approve" });
    expect(paid.location).toBe(
      `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=qliro&order=${created.body.OrderId}`,
    );
  });

  it("refuses an order with fields to fix, in the words of the order error card; a sync starts over", async () => {
    const { checkoutToken, order } = await checkoutWithOrder();
    const answer = await pay(order.PaymentLink, { ...SHOPPER, familyName: "", outcome: "approve" });
    expect(answer.status).toBe(303);
    const read = await getOrder(checkoutToken);
    expect(read.body).toMatchObject({
      OrderId: order.OrderId,
      CustomerCheckoutStatus: "Refused",
      errors: ["billing_address.family_name: is a required field"],
    });
    expect(read.body.productVariantIDs).toBeUndefined();
    expect(read.body.KassaOrderId).toBeUndefined();
    expect((await readCheckout(platform, checkoutToken)).body.order).toBeUndefined();

    const synced = await syncOrder(checkoutToken);
    expect(synced.body.CustomerCheckoutStatus).toBe("InProcess");
    expect(synced.body.OrderId).not.toBe(order.OrderId);
    expect(synced.body.MerchantConfirmationUrl).toBe(CONFIRMATION_URL);
    const paid = await pay(synced.body.PaymentLink, { ...SHOPPER, outcome: "approve" });
    expect(paid.location).toBe(`${CONFIRMATION_URL}&qliro_order_id=${synced.body.OrderId}`);
    expect((await getOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
    expect(await ordersOfCheckout(checkoutToken)).toHaveLength(1);
  });

  it("answers Refused with the variants that sold out while the shopper paid", async () => {
    const { lowStock } = SEED_FIXTURES;
    const first = await checkoutWithOrder([{ variantId: lowStock.variantId, quantity: 2 }]);
    const second = await checkoutWithOrder([{ variantId: lowStock.variantId, quantity: 2 }]);
    await pay(first.order.PaymentLink, { ...SHOPPER, outcome: "approve" });
    await pay(second.order.PaymentLink, { ...SHOPPER, outcome: "approve" });
    expect((await getOrder(first.checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
    expect((await getOrder(second.checkoutToken)).body).toMatchObject({
      CustomerCheckoutStatus: "Refused",
      errors: [],
      productVariantIDs: [lowStock.variantId],
    });
  });
});

describe("Qliro One: on hold (test trigger: an email starting with onhold)", () => {
  it("shows OnHold after paying until the next sync, then Completed; one order", async () => {
    const { checkoutToken, order } = await checkoutWithOrder();
    const paid = await pay(order.PaymentLink, {
      ...SHOPPER,
      email: "onhold@example.se",
      outcome: "approve",
    });
    expect(paid.status).toBe(303);

    const first = await getOrder(checkoutToken);
    expect(first.body.CustomerCheckoutStatus).toBe("OnHold");
    expect(first.body.KassaOrderId).toBe(
      (await readCheckout(platform, checkoutToken)).body.checkout.orderId,
    );
    expect(first.body.OrderHtmlSnippet).toContain("Qliro granskar ditt köp");
    expect((await getOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("OnHold");

    const synced = await syncOrder(checkoutToken);
    expect(synced.body).toMatchObject({
      OrderId: order.OrderId,
      CustomerCheckoutStatus: "Completed",
    });
    expect((await syncOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
    expect((await getOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
    expect(await ordersOfCheckout(checkoutToken)).toHaveLength(1);
  });

  it("a first sync after paying answers OnHold too", async () => {
    const { checkoutToken, order } = await checkoutWithOrder();
    await pay(order.PaymentLink, {
      ...SHOPPER,
      email: "OnHold.Test@example.se",
      outcome: "approve",
    });
    expect((await syncOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("OnHold");
    expect((await syncOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
  });

  it("a Completed push releases a held order, once per OrderId + Status + Timestamp", async () => {
    const { checkoutToken, order } = await checkoutWithOrder();
    await pay(order.PaymentLink, { ...SHOPPER, email: "onhold@example.se", outcome: "approve" });
    const base = {
      OrderId: order.OrderId,
      MerchantReference: order.MerchantReference,
      NotificationType: "CustomerCheckoutStatus" as const,
    };
    const onHold = { ...base, Status: "OnHold" as const, Timestamp: "2030-03-03T11:43:05.567" };
    const completed = { ...base, Status: "Completed" as const, Timestamp: "2030-03-03T12:00:00" };
    for (const body of [onHold, onHold, completed, completed, onHold]) {
      const pushed = await push(order, body);
      expect(pushed.status).toBe(200);
      expect(pushed.body).toEqual({ CallbackResponse: "received" });
    }
    expect((await getOrder(checkoutToken)).body.CustomerCheckoutStatus).toBe("Completed");
    const [session] = await platform.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.reference, order.OrderId));
    expect(((session?.data ?? {}) as { qliroPushes?: string[] }).qliroPushes).toEqual([
      `${order.OrderId}|OnHold|2030-03-03T11:43:05.567`,
      `${order.OrderId}|Completed|2030-03-03T12:00:00`,
    ]);
    expect(await ordersOfCheckout(checkoutToken)).toHaveLength(1);
  });
});

describe("Qliro One: status pushes are taken only with their order's token", () => {
  it("refuses a missing, forged or foreign token and a body that is not a push", async () => {
    const first = await checkoutWithOrder();
    const second = await checkoutWithOrder();
    const body: QliroCheckoutStatusPush = {
      OrderId: first.order.OrderId,
      Status: "Completed",
      Timestamp: "2030-01-01T00:00:00Z",
    };
    const token = pushPathOf(first.order).split("token=")[1] ?? "";
    const cases: [string, unknown, number][] = [
      ["/shopper-qliro/push", body, 401],
      [`/shopper-qliro/push?token=${token.slice(0, -2)}xx`, body, 401],
      [`/shopper-qliro/push?token=${token}`, { ...body, OrderId: second.order.OrderId }, 401],
      [`/shopper-qliro/push?token=${token}`, { ...body, Status: "Paid" }, 400],
      [`/shopper-qliro/push?token=${token}`, { ...body, Timestamp: "yesterday" }, 400],
      [`/shopper-qliro/push?token=${token}`, body, 200],
    ];
    for (const [path, sent, status] of cases) {
      const answer = await platform.request<PlatformErrorBody>("POST", path, { body: sent });
      expect({ path, status: answer.status }).toEqual({ path, status });
    }
    // A push never makes an unpaid order paid: the shopper pays in the widget.
    expect((await getOrder(first.checkoutToken)).body.CustomerCheckoutStatus).toBe("InProcess");
    expect(await ordersOfCheckout(first.checkoutToken)).toHaveLength(0);
  });
});

describe("Qliro One: markets and time", () => {
  it("works in Finland when configured; the default configuration offers it in Sweden only", async () => {
    const offered = (country: string) =>
      capabilitiesFor(DEFAULT_PAYMENT_PROVIDERS, "default", country).paymentProviders.map(
        (provider) => provider.name,
      );
    expect(offered("SE")).toContain("QliroOne");
    expect(offered("FI")).not.toContain("QliroOne");

    const checkoutToken = await startCheckout(
      await cartWith(platform, [{ variantId: SEED_FIXTURES.simple.variantId, quantity: 1 }], {
        countryCode: "FI",
      }),
    );
    const created = await createOrder(checkoutToken);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ Currency: "EUR", Country: "FI", Language: "fi-fi" });
    expect(itemsTotal(created.body)).toBe(created.body.TotalPrice);
    const html = await (await fetch(created.body.PaymentLink)).text();
    expect(html).toContain('lang="fi"');
  });

  it("an order unpaid for a day ends Expired; a sync opens a new one; old push tokens expire", async () => {
    const { checkoutToken, order } = await checkoutWithOrder();
    const issued = pushPathOf(order);
    platform.clock.advance(25 * HOUR);
    try {
      const read = await getOrder(checkoutToken);
      expect(read.body.CustomerCheckoutStatus).toBe("Expired");
      const stale = await push(
        order,
        { OrderId: order.OrderId, Status: "InProcess", Timestamp: "2030-01-01T00:00:00Z" },
        issued,
      );
      expect(stale.status).toBe(401);
      const synced = await syncOrder(checkoutToken);
      expect(synced.body.CustomerCheckoutStatus).toBe("InProcess");
      expect(synced.body.OrderId).not.toBe(order.OrderId);
    } finally {
      platform.clock.advance(-25 * HOUR);
    }
  });
});

// The request bodies the api-client sends are the ones the platform's schemas read (as in
// `wire-contract.test.ts`): checked by the type checker.
type Assert<T extends true> = T;
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type RequiredKeys<T> = {
  [K in keyof T]-?: Record<string, never> extends Pick<T, K> ? never : K;
}[keyof T];
type Takes<Schema extends z.ZodType, Payload> = [KnownKeys<Payload>] extends [keyof z.input<Schema>]
  ? [RequiredKeys<z.input<Schema>>] extends [RequiredKeys<Payload>]
    ? true
    : false
  : false;
type QliroWireChecks = [
  Assert<Takes<typeof createCheckoutBody, QliroCreateCheckoutInput>>,
  Assert<Takes<typeof statusPushBody, QliroCheckoutStatusPush>>,
];

describe("Qliro One: wire contract (requests)", () => {
  it("is checked by the type checker", () => {
    const checks: QliroWireChecks | undefined = undefined;
    expect(checks).toBeUndefined();
  });
});
