import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test-server.js";
import type { KlarnaOrder } from "../wire/providers/klarna.js";
import { createKlarnaClient, klarnaOutcome } from "./klarna.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const order: KlarnaOrder = {
  order_id: "kco_1",
  status: "checkout_incomplete",
  purchase_country: "se",
  purchase_currency: "SEK",
  locale: "sv-SE",
  order_amount: 22_800,
  order_tax_amount: 4_560,
  gift_card_amount: 0,
  order_lines: [],
  merchant_urls: {},
  html_snippet: '<div id="klarna-checkout-container"></div>',
  hosted_payment_page_url: "http://platform.test/sandbox/klarna/pay/1",
  started_at: "2026-11-23T08:00:00.000Z",
};

describe("createKlarnaClient", () => {
  it("creates the order with the checkout token, the merchant URLs and an Idempotency-Key", async () => {
    server.on("POST", "/shopper-kco/orders", { status: 201, json: order });
    const client = createKlarnaClient({ baseUrl: server.baseUrl, checkoutToken: "checkout-1" });
    const merchant_urls = {
      terms: "https://shop.test/kopvillkor/",
      checkout: "https://shop.test/checkout",
      confirmation: "https://shop.test/checkout/confirmation?order_id={checkout.order.id}",
    };
    await expect(client.createOrder({ merchant_urls })).resolves.toEqual(order);
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe("Bearer checkout-1");
    expect(request?.headers["idempotency-key"]).toBeTruthy();
    expect(JSON.parse(request?.body ?? "")).toEqual({ merchant_urls });
  });

  it("reads an order by its id", async () => {
    server.on("GET", "/shopper-kco/orders/kco_1", { json: order });
    const client = createKlarnaClient({ baseUrl: server.baseUrl, checkoutToken: "checkout-1" });
    await expect(client.getOrder("kco_1")).resolves.toEqual(order);
  });
});

describe("klarnaOutcome", () => {
  it("maps Klarna's statuses and the sandbox's refusals to the shop's outcome", () => {
    expect(klarnaOutcome(order)).toEqual({ outcome: "pending" });
    expect(klarnaOutcome({ ...order, status: "checkout_complete", kassa_order_id: "o1" })).toEqual({
      outcome: "completed",
      orderId: "o1",
    });
    expect(
      klarnaOutcome({
        ...order,
        error_code: "VALIDATION_ERROR",
        error_messages: ["familyName is a required field"],
      }),
    ).toEqual({ outcome: "refused", errors: ["familyName is a required field"] });
    expect(
      klarnaOutcome({
        ...order,
        error_code: "OUT_OF_STOCK",
        error_messages: [],
        productVariantIDs: ["pv-1"],
      }),
    ).toEqual({ outcome: "refused", errors: [], productVariantIDs: ["pv-1"] });
  });
});
