import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors.js";
import { startTestServer, type TestServer } from "../test-server.js";
import type { AvardaPayment } from "../wire/providers/avarda.js";
import { avardaOutcome, createAvardaClient } from "./avarda.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createAvardaClient({
    baseUrl: server.baseUrl,
    checkoutToken: "checkout-1",
    sleep: async () => {},
  });
}

const payment: AvardaPayment = {
  purchaseId: "avp_0123456789abcdef01234567",
  jwt: "eyJhbGciOiJIUzI1NiJ9.e30.sig",
  expiredUtc: "2030-01-01T00:30:00.000Z",
  mode: "B2C",
  step: { current: "Initialized" },
  b2C: { step: { current: "Initialized" } },
  totalPrice: 19_900,
  currency: "SEK",
  items: [{ description: "Tröja", notes: "v1", amount: 19_900, taxCode: "25", quantity: 1 }],
  checkoutScriptUrl: "http://platform.test/sandbox/avarda/loader.js",
  embeddedCheckoutUrl: "http://platform.test/sandbox/avarda/pay/id?embedded=1",
  hostedPaymentPageUrl: "http://platform.test/sandbox/avarda/pay/id",
};

describe("createAvardaClient", () => {
  it("initialises a purchase with the checkout token and an Idempotency-Key", async () => {
    server.on("POST", "/shopper-avarda/payments", { status: 201, json: payment });
    const input = {
      redirectUrl: "http://shop.test/checkout/confirmation?provider=avarda",
      termsUrl: "http://shop.test/kopvillkor",
    };
    await expect(client().createPayment(input)).resolves.toEqual(payment);
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent?.method).toBe("POST");
    expect(JSON.parse(sent?.body ?? "")).toEqual(input);
    expect(sent?.headers.authorization).toBe("Bearer checkout-1");
    expect(sent?.headers["idempotency-key"]).toMatch(/.+/);
  });

  it("syncs with an empty body", async () => {
    server.on("POST", "/shopper-avarda/payments/sync", { json: payment });
    await expect(client().syncPayment()).resolves.toEqual(payment);
    const [sent] = server.requests;
    expect(sent?.body).toBe("");
    expect(sent?.headers.authorization).toBe("Bearer checkout-1");
  });

  it("reads the confirmation, of one purchase when the redirect named it", async () => {
    const completed = { ...payment, step: { current: "Completed" as const }, orderId: "o-1" };
    server.on("GET", "/shopper-avarda/confirmation", { json: completed });
    server.on("GET", `/shopper-avarda/confirmation?purchaseId=${payment.purchaseId}`, {
      json: completed,
    });
    await expect(client().getConfirmation()).resolves.toEqual(completed);
    await expect(client().getConfirmation({ purchaseId: payment.purchaseId })).resolves.toEqual(
      completed,
    );
    await expect(client().getConfirmation({ purchaseId: null })).resolves.toEqual(completed);
    expect(server.requests.map((request) => request.url)).toEqual([
      "/shopper-avarda/confirmation",
      `/shopper-avarda/confirmation?purchaseId=${payment.purchaseId}`,
      "/shopper-avarda/confirmation",
    ]);
  });

  it("throws the platform's error body", async () => {
    server.on("GET", "/shopper-avarda/confirmation", {
      status: 404,
      json: {
        error: "payment not found",
        message: "No Avarda purchase of this checkout",
        statusCode: 404,
        requestId: "r-1",
        errors: [],
      },
    });
    const error = await client()
      .getConfirmation()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, requestId: "r-1" });
  });
});

describe("avardaOutcome", () => {
  it("maps the purchase's step to the shop's outcome", () => {
    expect(avardaOutcome(payment)).toEqual({ outcome: "pending" });
    expect(
      avardaOutcome({ ...payment, step: { current: "Completed" }, orderId: "order-1" }),
    ).toEqual({ outcome: "completed", orderId: "order-1" });
    expect(avardaOutcome({ ...payment, step: { current: "TimedOut" } })).toEqual({
      outcome: "expired",
    });
    expect(
      avardaOutcome({
        ...payment,
        step: { current: "PersonalInfo" },
        errorCode: "VALIDATION_ERROR",
        errors: ["billing_address.family_name: is a required field"],
      }),
    ).toEqual({
      outcome: "refused",
      errors: ["billing_address.family_name: is a required field"],
    });
    expect(
      avardaOutcome({
        ...payment,
        step: { current: "PersonalInfo" },
        errorCode: "OUT_OF_STOCK",
        errors: [],
        productVariantIDs: ["v1"],
      }),
    ).toEqual({ outcome: "refused", errors: [], productVariantIDs: ["v1"] });
  });
});
