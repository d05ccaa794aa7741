import type { PlatformErrorBody } from "@kassa/api-client";
import { ORDER_REFUSAL_ERRORS } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giftCards, paymentSessions } from "../src/db/schema.js";
import {
  DEVELOPMENT_ADYEN_HMAC_KEY,
  type NotificationItem,
  notificationSignature,
} from "../src/modules/payments/adyen/notifications.js";
import { completePayment } from "../src/modules/payments/payment-sessions.js";
import { signPushToken } from "../src/modules/payments/qliro/push-token.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import {
  applyCard,
  cartWith,
  ordersOf,
  type PayAnswer,
  pay,
  readCheckout,
  SHOPPER,
  startedCheckout,
} from "./support/checkout-flow.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

/**
 * An order is placed only for exactly what the provider charged (ADR 0030), with every provider:
 * the attack of issue 28 (a gift card that covers the total is saved, the payment opens at 0, the
 * card is removed behind the widget's back, the shopper pays 0) places no order and draws no
 * card, through the widget and through each provider's notification; the session keeps the amount
 * it charged; once the payment is updated to the new amount it is paid in full.
 */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: {
      paymentProviders: {
        "*:*": ["KlarnaCheckout", "Adyen", "Avarda", "WalleyCheckout", "QliroOne"],
      },
    },
  });
});

afterAll(async () => {
  await platform?.close();
});

/** A gift card of the seed whose balance covers the cart below (platform contract). */
const COVERING_CARD = { code: "6000000000008000", pin: "1234" };
const CONFIRMATION = `${TEST_STOREFRONT_URL}/checkout/confirmation`;
const TERMS = `${TEST_STOREFRONT_URL}/kopvillkor`;

/** A provider's payment as the test needs it: what it charges, and where the shopper pays. */
interface Opened {
  amount: number;
  widgetUrl: string;
  reference: string;
}

/** How a provider tells the shop (on the confirmation page) that the payment was refused. */
interface Told {
  refused: boolean;
  errors: string[];
}

interface ProviderCase {
  name: string;
  /** Creates the provider's payment for the checkout, or updates the open one. */
  open(checkoutToken: string, extra?: Record<string, unknown>): Promise<Opened>;
  /** Reads the payment back as the storefront's confirmation page does, after `paid`. */
  read(checkoutToken: string, opened: Opened, paid: PayAnswer): Promise<Told>;
}

type Reply = Record<string, unknown> & PlatformErrorBody;

async function call(method: string, path: string, checkoutToken?: string, body?: unknown) {
  const answer = await platform.request<Reply>(method, path, { token: checkoutToken, body });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body;
}

const PROVIDERS: ProviderCase[] = [
  {
    name: "KlarnaCheckout",
    async open(token) {
      const order = await call("POST", "/shopper-kco/orders", token, {
        merchant_urls: {
          terms: TERMS,
          checkout: `${TEST_STOREFRONT_URL}/checkout`,
          confirmation: `${CONFIRMATION}?provider=klarna&order_id={checkout.order.id}`,
        },
      });
      return {
        amount: order.order_amount as number,
        widgetUrl: order.hosted_payment_page_url as string,
        reference: order.order_id as string,
      };
    },
    async read(token, opened) {
      const order = await call("GET", `/shopper-kco/orders/${opened.reference}`, token);
      return {
        refused: order.error_code !== undefined,
        errors: (order.error_messages as string[]) ?? [],
      };
    },
  },
  {
    name: "Adyen",
    async open(token, extra) {
      const session = await call("POST", "/shopper-adyen/sessions", token, {
        returnUrl: `${CONFIRMATION}?provider=adyen`,
        ...extra,
      });
      return {
        amount: (session.amount as { value: number }).value,
        widgetUrl: session.url as string,
        reference: session.id as string,
      };
    },
    async read(token, opened, paid) {
      const back = new URL(paid.location ?? "");
      const result = await call(
        "GET",
        `/shopper-adyen/sessions/${opened.reference}?sessionResult=${encodeURIComponent(back.searchParams.get("sessionResult") ?? "")}`,
        token,
      );
      return { refused: result.status === "refused", errors: (result.errors as string[]) ?? [] };
    },
  },
  {
    name: "Avarda",
    async open(token) {
      const payment = await call("POST", "/shopper-avarda/payments", token, {
        redirectUrl: `${CONFIRMATION}?provider=avarda`,
        termsUrl: TERMS,
      });
      return {
        amount: payment.totalPrice as number,
        widgetUrl: payment.hostedPaymentPageUrl as string,
        reference: payment.purchaseId as string,
      };
    },
    async read(token, opened) {
      const payment = await call(
        "GET",
        `/shopper-avarda/confirmation?purchaseId=${opened.reference}`,
        token,
      );
      return {
        refused: payment.errorCode !== undefined,
        errors: (payment.errors as string[]) ?? [],
      };
    },
  },
  {
    name: "WalleyCheckout",
    async open(token) {
      const walley = await call("POST", "/shopper-walley/checkouts", token, {
        merchantTermsUri: TERMS,
        redirectPageUri: `${CONFIRMATION}?provider=walley`,
      });
      return {
        amount: walley.amountToPay as number,
        widgetUrl: walley.hostedCheckoutUrl as string,
        reference: walley.privateId as string,
      };
    },
    async read(token) {
      const walley = await call("GET", "/shopper-walley/checkouts", token);
      return {
        refused: walley.status === "PurchaseRefused",
        errors: (walley.errors as string[]) ?? [],
      };
    },
  },
  {
    name: "QliroOne",
    async open(token) {
      const order = await call("POST", "/shopper-qliro/checkouts", token, {
        MerchantConfirmationUrl: `${CONFIRMATION}?provider=qliro`,
        MerchantTermsUrl: TERMS,
      });
      return {
        amount: order.TotalPrice as number,
        widgetUrl: order.PaymentLink as string,
        reference: String(order.OrderId),
      };
    },
    async read(token) {
      const order = await call("GET", "/shopper-qliro/checkouts", token);
      return {
        refused: order.CustomerCheckoutStatus === "Refused",
        errors: (order.errors as string[]) ?? [],
      };
    },
  },
];

async function balanceOf(code: string): Promise<number> {
  const [card] = await platform.db.select().from(giftCards).where(eq(giftCards.code, code));
  return card?.balance ?? Number.NaN;
}

async function sessionRowOf(reference: string) {
  const [row] = await platform.db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.reference, reference));
  return row;
}

/**
 * The attack up to the payment: a checkout of one mug, a gift card that covers it applied, the
 * provider's payment opened (at 0), and the card removed without updating the payment.
 */
async function paymentOpenedThenCardRemoved(
  provider: ProviderCase,
  extra?: Record<string, unknown>,
) {
  const sessionToken = await cartWith(platform, [
    { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
  ]);
  const { token, checkout } = await startedCheckout(platform, sessionToken, provider.name);
  expect((await applyCard(platform, token, COVERING_CARD.code, COVERING_CARD.pin)).status).toBe(
    204,
  );
  const opened = await provider.open(token, extra);
  expect(opened.amount).toBe(0);
  const removed = await platform.request(
    "DELETE",
    `/shopper-retain24/gift-cards/${COVERING_CARD.code}`,
    { token },
  );
  expect(removed.status).toBe(204);
  const now = (await readCheckout(platform, token)).body.checkout;
  expect(now.totals.amountToPay).toBe(checkout.totals.grandTotal);
  return { sessionToken, token, checkout, opened };
}

describe.each(PROVIDERS)("$name: a gift card removed after the payment opened", (provider) => {
  it("pays 0: no order, the card is not drawn, the session keeps what it charged; paid in full after the update", async () => {
    const balance = await balanceOf(COVERING_CARD.code);
    const { token, checkout, opened } = await paymentOpenedThenCardRemoved(provider);

    const paid = await pay(opened.widgetUrl, { ...SHOPPER, outcome: "approve" });
    expect(paid.status).toBe(303);
    expect(paid.location).toContain(CONFIRMATION);
    expect(await ordersOf(platform, checkout.id)).toEqual([]);
    expect(await balanceOf(COVERING_CARD.code)).toBe(balance);
    // The evidence stays: the session still says what the provider charged.
    expect(await sessionRowOf(opened.reference)).toMatchObject({ amount: 0, status: "refused" });
    const told = await provider.read(token, opened, paid);
    expect(told).toEqual({ refused: true, errors: [ORDER_REFUSAL_ERRORS.paymentMismatch] });
    expect((await readCheckout(platform, token)).body.checkout.status).toBe("open");

    // The storefront opens the payment again after a gift-card change: now at the full amount.
    const again = await provider.open(token);
    expect(again.amount).toBe(checkout.totals.grandTotal);
    const paidInFull = await pay(again.widgetUrl, { ...SHOPPER, outcome: "approve" });
    expect(paidInFull.status).toBe(303);
    const [order] = await ordersOf(platform, checkout.id);
    expect(order).toMatchObject({
      paidAmount: checkout.totals.grandTotal,
      giftCardTotal: 0,
      grandTotal: checkout.totals.grandTotal,
      paymentReference: again.reference,
    });
    expect(await sessionRowOf(again.reference)).toMatchObject({
      amount: checkout.totals.grandTotal,
      status: "completed",
      orderId: order?.id,
    });
    expect(await balanceOf(COVERING_CARD.code)).toBe(balance);
  });
});

describe("the providers' notifications place no order for less than the total", () => {
  const provider = (name: string) => PROVIDERS.find((entry) => entry.name === name) as ProviderCase;

  it("Adyen: a signed AUTHORISATION of the 0 the session charged is refused", async () => {
    // The shopper's details come with the session, so the notification alone could place it.
    const { checkout, opened } = await paymentOpenedThenCardRemoved(provider("Adyen"), {
      shopperEmail: SHOPPER.email,
      shopperName: { firstName: SHOPPER.givenName, lastName: SHOPPER.familyName },
      telephoneNumber: SHOPPER.telephoneNumber,
      billingAddress: {
        street: SHOPPER.streetAddress,
        postalCode: SHOPPER.postalCode,
        city: SHOPPER.city,
        country: SHOPPER.country,
      },
    });
    const session = await sessionRowOf(opened.reference);
    const item: NotificationItem = {
      eventCode: "AUTHORISATION",
      success: "true",
      pspReference: "QFQTPCQ8HXSKGK82",
      merchantAccountCode: "KassaSandboxECOM",
      merchantReference: session?.id ?? "",
      amount: { value: 0, currency: "SEK" },
      eventDate: "2026-05-01T12:00:00+02:00",
    };
    const signed = {
      ...item,
      additionalData: { hmacSignature: notificationSignature(item, DEVELOPMENT_ADYEN_HMAC_KEY) },
    };
    for (let repeat = 0; repeat < 2; repeat += 1) {
      const answer = await platform.request<string>("POST", "/shopper-adyen/notifications", {
        body: { live: "false", notificationItems: [{ NotificationRequestItem: signed }] },
      });
      expect(answer.status).toBe(200);
    }
    expect(await ordersOf(platform, checkout.id)).toEqual([]);
    expect(await sessionRowOf(opened.reference)).toMatchObject({ amount: 0, status: "refused" });
  });

  it("Walley: the notification after paying 0 reads a refused purchase and no order", async () => {
    const { checkout, opened } = await paymentOpenedThenCardRemoved(provider("WalleyCheckout"));
    await pay(opened.widgetUrl, { ...SHOPPER, outcome: "approve" });
    const notified = await platform.request<Reply>(
      "POST",
      `/shopper-walley/notifications?privateId=${opened.reference}`,
    );
    expect(notified.status).toBe(200);
    expect(notified.body).toEqual({ privateId: opened.reference, status: "PurchaseRefused" });
    expect(await ordersOf(platform, checkout.id)).toEqual([]);
  });

  it("Qliro One: a Completed push after paying 0 places no order", async () => {
    const { checkout, opened } = await paymentOpenedThenCardRemoved(provider("QliroOne"));
    await pay(opened.widgetUrl, { ...SHOPPER, outcome: "approve" });
    const token = signPushToken(platform.sessionSecret, opened.reference, platform.clock.clock());
    const pushed = await platform.request<Reply>("POST", `/shopper-qliro/push?token=${token}`, {
      body: {
        OrderId: Number(opened.reference),
        Status: "Completed",
        Timestamp: new Date().toISOString(),
      },
    });
    expect(pushed.status).toBe(200);
    expect(await ordersOf(platform, checkout.id)).toEqual([]);
    expect(await sessionRowOf(opened.reference)).toMatchObject({ amount: 0, status: "refused" });
  });
});

describe("a change of the cart after the payment opened", () => {
  const klarna = PROVIDERS[0] as ProviderCase;

  it.each([
    [
      "a discount code",
      (sessionToken: string) =>
        platform.request("POST", "/shopper/sessions/discount-codes", {
          token: sessionToken,
          body: { discountCode: "VALKOMMEN10" },
        }),
    ],
    [
      "a line",
      (sessionToken: string) =>
        platform.request("POST", "/shopper/sessions/items", {
          token: sessionToken,
          body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
        }),
    ],
  ])(
    "voids the open payment (%s): paying it places no order and leaves the cart",
    async (_, change) => {
      const sessionToken = await cartWith(platform, [
        { variantId: SEED_FIXTURES.simple.variantId, quantity: 2 },
      ]);
      const { token, checkout } = await startedCheckout(platform, sessionToken, klarna.name);
      const opened = await klarna.open(token);
      expect(opened.amount).toBe(checkout.totals.grandTotal);
      expect((await change(sessionToken)).status).toBe(200);

      const paid = await pay(opened.widgetUrl, { ...SHOPPER, outcome: "approve" });
      expect(paid.status).toBe(303);
      expect(await ordersOf(platform, checkout.id)).toEqual([]);
      expect(await klarna.read(token, opened, paid)).toEqual({
        refused: true,
        errors: [ORDER_REFUSAL_ERRORS.cartChanged],
      });
      const cart = await platform.request<{ cart: { items: unknown[] } }>(
        "GET",
        "/shopper/sessions",
        { token: sessionToken },
      );
      expect(cart.body.cart.items.length).toBeGreaterThan(0);
      // Nor can it be updated: the checkout is stale, a new one starts.
      const update = await platform.request<Reply>("POST", "/shopper-kco/orders", {
        token,
        body: {
          merchant_urls: {
            terms: TERMS,
            checkout: `${TEST_STOREFRONT_URL}/checkout`,
            confirmation: `${CONFIRMATION}?provider=klarna`,
          },
        },
      });
      expect(update.status).toBe(409);
    },
  );
});

describe("the widget charges only the amount it showed", () => {
  it("a form showing an amount the payment no longer has is not charged", async () => {
    const klarna = PROVIDERS[0] as ProviderCase;
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 4 },
    ]);
    const { token, checkout } = await startedCheckout(platform, sessionToken, klarna.name);
    const opened = await klarna.open(token);
    const page = await (await fetch(opened.widgetUrl)).text();
    expect(page).toContain(`name="amount" value="${opened.amount}"`);

    // A gift card, then the payment updated (the storefront's suspend → update → resume).
    expect((await applyCard(platform, token, "6000000000002000", "1234")).status).toBe(204);
    const updated = await klarna.open(token);
    expect(updated.reference).toBe(opened.reference);
    expect(updated.amount).toBe(opened.amount - 10_000);

    const stale = await pay(opened.widgetUrl, {
      ...SHOPPER,
      amount: String(opened.amount),
      outcome: "approve",
    });
    expect(stale.status).toBe(200);
    expect(stale.text).toContain("Beloppet har ändrats");
    expect(stale.text).toContain(`name="amount" value="${updated.amount}"`);
    expect(await ordersOf(platform, checkout.id)).toEqual([]);

    const paid = await pay(opened.widgetUrl, {
      ...SHOPPER,
      amount: String(updated.amount),
      outcome: "approve",
    });
    expect(paid.status).toBe(303);
    const [order] = await ordersOf(platform, checkout.id);
    expect(order).toMatchObject({ paidAmount: updated.amount, giftCardTotal: 10_000 });
  });
});

describe("a payment that ended is not counted as paid", () => {
  it("a request still holding an expired payment gets no order, not the next payment's", async () => {
    const klarna = PROVIDERS[0] as ProviderCase;
    const sessionToken = await cartWith(platform, [
      { variantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    ]);
    const { token, checkout } = await startedCheckout(platform, sessionToken, klarna.name);
    const first = await klarna.open(token);
    // A request (a late widget post, a notification) read the first payment while it was open…
    const stale = await sessionRowOf(first.reference);
    if (!stale) throw new Error("no payment session");
    // …the first payment then timed out, and a second one paid the checkout.
    await platform.db
      .update(paymentSessions)
      .set({ expiresAt: new Date(platform.clock.now().getTime() - 1) })
      .where(eq(paymentSessions.id, stale.id));
    const second = await klarna.open(token);
    expect(second.reference).not.toBe(first.reference);
    expect((await pay(second.widgetUrl, { ...SHOPPER, outcome: "approve" })).status).toBe(303);

    const noMail = {
      send: () => Promise.reject(new Error("nothing is placed, so nothing is mailed")),
    };
    const ended = await completePayment(platform.db, noMail, stale, {
      billingAddress: SHOPPER,
      now: platform.clock.clock(),
    });
    expect(ended).toMatchObject({ status: "expired", orderId: null });
    expect(await sessionRowOf(first.reference)).toMatchObject({ status: "expired", orderId: null });
    expect(await ordersOf(platform, checkout.id)).toHaveLength(1);
  });
});
