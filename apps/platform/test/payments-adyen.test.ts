import type { PlatformErrorBody } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantStocks } from "../src/db/schema.js";
import {
  type AdyenSessionStatus,
  sessionResultKey,
  signSessionResult,
} from "../src/modules/payments/adyen/adyen.js";
import {
  DEVELOPMENT_ADYEN_HMAC_KEY,
  type NotificationItem,
  notificationSignature,
} from "../src/modules/payments/adyen/notifications.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import {
  cartWith,
  ordersOf,
  pay,
  readCheckout,
  SHOPPER,
  startCheckout,
  startedCheckout,
} from "./support/checkout-flow.js";
import { HOUR, MINUTE } from "./support/test-clock.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ config: { paymentProviders: { "*:*": ["Adyen"] } } });
});

afterAll(async () => {
  await platform?.close();
});

interface AdyenSession {
  id: string;
  sessionData: string;
  amount: { value: number; currency: string };
  reference: string;
  returnUrl: string;
  expiresAt: string;
  merchantAccount: string;
  countryCode: string;
  shopperLocale: string;
  mode: string;
  url: string;
  scriptUrl: string;
  dropinUrl: string;
}

interface AdyenResult {
  id: string;
  status: AdyenSessionStatus;
  reference: string;
  orderId?: string;
  errors?: string[];
  productVariantIDs?: string[];
}

const RETURN_URL = `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=adyen`;

function createSession(
  checkoutToken: string,
  body: Record<string, unknown> = { returnUrl: RETURN_URL },
  headers: Record<string, string> = {},
) {
  return platform.request<AdyenSession & PlatformErrorBody>("POST", "/shopper-adyen/sessions", {
    token: checkoutToken,
    body,
    headers,
  });
}

function readResult(checkoutToken: string, id: string, sessionResult?: string) {
  const query =
    sessionResult === undefined ? "" : `?sessionResult=${encodeURIComponent(sessionResult)}`;
  return platform.request<AdyenResult & PlatformErrorBody>(
    "GET",
    `/shopper-adyen/sessions/${id}${query}`,
    { token: checkoutToken },
  );
}

/** A `sessionResult` as the platform would issue it (the widget only issues one on redirect). */
function resultFor(session: AdyenSession, status: AdyenSessionStatus = "paymentPending") {
  return signSessionResult(
    sessionResultKey(platform.sessionSecret, session.reference),
    session.id,
    status,
  );
}

/** Reads the session with the `sessionResult` the return URL brought back. */
function readReturn(checkoutToken: string, location: string | null) {
  const url = new URL(location ?? "");
  return readResult(
    checkoutToken,
    url.searchParams.get("sessionId") ?? "",
    url.searchParams.get("sessionResult") ?? "",
  );
}

/** Adyen's shopper fields for the same person (the widget's preset). */
const ADYEN_SHOPPER = {
  shopperEmail: "anna@example.se",
  shopperName: { firstName: "Anna", lastName: "Andersson" },
  telephoneNumber: "+46701234567",
  billingAddress: {
    street: "Storgatan",
    houseNumberOrName: "1",
    postalCode: "11122",
    city: "Stockholm",
    country: "SE",
  },
};

async function checkoutReadyToPay(body?: Record<string, unknown>) {
  const sessionToken = await cartWith(platform);
  const started = await startedCheckout(platform, sessionToken, "Adyen");
  const created = await createSession(started.token, body);
  expect(created.status).toBe(201);
  return {
    sessionToken,
    checkoutToken: started.token,
    checkoutId: started.checkout.id,
    session: created.body,
  };
}

/** An AUTHORISATION notification for a session, signed with the development key. */
function authorisation(
  session: AdyenSession,
  overrides: Partial<NotificationItem> = {},
  key = DEVELOPMENT_ADYEN_HMAC_KEY,
) {
  const item: NotificationItem = {
    eventCode: "AUTHORISATION",
    success: "true",
    pspReference: "QFQTPCQ8HXSKGK82",
    merchantAccountCode: session.merchantAccount,
    merchantReference: session.reference,
    amount: session.amount,
    eventDate: "2026-05-01T12:00:00+02:00",
    ...overrides,
  };
  return {
    ...item,
    additionalData: { ...item.additionalData, hmacSignature: notificationSignature(item, key) },
  };
}

function notify(...items: NotificationItem[]) {
  return platform.request<string>("POST", "/shopper-adyen/notifications", {
    body: {
      live: "false",
      notificationItems: items.map((item) => ({ NotificationRequestItem: item })),
    },
  });
}

describe("POST /shopper-adyen/sessions", () => {
  it("answers Adyen's session, the Drop-in embed and the hosted page; one session per checkout", async () => {
    const { checkoutToken, session } = await checkoutReadyToPay();
    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(session).toMatchObject({
      amount: { value: state.checkout.totals.amountToPay, currency: "SEK" },
      returnUrl: RETURN_URL,
      merchantAccount: "KassaSandboxECOM",
      countryCode: "SE",
      shopperLocale: "sv-SE",
      mode: "embedded",
      url: `${platform.url}/sandbox/adyen/pay/${session.reference}`,
      scriptUrl: `${platform.url}/sandbox/adyen/loader.js`,
      dropinUrl: `${platform.url}/sandbox/adyen/pay/${session.reference}?embedded=1`,
    });
    expect(session.id).toMatch(/^CS[0-9a-f]{24}$/);
    expect(session.sessionData).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(Date.parse(session.expiresAt) - platform.clock.now().getTime()).toBe(HOUR);

    // Created again (the page reloads): the same session, not a second one.
    const again = await createSession(checkoutToken, {
      returnUrl: RETURN_URL,
      shopperLocale: "en-GB",
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(session.id);
    expect(again.body.shopperLocale).toBe("en-GB");

    // An Idempotency-Key makes a repeat of one request a replay.
    const headers = { "Idempotency-Key": "adyen-create-1" };
    const first = await createSession(checkoutToken, { returnUrl: RETURN_URL }, headers);
    const replay = await createSession(checkoutToken, { returnUrl: RETURN_URL }, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);

    const loader = await fetch(session.scriptUrl);
    expect(loader.status).toBe(200);
    expect(await loader.text()).toContain('window["AdyenCheckout"]');
  });

  it("refuses a missing token, a missing or relative returnUrl and another country", async () => {
    const { checkoutToken } = await checkoutReadyToPay();
    const noToken = await platform.request("POST", "/shopper-adyen/sessions", {
      body: { returnUrl: RETURN_URL },
    });
    expect(noToken.status).toBe(401);
    const missing = await createSession(checkoutToken, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      "returnUrl: Invalid input: expected string, received undefined",
    ]);
    const relative = await createSession(checkoutToken, { returnUrl: "/checkout/confirmation" });
    expect(relative.status).toBe(400);
    expect(relative.body.errors).toEqual(["returnUrl: an absolute http(s) URL is required"]);
    const country = await createSession(checkoutToken, {
      returnUrl: RETURN_URL,
      countryCode: "FI",
    });
    expect(country.status).toBe(400);
    expect(country.body.errors).toEqual(["countryCode: must be the checkout's country (SE)"]);
  });
});

describe("GET /shopper-adyen/sessions/{id}", () => {
  it("needs the session's own sessionResult and the checkout's token", async () => {
    const { checkoutToken, session } = await checkoutReadyToPay();
    const missing = await readResult(checkoutToken, session.id);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(["sessionResult: is a required field"]);
    const forged = await readResult(checkoutToken, session.id, "Y29tcGxldGVk.AAAA");
    expect(forged.status).toBe(400);

    const read = await readResult(checkoutToken, session.id, resultFor(session));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: session.id,
      status: "paymentPending",
      reference: session.reference,
    });

    const other = await checkoutReadyToPay();
    expect((await readResult(other.checkoutToken, session.id, resultFor(session))).status).toBe(
      404,
    );
  });

  it("answers canceled once the cart changed under an open session", async () => {
    const { sessionToken, checkoutToken, session } = await checkoutReadyToPay();
    await platform.request("POST", "/shopper/sessions/items", {
      token: sessionToken,
      body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    });
    const read = await readResult(checkoutToken, session.id, resultFor(session));
    expect(read.body.status).toBe("canceled");
  });
});

describe("the Drop-in widget", () => {
  it("is a page the storefront may frame, in the checkout's language, preset with the shopper", async () => {
    const { session } = await checkoutReadyToPay({ returnUrl: RETURN_URL, ...ADYEN_SHOPPER });
    for (const url of [session.url, session.dropinUrl]) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain(
        `frame-ancestors 'self' ${TEST_STOREFRONT_URL}`,
      );
      const html = await page.text();
      expect(html).toContain('target="_top"');
      expect(html).toContain('lang="sv"');
      expect(html).toContain("Adyen");
      expect(html).toContain('value="Storgatan 1"');
      expect(html).toContain('value="Andersson"');
    }
  });

  it("a declined card stays in the Drop-in (refused); an approved payment places the order once", async () => {
    const { checkoutToken, checkoutId, session } = await checkoutReadyToPay();

    const declined = await pay(session.url, { ...SHOPPER, outcome: "decline" });
    expect(declined.status).toBe(200);
    expect(declined.text).toContain("Betalningen nekades");
    const afterDecline = await readResult(checkoutToken, session.id, resultFor(session));
    expect(afterDecline.body.status).toBe("refused");
    expect(afterDecline.body.errors).toBeUndefined();

    const paid = await Promise.all([
      pay(session.url, { ...SHOPPER, outcome: "approve" }),
      pay(session.dropinUrl, { ...SHOPPER, outcome: "approve" }),
    ]);
    for (const answer of paid) {
      expect(answer.status).toBe(303);
      const location = new URL(answer.location ?? "");
      expect(`${location.origin}${location.pathname}`).toBe(
        `${TEST_STOREFRONT_URL}/checkout/confirmation`,
      );
      expect(location.searchParams.get("provider")).toBe("adyen");
      expect(location.searchParams.get("sessionId")).toBe(session.id);
    }
    const read = await readReturn(checkoutToken, paid[0]!.location);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe("completed");

    // Repeats of everything that might place it again: the form, the confirmation read, and
    // Adyen's notification (repeated, and concurrently).
    expect((await pay(session.url, { ...SHOPPER, outcome: "approve" })).status).toBe(303);
    expect((await readReturn(checkoutToken, paid[1]!.location)).body.status).toBe("completed");
    const notified = await Promise.all([
      notify(authorisation(session)),
      notify(authorisation(session)),
      notify(authorisation(session), authorisation(session)),
    ]);
    for (const answer of notified) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe("[accepted]");
    }

    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(state.checkout.orderId).toBe(read.body.orderId);
    expect(state.order).toMatchObject({
      email: "anna@example.se",
      orderStates: ["PLACED"],
      payment: { provider: "Adyen", reference: session.id },
    });
    expect(await ordersOf(platform, checkoutId)).toHaveLength(1);
  });

  it("refuses an order with fields to fix, in the words of the order error card", async () => {
    const { checkoutToken, checkoutId, session } = await checkoutReadyToPay();
    const answer = await pay(session.url, {
      ...SHOPPER,
      familyName: "",
      country: "Sverige",
      outcome: "approve",
    });
    expect(answer.status).toBe(303);
    const read = await readReturn(checkoutToken, answer.location);
    expect(read.body).toEqual({
      id: session.id,
      status: "refused",
      reference: session.reference,
      errors: [
        "billing_address.family_name: is a required field",
        "billing_address.country: country must be a valid ISO 3166-1 alpha2 code",
      ],
    });
    expect((await readCheckout(platform, checkoutToken)).body.order).toBeUndefined();
    expect(await ordersOf(platform, checkoutId)).toHaveLength(0);
  });
  it("refuses an order whose lines sold out while the shopper paid, naming them", async () => {
    const { lowStock } = SEED_FIXTURES;
    const sessionToken = await cartWith(platform, [{ variantId: lowStock.variantId, quantity: 2 }]);
    const started = await startCheckout(platform, sessionToken, "Adyen");
    const created = await createSession(started.body.token);
    await platform.db
      .update(variantStocks)
      .set({ stockQuantity: 1, reservedQuantity: 0 })
      .where(eq(variantStocks.productVariantId, lowStock.variantId));
    const answer = await pay(created.body.url, { ...SHOPPER, outcome: "approve" });
    expect(answer.status).toBe(303);
    const read = await readReturn(started.body.token, answer.location);
    expect(read.body).toMatchObject({
      status: "refused",
      errors: [],
      productVariantIDs: [lowStock.variantId],
    });
    expect(await ordersOf(platform, started.body.checkout.id)).toHaveLength(0);
  });
});

describe("POST /shopper-adyen/notifications", () => {
  it("refuses a batch with a wrong HMAC signature, and places nothing", async () => {
    const { checkoutId, session } = await checkoutReadyToPay({
      returnUrl: RETURN_URL,
      ...ADYEN_SHOPPER,
    });
    const forged = authorisation(session, {}, "00".repeat(32));
    const answer = await notify(authorisation(session, { eventCode: "REPORT_AVAILABLE" }), forged);
    expect(answer.status).toBe(401);
    expect((answer.body as unknown as PlatformErrorBody).errors).toEqual([
      "notificationItems.1.NotificationRequestItem.additionalData.hmacSignature: is invalid",
    ]);
    const tampered = { ...authorisation(session), amount: { value: 1, currency: "SEK" } };
    expect((await notify(tampered)).status).toBe(401);
    expect(await ordersOf(platform, checkoutId)).toHaveLength(0);
  });

  it("an authorisation places the order with the shopper given at creation, once however often it comes", async () => {
    const { checkoutToken, checkoutId, session } = await checkoutReadyToPay({
      returnUrl: RETURN_URL,
      ...ADYEN_SHOPPER,
    });
    // Accepted and ignored: other events, another merchant account, another amount, unknown
    // references.
    for (const item of [
      authorisation(session, { eventCode: "CAPTURE" }),
      authorisation(session, { merchantAccountCode: "SomeoneElse" }),
      authorisation(session, { amount: { value: 1, currency: "SEK" } }),
      authorisation(session, { merchantReference: "no-such-session" }),
    ]) {
      const answer = await notify(item);
      expect({ status: answer.status, text: answer.text }).toEqual({
        status: 200,
        text: "[accepted]",
      });
    }
    expect(await ordersOf(platform, checkoutId)).toHaveLength(0);

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => notify(authorisation(session))),
    );
    expect(answers.map((answer) => answer.text)).toEqual(Array(4).fill("[accepted]"));
    expect(await ordersOf(platform, checkoutId)).toHaveLength(1);

    // The shopper's form comes after: it finds the payment done.
    const paid = await pay(session.url, { ...SHOPPER, outcome: "approve" });
    expect(paid.status).toBe(303);
    const read = await readReturn(checkoutToken, paid.location);
    expect(read.body.status).toBe("completed");
    const state = (await readCheckout(platform, checkoutToken)).body;
    expect(state.order?.email).toBe("anna@example.se");
    expect(state.order?.billingAddress).toMatchObject({
      givenName: "Anna",
      familyName: "Andersson",
      streetAddress: "Storgatan 1",
    });
    expect(await ordersOf(platform, checkoutId)).toHaveLength(1);
  });

  it("a refused authorisation counts as a declined attempt", async () => {
    const { checkoutToken, checkoutId, session } = await checkoutReadyToPay();
    expect((await notify(authorisation(session, { success: "false" }))).text).toBe("[accepted]");
    const read = await readResult(checkoutToken, session.id, resultFor(session));
    expect(read.body.status).toBe("refused");
    expect(await ordersOf(platform, checkoutId)).toHaveLength(0);
  });
});

describe("the hour a session lasts", () => {
  it("expires for good: the widget refuses to pay, the status says expired, a new session starts", async () => {
    const { checkoutToken, checkoutId, session } = await checkoutReadyToPay();
    platform.clock.advance(HOUR + MINUTE);
    const read = await readResult(checkoutToken, session.id, resultFor(session));
    expect(read.body.status).toBe("expired");

    const page = await fetch(session.url);
    const html = await page.text();
    expect(html).toContain("tidsgränsen");
    // The way back to the shop: the return URL, with a result of this session.
    const back = /<a href="([^"]+)" target="_top">/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    expect((await readReturn(checkoutToken, back ?? null)).body.status).toBe("expired");

    const paid = await pay(session.url, { ...SHOPPER, outcome: "approve" });
    expect(paid.status).toBe(200);
    expect((await notify(authorisation(session))).text).toBe("[accepted]");
    expect(await ordersOf(platform, checkoutId)).toHaveLength(0);

    const renewed = await createSession(checkoutToken);
    expect(renewed.status).toBe(201);
    expect(renewed.body.id).not.toBe(session.id);
  });
});
