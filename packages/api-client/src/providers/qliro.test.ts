import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors.js";
import { startTestServer, type TestServer } from "../test-server.js";
import type { QliroOrder } from "../wire/providers/qliro.js";
import { createQliroOneClient, qliroOneOutcome } from "./qliro.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createQliroOneClient({
    baseUrl: server.baseUrl,
    checkoutToken: "checkout-1",
    sleep: async () => {},
  });
}

const order: QliroOrder = {
  OrderId: "4711000001",
  MerchantReference: "checkout-id",
  TotalPrice: 39_800,
  Currency: "SEK",
  Country: "SE",
  Language: "sv-se",
  CustomerCheckoutStatus: "InProcess",
  OrderItems: [],
  OrderHtmlSnippet: '<div id="qliro-one-checkout"></div>',
  PaymentLink: "http://platform.test/sandbox/qliro/pay/p1",
  MerchantConfirmationUrl: "http://shop.test/checkout/confirmation?provider=qliro",
  MerchantTermsUrl: "http://shop.test/kopvillkor",
  CreatedAt: "2030-01-01T00:00:00.000Z",
  UpdatedAt: "2030-01-01T00:00:00.000Z",
};

describe("createQliroOneClient", () => {
  it("creates the checkout's order with the checkout token and an Idempotency-Key", async () => {
    server.on("POST", "/shopper-qliro/checkouts", { status: 201, json: order });
    const input = {
      MerchantConfirmationUrl: order.MerchantConfirmationUrl,
      MerchantTermsUrl: order.MerchantTermsUrl,
    };
    await expect(client().createCheckout(input)).resolves.toEqual(order);
    const [request] = server.requests;
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(request!.body)).toEqual(input);
    expect(request!.headers.authorization).toBe("Bearer checkout-1");
    expect(request!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("reads the order, and syncs it with an empty body", async () => {
    server.on("GET", "/shopper-qliro/checkouts", { json: order });
    server.on("POST", "/shopper-qliro/checkouts/sync", {
      json: { ...order, TotalPrice: 29_800 },
    });
    await expect(client().getCheckout()).resolves.toEqual(order);
    await expect(client().syncCheckout()).resolves.toMatchObject({ TotalPrice: 29_800 });
    const [read, sync] = server.requests;
    expect(read).toMatchObject({ method: "GET", body: "" });
    expect(sync).toMatchObject({ method: "POST", body: "" });
    expect(sync!.headers.authorization).toBe("Bearer checkout-1");
    expect(sync!.headers["idempotency-key"]).toBeDefined();
  });

  it("throws the platform error of a refused call", async () => {
    server.on("GET", "/shopper-qliro/checkouts", {
      status: 404,
      json: { error: "payment not found", message: "No Qliro One order", statusCode: 404 },
    });
    const failure = await client()
      .getCheckout()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 404, message: "payment not found" });
  });
});

describe("qliroOneOutcome", () => {
  it("maps each CustomerCheckoutStatus to the shop's outcome", () => {
    expect(qliroOneOutcome(order)).toEqual({ outcome: "pending" });
    expect(qliroOneOutcome({ ...order, CustomerCheckoutStatus: "OnHold" })).toEqual({
      outcome: "pending",
    });
    expect(
      qliroOneOutcome({ ...order, CustomerCheckoutStatus: "Completed", KassaOrderId: "o-1" }),
    ).toEqual({ outcome: "completed", orderId: "o-1" });
    expect(qliroOneOutcome({ ...order, CustomerCheckoutStatus: "Expired" })).toEqual({
      outcome: "expired",
    });
    expect(
      qliroOneOutcome({
        ...order,
        CustomerCheckoutStatus: "Refused",
        errors: ["billing_address.family_name: is a required field"],
      }),
    ).toEqual({
      outcome: "refused",
      errors: ["billing_address.family_name: is a required field"],
    });
    expect(
      qliroOneOutcome({ ...order, CustomerCheckoutStatus: "Refused", productVariantIDs: ["v1"] }),
    ).toEqual({ outcome: "refused", errors: [], productVariantIDs: ["v1"] });
  });
});
