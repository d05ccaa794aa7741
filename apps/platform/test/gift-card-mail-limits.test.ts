import type {
  GiftCardProductAdded,
  KlarnaOrder,
  OutboxMail,
  PlatformErrorBody,
} from "@kassa/api-client";
import {
  GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY,
  giftCardRecipientLimitError,
  MAX_GIFT_CARD_RECIPIENTS_PER_ORDER,
  TOO_MANY_GIFT_CARD_RECIPIENTS,
} from "@kassa/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartWith, ordersOf, pay, SHOPPER, startedCheckout } from "./support/checkout-flow.js";
import { DAY } from "./support/test-clock.js";
import {
  requestTo,
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

/**
 * Issue 28, the mail relay: a free sandbox order mailed up to eleven addresses the shopper typed
 * (the confirmation and ten gift cards, each with 200 characters of the sender's). An order's cards
 * now go to at most three addresses, one address gets at most ten gift-card mails a day, and a
 * production platform serves no sandbox (nor `/dev/*`) unless asked.
 */
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

function addGiftCard(token: string, receivingEmail: string) {
  return platform.request<Answer<GiftCardProductAdded>>(
    "POST",
    "/shopper-retain24/gift-card-products",
    {
      token,
      body: {
        amountToLoad: 10_000,
        templateId: "birthday",
        receivingEmail,
        senderName: "Anna",
        message: "x".repeat(200),
        market: "SE",
        lang: "sv",
        store: "default",
      },
    },
  );
}

/** Opens a Klarna payment for the checkout and pays it in the sandbox; answers Klarna's order. */
async function payFor(checkoutToken: string) {
  const created = await platform.request<Answer<KlarnaOrder>>("POST", "/shopper-kco/orders", {
    token: checkoutToken,
    body: {
      merchant_urls: {
        terms: `${TEST_STOREFRONT_URL}/kopvillkor/`,
        checkout: `${TEST_STOREFRONT_URL}/checkout`,
        confirmation: `${TEST_STOREFRONT_URL}/checkout/confirmation?order_id={checkout.order.id}`,
      },
    },
  });
  expect(created.status).toBe(201);
  expect((await pay(created.body.hosted_payment_page_url, SHOPPER)).status).toBe(303);
  const read = await platform.request<Answer<KlarnaOrder>>(
    "GET",
    `/shopper-kco/orders/${created.body.order_id}`,
    { token: checkoutToken },
  );
  return read.body;
}

async function mailsTo(address: string): Promise<OutboxMail[]> {
  const { body } = await platform.request<OutboxMail[]>(
    "GET",
    `/dev/mail.json?to=${encodeURIComponent(address)}`,
  );
  return body;
}

describe("gift-card recipients", () => {
  it(`an order's cards go to at most ${MAX_GIFT_CARD_RECIPIENTS_PER_ORDER} different addresses`, async () => {
    const token = await cartWith(platform, []);
    const tag = Date.now();
    for (let index = 1; index <= MAX_GIFT_CARD_RECIPIENTS_PER_ORDER; index++) {
      expect((await addGiftCard(token, `friend${index}-${tag}@example.se`)).status).toBe(200);
    }
    const refused = await addGiftCard(token, `stranger-${tag}@example.se`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(TOO_MANY_GIFT_CARD_RECIPIENTS);
    expect(refused.body.errors).toEqual([
      "receivingEmail: the gift cards of one order go to at most 3 different addresses",
    ]);
    // More cards to an address already there are fine, whatever its letters' case.
    expect((await addGiftCard(token, `FRIEND1-${tag}@example.se`)).status).toBe(200);
  });

  it(`one address gets at most ${GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY} gift-card mails a day; the order that would send more is refused and mails nothing`, async () => {
    const victim = `victim-${Date.now()}@example.se`;
    const bystander = `bystander-${Date.now()}@example.se`;

    const first = await cartWith(platform, []);
    for (let card = 0; card < GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY; card++) {
      expect((await addGiftCard(first, victim)).status).toBe(200);
    }
    const firstCheckout = await startedCheckout(platform, first, "KlarnaCheckout");
    expect((await payFor(firstCheckout.token)).status).toBe("checkout_complete");
    expect(await mailsTo(victim)).toHaveLength(GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY);

    const second = await cartWith(platform, []);
    expect((await addGiftCard(second, bystander)).status).toBe(200);
    expect((await addGiftCard(second, victim)).status).toBe(200);
    const secondCheckout = await startedCheckout(platform, second, "KlarnaCheckout");
    const refused = await payFor(secondCheckout.token);
    expect(refused).toMatchObject({
      status: "checkout_incomplete",
      error_code: "VALIDATION_ERROR",
      error_messages: [giftCardRecipientLimitError(victim)],
    });
    expect(await ordersOf(platform, secondCheckout.checkout.id)).toHaveLength(0);
    // Nothing of the refused order was mailed, to the victim or to anyone else.
    expect(await mailsTo(victim)).toHaveLength(GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY);
    expect(await mailsTo(bystander)).toHaveLength(0);

    // A day later the address has room again.
    platform.clock.advance(DAY + 60_000);
    try {
      expect((await payFor(secondCheckout.token)).status).toBe("checkout_complete");
      expect(await mailsTo(victim)).toHaveLength(GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY + 1);
      expect(await mailsTo(bystander)).toHaveLength(1);
    } finally {
      platform.clock.advance(-(DAY + 60_000));
    }
  });
});

describe("the sandboxes and /dev in production", () => {
  it("are not served unless asked for", async () => {
    const production = await platform.serveAgain({
      config: { paymentSandboxes: false, devMail: false },
    });
    const request = requestTo(production.url);
    for (const path of ["/sandbox/widget.js", "/sandbox/klarna/loader.js", "/dev/mail.json"]) {
      expect({ path, status: (await request("GET", path)).status }).toEqual({ path, status: 404 });
    }
    const token = await cartWith({ request }, []);
    expect((await request("POST", "/sandbox/klarna/pay/any", { token })).status).toBe(404);
    // Asked for (npm start, the benches): served.
    expect((await platform.request("GET", "/sandbox/widget.js")).status).toBe(200);
  });
});
