import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors.js";
import { startTestServer, type TestServer } from "../test-server.js";
import type { AdyenSession, AdyenSessionResult } from "../wire/providers/adyen.js";
import { adyenOutcome, createAdyenClient } from "./adyen.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createAdyenClient({
    baseUrl: server.baseUrl,
    checkoutToken: "checkout-1",
    sleep: async () => {},
  });
}

const session: AdyenSession = {
  id: "CS0123456789abcdef01234567",
  sessionData: "eyJpZCI6IkNTMCJ9.c2lnbmF0dXJl",
  amount: { value: 19_900, currency: "SEK" },
  reference: "5d1f0c1e-1b7a-4c55-9f3e-0a5b8f1c2d3e",
  returnUrl: "http://shop.test/checkout/confirmation?provider=adyen",
  expiresAt: "2030-01-01T01:00:00.000Z",
  merchantAccount: "KassaSandboxECOM",
  countryCode: "SE",
  shopperLocale: "sv-SE",
  mode: "embedded",
  url: "http://platform.test/sandbox/adyen/pay/5d1f0c1e",
  scriptUrl: "http://platform.test/sandbox/adyen/loader.js",
  dropinUrl: "http://platform.test/sandbox/adyen/pay/5d1f0c1e?embedded=1",
};

describe("createAdyenClient", () => {
  it("creates a session with the checkout token and an Idempotency-Key", async () => {
    server.on("POST", "/shopper-adyen/sessions", { status: 201, json: session });
    const input = {
      returnUrl: "http://shop.test/checkout/confirmation?provider=adyen",
      shopperLocale: "sv-SE",
      shopperName: { firstName: "Anna", lastName: "Andersson" },
    };
    await expect(client().createSession(input)).resolves.toEqual(session);
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(JSON.parse(sent!.body)).toEqual(input);
    expect(sent!.headers.authorization).toBe("Bearer checkout-1");
    expect(sent!.headers["idempotency-key"]).toMatch(/.+/);
  });

  it("retries a lost create with the same Idempotency-Key", async () => {
    server.on("POST", "/shopper-adyen/sessions", "destroy", { status: 201, json: session });
    await expect(client().createSession({ returnUrl: session.returnUrl })).resolves.toEqual(
      session,
    );
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(second!.headers["idempotency-key"]).toBe(first!.headers["idempotency-key"]);
  });

  it("reads the session result with sessionResult in the query, encoded", async () => {
    const result: AdyenSessionResult = {
      id: session.id,
      status: "completed",
      reference: session.reference,
      orderId: "order-1",
    };
    server.on("GET", `/shopper-adyen/sessions/${session.id}?sessionResult=Y29t%2BcA.mac_-`, {
      json: result,
    });
    await expect(client().getSessionResult(session.id, "Y29t+cA.mac_-")).resolves.toEqual(result);
    expect(server.requests[0]).toMatchObject({
      method: "GET",
      headers: { authorization: "Bearer checkout-1" },
    });
  });

  it("throws the platform error body", async () => {
    server.on("GET", `/shopper-adyen/sessions/${session.id}?sessionResult=x`, {
      status: 400,
      json: {
        error: "BAD_REQUEST",
        message: "sessionResult does not belong to this session",
        statusCode: 400,
        requestId: "r-1",
        errors: ["sessionResult: is not a result of this session"],
      },
    });
    const error = await client()
      .getSessionResult(session.id, "x")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      requestId: "r-1",
      errors: ["sessionResult: is not a result of this session"],
    });
  });
});

describe("adyenOutcome", () => {
  const base = { id: session.id, reference: session.reference };

  it("maps each status to the shop's outcome", () => {
    expect(adyenOutcome({ ...base, status: "completed", orderId: "o-1" })).toEqual({
      outcome: "completed",
      orderId: "o-1",
    });
    expect(adyenOutcome({ ...base, status: "paymentPending" })).toEqual({ outcome: "pending" });
    expect(adyenOutcome({ ...base, status: "refused" })).toEqual({ outcome: "declined" });
    expect(adyenOutcome({ ...base, status: "canceled" })).toEqual({ outcome: "expired" });
    expect(adyenOutcome({ ...base, status: "expired" })).toEqual({ outcome: "expired" });
  });

  it("keeps the order's errors and sold-out variants of a refused order", () => {
    expect(
      adyenOutcome({
        ...base,
        status: "refused",
        errors: ["billing_address.family_name: is a required field"],
      }),
    ).toEqual({
      outcome: "refused",
      errors: ["billing_address.family_name: is a required field"],
    });
    expect(
      adyenOutcome({ ...base, status: "refused", errors: [], productVariantIDs: ["v-1"] }),
    ).toEqual({ outcome: "refused", errors: [], productVariantIDs: ["v-1"] });
  });
});
