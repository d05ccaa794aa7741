import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError, OutOfStockError } from "./errors.js";
import { createShopperClient } from "./shopper.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

const cart = { id: "cart-1", items: [] };

function client(token: string | null = "tok-1") {
  return createShopperClient({
    baseUrl: server.baseUrl,
    token: token ?? undefined,
    sleep: async () => {},
  });
}

/** The one request the server saw, with its body parsed. */
function sent() {
  expect(server.requests).toHaveLength(1);
  const [request] = server.requests;
  return { ...request!, json: request!.body ? JSON.parse(request!.body) : undefined };
}

describe("createShopperClient", () => {
  it("starts a session", async () => {
    const started = { token: "new-token", cart, capabilities: {} };
    server.on("POST", "/shopper/sessions/start", { json: started });
    const input = { storeGroupId: "default", countryCode: "SE", languageCode: "sv" };

    await expect(client(null).startSession(input)).resolves.toEqual(started);

    expect(sent()).toMatchObject({ method: "POST", json: input });
    expect(sent().headers.authorization).toBeUndefined();
  });

  it("starts a session as the shop, with its own credential beside no Authorization", async () => {
    server.on("POST", "/shopper/sessions/start", { json: { token: "t", cart, capabilities: {} } });
    const shop = createShopperClient({ baseUrl: server.baseUrl, storefrontToken: "shop-secret" });
    await shop.withToken(undefined).startSession({
      storeGroupId: "business",
      countryCode: "SE",
      languageCode: "sv",
    });
    expect(sent().headers["kassa-storefront-token"]).toBe("shop-secret");
    expect(sent().headers.authorization).toBeUndefined();
  });

  it("reads the session with the cart token as Bearer", async () => {
    server.on("GET", "/shopper/sessions", { json: { token: "tok-1", cart } });
    await expect(client().getSession()).resolves.toEqual({ token: "tok-1", cart });
    expect(sent()).toMatchObject({ method: "GET", headers: { authorization: "Bearer tok-1" } });
    expect(sent().body).toBe("");
  });

  it("rotates the session's token with POST, once, without an Idempotency-Key", async () => {
    const rotated = { token: "tok-2", cart, capabilities: {} };
    server.on("POST", "/shopper/sessions/rotate", { json: rotated });
    await expect(client().rotateSession()).resolves.toEqual(rotated);
    expect(sent()).toMatchObject({ method: "POST", headers: { authorization: "Bearer tok-1" } });
    expect(sent().headers["idempotency-key"]).toBeUndefined();
  });

  it("does not retry a rotation that failed: a lost answer is not asked for again", async () => {
    server.on("POST", "/shopper/sessions/rotate", { status: 503, json: { error: "down" } });
    await expect(client().rotateSession()).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  it("links the session to the logged-in user with PUT, and unlinks it with DELETE", async () => {
    const customer = { userId: "usr-1", organisationId: "org-1", onBehalf: false };
    server.on("PUT", "/shopper/sessions/customer", { json: { customer } });
    await expect(
      client().setCustomer({ accessToken: "access-1", organisationId: "org-1" }),
    ).resolves.toEqual({ customer });
    expect(sent()).toMatchObject({
      method: "PUT",
      headers: { authorization: "Bearer tok-1" },
      json: { accessToken: "access-1", organisationId: "org-1" },
    });

    server.requests.length = 0;
    server.on("DELETE", "/shopper/sessions/customer", { json: { customer: null } });
    await expect(client().clearCustomer()).resolves.toEqual({ customer: null });
    expect(sent()).toMatchObject({ method: "DELETE", headers: { authorization: "Bearer tok-1" } });
  });

  it("sets the session attributes with PATCH", async () => {
    server.on("PATCH", "/shopper/sessions/attributes", { json: { cart } });
    const attributes = {
      company: {
        registrationNumber: "5566778899",
        taxId: "SE556677889901",
        name: "AB",
        reference: "Ada",
      },
      merchantReference1: "5566778899",
    };
    await expect(client().setAttributes(attributes)).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({ method: "PATCH", json: attributes });
  });

  it("adds an item", async () => {
    server.on("POST", "/shopper/sessions/items", { status: 201, json: { cart, capabilities: {} } });
    const input = { productVariantId: "v1", quantity: 2, options: { parentItem: "line-0" } };
    await expect(client().addItem(input)).resolves.toEqual({ cart, capabilities: {} });
    expect(sent()).toMatchObject({
      method: "POST",
      json: input,
      headers: { authorization: "Bearer tok-1", "content-type": "application/json" },
    });
  });

  it("updates an item's quantity with PUT, encoding the id", async () => {
    server.on("PUT", "/shopper/sessions/items/line%2F1%20x", { json: { cart } });
    await expect(client().updateItem("line/1 x", 3)).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({ method: "PUT", json: { quantity: 3 } });
  });

  it("changes an item's variant with PUT …/variant and an Idempotency-Key", async () => {
    server.on("PUT", "/shopper/sessions/items/line%2F1/variant", { json: { cart } });
    await expect(client().changeItemVariant("line/1", "pv-2")).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({ method: "PUT", json: { productVariantId: "pv-2" } });
    expect(sent().headers["idempotency-key"]).toMatch(/.+/);
  });

  it("removes an item with DELETE", async () => {
    server.on("DELETE", "/shopper/sessions/items/line-1", { json: { cart } });
    await expect(client().removeItem("line-1")).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({ method: "DELETE", body: "" });
  });

  it("adds a discount code with POST and an Idempotency-Key", async () => {
    server.on("POST", "/shopper/sessions/discount-codes", { json: { cart } });
    await expect(client().addDiscountCode("valkommen10")).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({
      method: "POST",
      json: { discountCode: "valkommen10" },
      headers: { authorization: "Bearer tok-1", "content-type": "application/json" },
    });
    expect(sent().headers["idempotency-key"]).toMatch(/.+/);
  });

  it("throws a refused code with its C§8 error as the message", async () => {
    server.on("POST", "/shopper/sessions/discount-codes", {
      status: 400,
      json: {
        error: "EXPIRED_DISCOUNT_CODE",
        message: "VINTER2024 is outside its validity period",
      },
    });
    const refused = client().addDiscountCode("VINTER2024");
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ message: "EXPIRED_DISCOUNT_CODE", status: 400 });
  });

  it("removes a discount code with DELETE, encoding the code", async () => {
    server.on("DELETE", "/shopper/sessions/discount-codes/SOMMAR%2F100%20X", { json: { cart } });
    await expect(client().removeDiscountCode("SOMMAR/100 X")).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({ method: "DELETE", body: "" });
    expect(sent().headers["idempotency-key"]).toMatch(/.+/);
  });

  it("adds a gift card to buy with POST and an Idempotency-Key", async () => {
    const input = {
      amountToLoad: 50_000,
      templateId: "birthday",
      receivingEmail: "vän@example.se",
      senderName: "Anna",
      message: "Grattis!",
      market: "SE",
      lang: "sv",
      store: "default",
    };
    const giftCardProduct = {
      id: "gcp-1",
      cartItemId: "item-1",
      amountToLoad: 50_000,
      currencyCode: "SEK",
      templateId: "birthday",
      receivingEmail: "vän@example.se",
      senderName: "Anna",
      message: "Grattis!",
    };
    server.on("POST", "/shopper-retain24/gift-card-products", {
      json: { giftCardProduct, cart },
    });
    await expect(client().addGiftCardProduct(input)).resolves.toEqual({ giftCardProduct, cart });
    expect(sent()).toMatchObject({
      method: "POST",
      json: input,
      headers: { authorization: "Bearer tok-1", "content-type": "application/json" },
    });
    expect(sent().headers["idempotency-key"]).toMatch(/.+/);
  });

  it("throws a refused gift card with status 400", async () => {
    server.on("POST", "/shopper-retain24/gift-card-products", {
      status: 400,
      json: { error: "BAD_REQUEST", errors: ["receivingEmail: Invalid email address"] },
    });
    const refused = client().addGiftCardProduct({
      amountToLoad: 50_000,
      templateId: "classic",
      receivingEmail: "nope",
      market: "SE",
      lang: "sv",
      store: "default",
    });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 400 });
  });

  it("removes a gift card to buy with DELETE, encoding the id", async () => {
    server.on("DELETE", "/shopper-retain24/gift-card-products/gcp%2F1", { json: { cart } });
    await expect(client().removeGiftCardProduct("gcp/1")).resolves.toEqual({ cart });
    expect(sent()).toMatchObject({ method: "DELETE", body: "" });
    expect(sent().headers["idempotency-key"]).toMatch(/.+/);
  });

  it("reads prices and stock of a product parent in a market", async () => {
    const query = { productParentId: "pp 1", storeGroupId: "default", countryCode: "FI" };
    const prices = { productParent: { id: "pp 1", productVariants: [] } };
    server.on("GET", "/shopper/prices/product-parents/pp%201/store-groups/default/markets/FI", {
      json: prices,
    });
    server.on("GET", "/shopper/stocks/product-parents/pp%201/store-groups/default/markets/FI", {
      json: prices,
    });
    const shopper = client();

    await expect(shopper.getPrices(query)).resolves.toEqual(prices);
    await expect(shopper.getStocks(query)).resolves.toEqual(prices);

    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET /shopper/prices/product-parents/pp%201/store-groups/default/markets/FI",
      "GET /shopper/stocks/product-parents/pp%201/store-groups/default/markets/FI",
    ]);
  });

  it("reads the markets of a store group", async () => {
    const markets = { storeGroupId: "business", markets: [] };
    server.on("GET", "/shopper/store-groups/business/markets", { json: markets });
    await expect(client().getMarkets("business")).resolves.toEqual(markets);
    expect(sent()).toMatchObject({ method: "GET" });
  });

  it("makes a client for another token without changing this one", async () => {
    server.on("GET", "/shopper/sessions", { json: { token: "x", cart } });
    const first = client("tok-1");
    const second = first.withToken("tok-2");
    await second.getSession();
    await first.getSession();
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      "Bearer tok-2",
      "Bearer tok-1",
    ]);
  });

  it("throws the pipeline's errors", async () => {
    server.on("POST", "/shopper/sessions/items", {
      status: 404,
      json: { error: "out of stock error", productVariantIDs: ["v1"] },
    });
    await expect(client().addItem({ productVariantId: "v1", quantity: 1 })).rejects.toBeInstanceOf(
      OutOfStockError,
    );
  });
});
