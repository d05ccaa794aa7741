import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCheckoutClient } from "./checkout.js";
import { HttpError } from "./errors.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client(tokens: { sessionToken?: string; checkoutToken?: string }) {
  return createCheckoutClient({ baseUrl: server.baseUrl, sleep: async () => {}, ...tokens });
}

describe("createCheckoutClient", () => {
  it("starts a checkout with the session token and an Idempotency-Key", async () => {
    const started = { token: "checkout-1", checkout: { id: "c1" } };
    server.on("POST", "/shopper/sessions/checkout/start", { json: started });
    const input = { paymentProvider: "KlarnaCheckout", shippingProvider: "PostNord" };

    await expect(client({ sessionToken: "session-1" }).startCheckout(input)).resolves.toEqual(
      started,
    );

    const [request] = server.requests;
    expect(request?.headers.authorization).toBe("Bearer session-1");
    expect(request?.headers["idempotency-key"]).toMatch(/.{16,}/);
    expect(JSON.parse(request?.body ?? "")).toEqual(input);
  });

  it("reads the checkout with the checkout token", async () => {
    server.on("GET", "/shopper/sessions/checkout", { json: { token: "checkout-1", checkout: {} } });
    await client({ sessionToken: "session-1", checkoutToken: "checkout-1" }).getCheckout();
    expect(server.requests[0]?.headers.authorization).toBe("Bearer checkout-1");
  });

  it("applies a gift card with PUT and its pin, and answers {} for 204", async () => {
    server.on("PUT", "/shopper-retain24/gift-cards/6000%201000", { status: 204 });
    await expect(
      client({ checkoutToken: "checkout-1" }).applyGiftCard("6000 1000", "1234"),
    ).resolves.toEqual({});
    expect(server.requests[0]?.method).toBe("PUT");
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({ pin: "1234" });
  });

  it("throws the service's text for a refused card, and removes a card with DELETE", async () => {
    server.on("PUT", "/shopper-retain24/gift-cards/1", {
      status: 400,
      json: { error: "unable to add/update card", statusCode: 400, requestId: "r1" },
    });
    server.on("DELETE", "/shopper-retain24/gift-cards/1", { status: 204 });
    const checkout = client({ checkoutToken: "checkout-1" });
    const refused = await checkout.applyGiftCard("1", "0000").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).message).toBe("unable to add/update card");
    await expect(checkout.removeGiftCard("1")).resolves.toEqual({});
  });

  it("withTokens answers a client with other tokens", async () => {
    server.on("GET", "/shopper/sessions/checkout", { json: { token: "t", checkout: {} } });
    await client({}).withTokens({ checkoutToken: "checkout-2" }).getCheckout();
    expect(server.requests[0]?.headers.authorization).toBe("Bearer checkout-2");
  });
});
