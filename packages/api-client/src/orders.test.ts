import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { createOrdersClient } from "./orders.js";
import { IDEMPOTENCY_KEY_HEADER } from "./request.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client() {
  return createOrdersClient({
    baseUrl: server.baseUrl,
    accessToken: "access-1",
    sleep: async () => {},
  });
}

function lastSent() {
  const request = server.requests.at(-1)!;
  return { ...request, json: request.body ? JSON.parse(request.body) : undefined };
}

const summary = { id: "o1", reference: "100001" };

describe("createOrdersClient (C§7 /brink)", () => {
  it("posts each lookup with the user's token and unwraps `data`", async () => {
    server.on("POST", "/brink/get-orders-by-email/", {
      json: { data: { orderSummaries: [summary] } },
    });
    await expect(client().getOrdersByEmail("anna@example.test")).resolves.toEqual({
      orderSummaries: [summary],
    });
    expect(lastSent()).toMatchObject({
      headers: { authorization: "Bearer access-1" },
      json: { email: "anna@example.test" },
    });

    server.on("POST", "/brink/get-orders-by-ref/", { json: { data: { orderSummaries: [] } } });
    await client().getOrdersByRef({ ref: "5566778899", source: "ref1" });
    expect(lastSent().json).toEqual({ ref: "5566778899", source: "ref1" });
  });

  it("retries a lookup that failed on the way, with no Idempotency-Key (it only reads)", async () => {
    server.on("POST", "/brink/get-orders-by-email/", "destroy", {
      json: { data: { orderSummaries: [summary] } },
    });
    await expect(client().getOrdersByEmail("anna@example.test")).resolves.toEqual({
      orderSummaries: [summary],
    });
    expect(server.requests).toHaveLength(2);
    for (const sent of server.requests) {
      expect(sent.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBeUndefined();
    }
  });

  it("asks for one page of the merged lookups, retried as a read, and unwraps the page", async () => {
    const page = {
      orderSummaries: [summary],
      total: 41,
      page: 3,
      pageSize: 20,
      totalPages: 3,
      hasOrders: true,
      refused: [2],
    };
    server.on("POST", "/brink/get-orders-page/", "destroy", { json: { data: page } });
    const payload = {
      lookups: [
        { source: "ref2" as const, ref: "u1" },
        { source: "email" as const, email: "anna@example.test" },
        { source: "ref1" as const, ref: "5566778899" },
      ],
      status: "PLACED" as const,
      companyId: "org-1",
      q: "1000",
      page: 3,
      pageSize: 20,
    };
    await expect(client().getOrdersPage(payload)).resolves.toEqual(page);
    expect(server.requests).toHaveLength(2);
    expect(lastSent()).toMatchObject({
      headers: { authorization: "Bearer access-1" },
      json: payload,
    });
    expect(lastSent().headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBeUndefined();
  });

  it("reads one order by id, and a 404 is an HttpError with its status", async () => {
    server.on("POST", "/brink/get-order-by-id/", {
      json: { data: { order: summary, access: "customer" } },
    });
    await expect(client().getOrderById("o1")).resolves.toEqual({
      order: summary,
      access: "customer",
    });
    expect(lastSent().json).toEqual({ orderId: "o1" });

    server.on("POST", "/brink/get-order-by-id/", {
      status: 404,
      json: { error: "order not found", statusCode: 404, requestId: "r1" },
    });
    const failure = await client()
      .getOrderById("other")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(404);
  });

  it("changes a custom state and adds a note, each with an Idempotency-Key (the form's when given)", async () => {
    server.on("POST", "/brink/change-order-custom-state/", {
      json: { data: { ok: true, customStates: [{ id: "customer_approved" }] } },
    });
    await client().changeOrderCustomState({
      orderId: "o1",
      stateId: "customer_approved",
      type: "add",
    });
    expect(lastSent().json).toEqual({ orderId: "o1", stateId: "customer_approved", type: "add" });
    expect(lastSent().headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBeTruthy();

    server.on("POST", "/brink/add-order-note/", {
      json: { data: { ok: true, note: { id: "n1" } } },
    });
    await client().addOrderNote("o1", "Fel storlek", { idempotencyKey: "form-key-1" });
    expect(lastSent().json).toEqual({ orderId: "o1", text: "Fel storlek" });
    expect(lastSent().headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBe("form-key-1");
  });
});
