import type {
  OutboxMail,
  PlatformErrorBody,
  WalleyCheckout,
  WalleyNotificationReply,
} from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentSessions, variantStocks } from "../src/db/schema.js";
import {
  deliverWalleyNotification,
  WALLEY_NOTIFICATION_DELAYS_SECONDS,
} from "../src/modules/payments/walley/notifications.js";
import { sessionIdOfPublicToken } from "../src/modules/payments/walley/walley.js";
import { createOutboundFetch } from "../src/outbound/outbound-fetch.js";
import { SEED_FIXTURES, SEED_ORGANISATIONS } from "../src/seed/fixtures.js";
import {
  type CartLine,
  cartWith,
  ordersOf,
  pay,
  readCheckout,
  SHOPPER,
  startedCheckout,
} from "./support/checkout-flow.js";
import { storedJobs } from "./support/job-queue.js";
import { DAY } from "./support/test-clock.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["WalleyCheckout"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

/** What the job worker sends notifications with: this platform, on 127.0.0.1, is configured. */
const outbound = () => createOutboundFetch({ trustedOrigins: [platform.url] });

/** C§2: the Walley confirmation page may carry parameters of its own. */
const REDIRECT_PAGE = `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=walley&ref=abc%20123`;
const TERMS = `${TEST_STOREFRONT_URL}/kopvillkor`;

function createWalleyCheckout(checkoutToken: string, body: Record<string, unknown> = {}) {
  return platform.request<WalleyCheckout & PlatformErrorBody>("POST", "/shopper-walley/checkouts", {
    token: checkoutToken,
    body: { merchantTermsUri: TERMS, redirectPageUri: REDIRECT_PAGE, ...body },
  });
}

function readWalleyCheckout(checkoutToken: string) {
  return platform.request<WalleyCheckout & PlatformErrorBody>("GET", "/shopper-walley/checkouts", {
    token: checkoutToken,
  });
}

function notify(privateId: string, method: "POST" | "GET" = "POST") {
  return platform.request<WalleyNotificationReply & PlatformErrorBody>(
    method,
    `/shopper-walley/notifications?privateId=${encodeURIComponent(privateId)}`,
  );
}

async function walleyReadyToPay(lines?: readonly CartLine[], body: Record<string, unknown> = {}) {
  const started = await startedCheckout(
    platform,
    await cartWith(platform, lines),
    "WalleyCheckout",
  );
  const created = await createWalleyCheckout(started.token, body);
  expect(created.status).toBe(201);
  return { checkoutToken: started.token, checkout: started.checkout, walley: created.body };
}

describe("Walley Checkout sandbox: the checkout and its embed", () => {
  it("answers a public token (7 days), a private id, the loader, the widget and a hosted page", async () => {
    const { checkoutToken, checkout, walley } = await walleyReadyToPay();
    expect(walley.publicToken).toMatch(/^public-SE-[0-9a-f]{48}$/);
    expect(walley.privateId).toMatch(/^wco_[0-9a-f]{24}$/);
    expect(Date.parse(walley.expiresAt) - platform.clock.now().getTime()).toBe(7 * DAY);
    expect(walley).toMatchObject({
      status: "Initialized",
      customerType: "PrivateCustomer",
      countryCode: "SE",
      currency: "SEK",
      reference: checkout.id,
      amountToPay: checkout.totals.amountToPay,
      businessCustomer: null,
      purchase: null,
      merchantTermsUri: TERMS,
      redirectPageUri: REDIRECT_PAGE,
      notificationUri: `${platform.url}/shopper-walley/notifications?privateId=${walley.privateId}`,
      loaderUrl: `${platform.url}/sandbox/walley/loader.js`,
      embedUrl: `${platform.url}/shopper-walley/embed/${walley.publicToken}?embedded=1`,
    });
    expect(walley.cart.items).toEqual([
      expect.objectContaining({ id: SEED_FIXTURES.simple.variantId, quantity: 2, vat: 25 }),
    ]);
    expect(walley.errors).toBeUndefined();

    // One Walley checkout per checkout: creating again answers the same tokens.
    const again = await createWalleyCheckout(checkoutToken);
    expect(again.status).toBe(200);
    expect([again.body.publicToken, again.body.privateId]).toEqual([
      walley.publicToken,
      walley.privateId,
    ]);
    const read = await readWalleyCheckout(checkoutToken);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(walley);

    const loader = await fetch(walley.loaderUrl);
    expect(loader.status).toBe(200);
    expect(loader.headers.get("content-type")).toContain("javascript");
    expect(await loader.text()).toContain('window["walley"]');

    // The loader's iframe opens the widget by public token.
    const embed = await fetch(walley.embedUrl, { redirect: "manual" });
    expect(embed.status).toBe(302);
    expect(embed.headers.get("location")).toBe(`${walley.hostedCheckoutUrl}?embedded=1`);
    const sessionId = sessionIdOfPublicToken(platform.sessionSecret, walley.publicToken);
    expect(walley.hostedCheckoutUrl).toBe(`${platform.url}/sandbox/walley/pay/${sessionId}`);

    const page = await fetch(walley.hostedCheckoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(
      `frame-ancestors 'self' ${TEST_STOREFRONT_URL}`,
    );
    const html = await page.text();
    expect(html).toContain("Walley");
    expect(html).toContain('target="_top"');
    expect(html).toContain('lang="sv"');
    expect(html).not.toContain('name="organizationNumber"');
  });

  it("refuses forged public tokens, bad bodies, missing tokens, and reads before a create", async () => {
    const { checkoutToken, walley } = await walleyReadyToPay();
    const last = walley.publicToken.at(-1) === "0" ? "1" : "0";
    const forged = `${walley.publicToken.slice(0, -1)}${last}`;
    for (const token of [forged, "public-SE-nope", walley.publicToken.replace("-SE-", "-FI-")]) {
      const answer = await platform.request<PlatformErrorBody>(
        "GET",
        `/shopper-walley/embed/${token}`,
      );
      expect({ token, status: answer.status, error: answer.body.error }).toEqual({
        token,
        status: 404,
        error: "payment not found",
      });
      expect(answer.body.requestId).toBeTruthy();
    }

    const noRedirect = await platform.request<PlatformErrorBody>(
      "POST",
      "/shopper-walley/checkouts",
      { token: checkoutToken, body: { merchantTermsUri: TERMS } },
    );
    expect(noRedirect.status).toBe(400);
    expect(noRedirect.body.error).toBe("BAD_REQUEST");
    expect(noRedirect.body.errors?.[0]).toMatch(/^redirectPageUri: /);
    const notAUrl = await createWalleyCheckout(checkoutToken, { redirectPageUri: "javascript:1" });
    expect(notAUrl.status).toBe(400);
    expect(notAUrl.body.errors).toEqual(["redirectPageUri: an absolute http(s) URL is required"]);

    expect((await platform.request("GET", "/shopper-walley/checkouts")).status).toBe(401);
    expect(
      (
        await platform.request("POST", "/shopper-walley/checkouts", {
          body: { merchantTermsUri: TERMS, redirectPageUri: REDIRECT_PAGE },
        })
      ).status,
    ).toBe(401);

    const fresh = await startedCheckout(
      platform,
      await cartWith(platform, [{ variantId: SEED_FIXTURES.simple.variantId, quantity: 1 }]),
      "WalleyCheckout",
    );
    const none = await readWalleyCheckout(fresh.token);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe("payment not found");

    const unknown = await notify("wco_000000000000000000000000");
    expect(unknown.status).toBe(404);
    const missing = await platform.request<PlatformErrorBody>(
      "POST",
      "/shopper-walley/notifications",
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(["privateId: is a required field"]);
  });
});

describe("Walley Checkout sandbox: paying, notifications and the order", () => {
  it("a declined payment stays in the widget; an approved one places the order once, however often it is notified", async () => {
    const { checkoutToken, checkout, walley } = await walleyReadyToPay();

    const declined = await pay(walley.hostedCheckoutUrl, { ...SHOPPER, outcome: "decline" });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain("Betalningen nekades");
    expect((await readWalleyCheckout(checkoutToken)).body.status).toBe("Initialized");

    // A notification before the purchase finds nothing to do.
    const early = await notify(walley.privateId);
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ privateId: walley.privateId, status: "Initialized" });
    expect(await ordersOf(platform, checkout.id)).toHaveLength(0);

    // Two submits of the widget race five notifications.
    const [paid, notified] = await Promise.all([
      Promise.all([
        pay(walley.hostedCheckoutUrl, { ...SHOPPER, outcome: "approve" }),
        pay(walley.hostedCheckoutUrl, { ...SHOPPER, outcome: "approve" }),
      ]),
      Promise.all(Array.from({ length: 5 }, () => notify(walley.privateId))),
    ]);
    for (const answer of paid) {
      expect(answer.status).toBe(303);
      // The redirect page exactly as the shop gave it, its own parameters kept.
      expect(answer.location).toBe(REDIRECT_PAGE);
    }
    for (const answer of notified) expect(answer.status).toBe(200);

    // Walley's retries: five at once, by POST (the sandbox's) and GET (Walley's own), and
    // through the delivery a job queue would run.
    const repeats = await Promise.all([
      ...Array.from({ length: 5 }, () => notify(walley.privateId)),
      notify(walley.privateId, "GET"),
    ]);
    const read = await readWalleyCheckout(checkoutToken);
    expect(read.body.status).toBe("PurchaseCompleted");
    const orderId = read.body.kassaOrderId;
    expect(orderId).toBeTruthy();
    for (const answer of repeats) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        privateId: walley.privateId,
        status: "PurchaseCompleted",
        kassaOrderId: orderId,
      });
    }
    await Promise.all(
      WALLEY_NOTIFICATION_DELAYS_SECONDS.map(() =>
        deliverWalleyNotification({ url: walley.notificationUri }, outbound()),
      ),
    );
    const again = await pay(walley.hostedCheckoutUrl, { ...SHOPPER, outcome: "approve" });
    expect(again.status).toBe(303);

    // The sandbox queued Walley's own notifications with the order, once (not per repeat):
    // at once, after 5 s and after 10 s. Delivering them changes nothing either.
    const queued = (await storedJobs(platform.db, "walley-notification")).filter((job) =>
      String(job.data.url).includes(walley.privateId),
    );
    expect(queued).toHaveLength(WALLEY_NOTIFICATION_DELAYS_SECONDS.length);
    expect(queued.map((job) => job.data.url)).toEqual(
      queued.map(
        () => `${platform.url}/shopper-walley/notifications?privateId=${walley.privateId}`,
      ),
    );
    const dueIn = queued.map((job) => job.due_in).sort((a, b) => a - b);
    expect((dueIn[2] ?? 0) - (dueIn[0] ?? 0)).toBeGreaterThan(8);
    for (const job of queued) {
      await deliverWalleyNotification({ url: String(job.data.url) }, outbound());
    }

    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(state.checkout.orderId).toBe(orderId);
    expect(state.order).toMatchObject({
      email: "anna@example.se",
      orderStates: ["PLACED"],
      payment: { provider: "WalleyCheckout", reference: walley.privateId },
    });
    expect(read.body.purchase).toEqual({
      amountToPay: checkout.totals.amountToPay,
      paymentName: "DirectInvoice",
      purchaseIdentifier: state.order?.reference,
      result: "Completed",
    });
    expect(await ordersOf(platform, checkout.id)).toHaveLength(1);
    const mails = await platform.request<OutboxMail[]>("GET", "/dev/mail.json");
    expect(
      mails.body.filter((mail) => mail.subject === `Orderbekräftelse ${state.order?.reference}`),
    ).toHaveLength(1);

    // A paid checkout takes no new Walley checkout.
    const after = await createWalleyCheckout(checkoutToken);
    expect(after.status).toBe(409);
    expect(after.body.error).toBe("CHECKOUT_COMPLETED");
  });

  it("a notification that is not answered 200 fails, so that its job is retried", async () => {
    await expect(
      deliverWalleyNotification(
        { url: `${platform.url}/shopper-walley/notifications?privateId=wco_unknown` },
        outbound(),
      ),
    ).rejects.toThrow("answered 404");
  });

  it("refuses an order with fields to fix, in the words of the order error card", async () => {
    const { checkoutToken, checkout, walley } = await walleyReadyToPay();
    const answer = await pay(walley.hostedCheckoutUrl, {
      ...SHOPPER,
      familyName: "",
      country: "Sverige",
      outcome: "approve",
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(REDIRECT_PAGE);
    const read = await readWalleyCheckout(checkoutToken);
    expect(read.body).toMatchObject({
      status: "PurchaseRefused",
      errorCode: "VALIDATION_ERROR",
      errors: [
        "billing_address.family_name: is a required field",
        "billing_address.country: country must be a valid ISO 3166-1 alpha2 code",
      ],
      purchase: null,
    });
    expect(read.body.productVariantIDs).toBeUndefined();
    expect((await notify(walley.privateId)).body.status).toBe("PurchaseRefused");
    expect(await ordersOf(platform, checkout.id)).toHaveLength(0);
    expect((await readCheckout(platform, checkoutToken)).body.order).toBeUndefined();

    // The refused one has ended; creating again opens a new Walley checkout to pay with.
    const retry = await createWalleyCheckout(checkoutToken);
    expect(retry.status).toBe(201);
    expect(retry.body.status).toBe("Initialized");
    expect(retry.body.privateId).not.toBe(walley.privateId);
    expect(retry.body.publicToken).not.toBe(walley.publicToken);
  });

  it("names the variants that sold out while the shopper paid", async () => {
    const { lowStock } = SEED_FIXTURES;
    const { checkoutToken, walley } = await walleyReadyToPay([
      { variantId: lowStock.variantId, quantity: 2 },
    ]);
    const stockOf = and(
      eq(variantStocks.productVariantId, lowStock.variantId),
      eq(variantStocks.countryCode, "SE"),
    );
    const [before] = await platform.db.select().from(variantStocks).where(stockOf);
    await platform.db
      .update(variantStocks)
      .set({ stockQuantity: before!.reservedQuantity + 1 })
      .where(stockOf);
    try {
      await pay(walley.hostedCheckoutUrl, { ...SHOPPER, outcome: "approve" });
      const read = await readWalleyCheckout(checkoutToken);
      expect(read.body).toMatchObject({
        status: "PurchaseRefused",
        errorCode: "OUT_OF_STOCK",
        errors: [],
        productVariantIDs: [lowStock.variantId],
      });
    } finally {
      await platform.db
        .update(variantStocks)
        .set({ stockQuantity: before!.stockQuantity })
        .where(stockOf);
    }
  });
});

describe("Walley Checkout sandbox: business customers", () => {
  const nordtrade = SEED_ORGANISATIONS.nordtrade;
  const preset = {
    organizationNumber: nordtrade.organisationNumber,
    buyer: {
      firstName: "Ada",
      lastName: "Lind",
      email: "ada@nordtrade.example",
      mobilePhoneNumber: "+46701112233",
    },
    deliveryAddress: {
      companyName: nordtrade.name,
      address: "Industrigatan 4",
      postalCode: "41101",
      city: "Göteborg",
      country: "SE",
    },
  };

  it("prefills the widget from the preset and places the order for the company", async () => {
    const { checkoutToken, checkout, walley } = await walleyReadyToPay(undefined, {
      businessCustomerPreset: preset,
    });
    expect(walley.customerType).toBe("BusinessCustomer");
    expect(walley.businessCustomer).toEqual({
      organizationNumber: nordtrade.organisationNumber,
      companyName: nordtrade.name,
      firstName: "Ada",
      lastName: "Lind",
      email: "ada@nordtrade.example",
      mobilePhoneNumber: "+46701112233",
    });
    const html = await (await fetch(walley.hostedCheckoutUrl)).text();
    for (const [name, value] of [
      ["organizationNumber", nordtrade.organisationNumber],
      ["organizationName", nordtrade.name],
      ["givenName", "Ada"],
      ["familyName", "Lind"],
      ["email", "ada@nordtrade.example"],
      ["telephoneNumber", "+46701112233"],
      ["streetAddress", "Industrigatan 4"],
      ["city", "Göteborg"],
    ]) {
      expect(html).toMatch(
        new RegExp(`name="${name}" type="[a-z]+" value="${value?.replace("+", "\\+")}"`),
      );
    }

    // Without the preset the same checkout is a private purchase again, and with it business.
    const privately = await createWalleyCheckout(checkoutToken);
    expect(privately.body).toMatchObject({
      privateId: walley.privateId,
      customerType: "PrivateCustomer",
      businessCustomer: null,
    });
    expect(await (await fetch(walley.hostedCheckoutUrl)).text()).not.toContain(
      'name="organizationNumber"',
    );
    const business = await createWalleyCheckout(checkoutToken, { businessCustomerPreset: preset });
    expect(business.body.customerType).toBe("BusinessCustomer");

    const answer = await pay(walley.hostedCheckoutUrl, {
      organizationName: nordtrade.name,
      organizationNumber: nordtrade.organisationNumber,
      givenName: "Ada",
      familyName: "Lind",
      email: "ada@nordtrade.example",
      telephoneNumber: "+46701112233",
      streetAddress: "Industrigatan 4",
      postalCode: "41101",
      city: "Göteborg",
      country: "SE",
      outcome: "approve",
    });
    expect(answer.status).toBe(303);
    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(state.order?.billingAddress).toMatchObject({
      organizationName: nordtrade.name,
      givenName: "Ada",
      email: "ada@nordtrade.example",
    });
    expect(await ordersOf(platform, checkout.id)).toHaveLength(1);
  });

  it("refuses a preset without an organisation number or with a country name", async () => {
    const { checkoutToken } = await walleyReadyToPay();
    const noNumber = await createWalleyCheckout(checkoutToken, {
      businessCustomerPreset: { ...preset, organizationNumber: " " },
    });
    expect(noNumber.status).toBe(400);
    expect(noNumber.body.errors).toEqual([
      "businessCustomerPreset.organizationNumber: is a required field",
    ]);
    const countryName = await createWalleyCheckout(checkoutToken, {
      businessCustomerPreset: {
        ...preset,
        deliveryAddress: { ...preset.deliveryAddress, country: "Sverige" },
      },
    });
    expect(countryName.status).toBe(400);
    expect(countryName.body.errors).toEqual([
      "businessCustomerPreset.deliveryAddress.country: country must be a valid ISO 3166-1 alpha2 code",
    ]);
  });
});

describe("Walley Checkout sandbox: the 7 days", () => {
  it("a public token past its 7 days ends the checkout for good", async () => {
    const { checkoutToken, walley } = await walleyReadyToPay();
    // The checkout token lives 2 days, so the session is moved back in time instead of the clock.
    const sessionId = sessionIdOfPublicToken(platform.sessionSecret, walley.publicToken) ?? "";
    await platform.db
      .update(paymentSessions)
      .set({ expiresAt: new Date(platform.clock.now().getTime() - 1) })
      .where(eq(paymentSessions.id, sessionId));
    expect((await readWalleyCheckout(checkoutToken)).body.status).toBe("Expired");
    expect((await notify(walley.privateId)).body.status).toBe("Expired");
    const page = await (await fetch(walley.hostedCheckoutUrl)).text();
    expect(page).toContain("tidsgränsen passerad");
    const late = await pay(walley.hostedCheckoutUrl, { ...SHOPPER, outcome: "approve" });
    expect(late.status).toBe(200);
    expect((await readCheckout(platform, checkoutToken)).body.order).toBeUndefined();
  });
});
