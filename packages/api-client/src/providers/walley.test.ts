import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors.js";
import { startTestServer, type TestServer } from "../test-server.js";
import type { WalleyCheckout } from "../wire/providers/walley.js";
import { createWalleyClient, walleyOutcome } from "./walley.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createWalleyClient({
    baseUrl: server.baseUrl,
    checkoutToken: "checkout-1",
    sleep: async () => {},
  });
}

const checkout: WalleyCheckout = {
  privateId: "wco_0123456789abcdef01234567",
  publicToken: "public-SE-0123456789abcdef0123456789abcdef0123456789abcdef",
  expiresAt: "2030-01-08T00:00:00.000Z",
  status: "Initialized",
  customerType: "PrivateCustomer",
  countryCode: "SE",
  currency: "SEK",
  reference: "checkout-id",
  cart: { items: [] },
  fees: { shipping: null },
  amountToPay: 19_900,
  businessCustomer: null,
  purchase: null,
  loaderUrl: "http://platform.test/sandbox/walley/loader.js",
  embedUrl: "http://platform.test/shopper-walley/embed/public-SE-0?embedded=1",
  hostedCheckoutUrl: "http://platform.test/sandbox/walley/pay/id",
  merchantTermsUri: "http://shop.test/kopvillkor",
  redirectPageUri: "http://shop.test/checkout/confirmation?provider=walley",
  notificationUri: "http://platform.test/shopper-walley/notifications",
};

describe("createWalleyClient", () => {
  it("initializes a checkout with the checkout token and an Idempotency-Key", async () => {
    server.on("POST", "/shopper-walley/checkouts", { status: 201, json: checkout });
    const input = {
      merchantTermsUri: "http://shop.test/kopvillkor",
      redirectPageUri: "http://shop.test/checkout/confirmation?provider=walley",
      businessCustomerPreset: {
        organizationNumber: "5566778899",
        buyer: { firstName: "Ada", lastName: "Lind" },
      },
    };
    await expect(client().initCheckout(input)).resolves.toEqual(checkout);
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(JSON.parse(sent!.body)).toEqual(input);
    expect(sent!.headers.authorization).toBe("Bearer checkout-1");
    expect(sent!.headers["idempotency-key"]).toMatch(/.+/);
  });

  it("reads the checkout's Walley checkout", async () => {
    server.on("GET", "/shopper-walley/checkouts", { json: checkout });
    await expect(client().getCheckout()).resolves.toEqual(checkout);
    expect(server.requests[0]).toMatchObject({
      method: "GET",
      headers: { authorization: "Bearer checkout-1" },
    });
  });

  it("throws the platform error body", async () => {
    server.on("GET", "/shopper-walley/checkouts", {
      status: 404,
      json: { error: "checkout not found", statusCode: 404, requestId: "r-1" },
    });
    const error = await client()
      .getCheckout()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: "checkout not found", requestId: "r-1" });
  });
});

describe("walleyOutcome", () => {
  it("maps each status to the shop's outcome", () => {
    expect(walleyOutcome(checkout)).toEqual({ outcome: "pending" });
    expect(
      walleyOutcome({
        ...checkout,
        status: "PurchaseCompleted",
        kassaOrderId: "order-1",
        purchase: {
          amountToPay: 19_900,
          paymentName: "Invoice",
          purchaseIdentifier: "100001",
          result: "Completed",
        },
      }),
    ).toEqual({ outcome: "completed", orderId: "order-1" });
    expect(walleyOutcome({ ...checkout, status: "Expired" })).toEqual({ outcome: "expired" });
    expect(
      walleyOutcome({
        ...checkout,
        status: "PurchaseRefused",
        errorCode: "VALIDATION_ERROR",
        errors: ["billing_address.family_name: is a required field"],
      }),
    ).toEqual({
      outcome: "refused",
      errors: ["billing_address.family_name: is a required field"],
    });
    expect(
      walleyOutcome({
        ...checkout,
        status: "PurchaseRefused",
        errorCode: "OUT_OF_STOCK",
        productVariantIDs: ["v1"],
      }),
    ).toEqual({ outcome: "refused", errors: [], productVariantIDs: ["v1"] });
  });
});
