import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError, OAuthError } from "./errors.js";
import { createManagementClient, TOKEN_RENEWAL_MARGIN_MS } from "./management.js";
import { IDEMPOTENCY_KEY_HEADER } from "./request.js";

/**
 * A real OAuth2 + management server, small: Basic client authentication, tokens that expire by
 * its own clock or when told, scopes, and a few management paths that answer 401 for a token it
 * does not know (or no longer honours) and 403 for one without the scope.
 */
interface FakeManagement {
  baseUrl: string;
  tokenRequests: { authorization?: string; body: string }[];
  calls: {
    method: string;
    url: string;
    authorization?: string;
    body: string;
    headers: IncomingMessage["headers"];
  }[];
  /** Every token issued so far stops working (the server's keys rotated, or it restarted). */
  expireAll(): void;
  /** Token requests answer 401 invalid_client from now on. */
  refuseTokens(): void;
  /** Tokens are issued with these scopes from now on. */
  grantScopes(scopes: string[]): void;
  close(): Promise<void>;
}

async function startFakeManagement(): Promise<FakeManagement> {
  const tokens = new Map<string, string[]>();
  const tokenRequests: FakeManagement["tokenRequests"] = [];
  const calls: FakeManagement["calls"] = [];
  let refusing = false;
  let scopes = ["order-management/order:read", "order-management/order:write"];
  let issued = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      if (req.url === "/oauth2/token") {
        tokenRequests.push({ authorization: req.headers.authorization, body });
        const expected = `Basic ${Buffer.from("back-office:s3cret").toString("base64")}`;
        if (refusing || req.headers.authorization !== expected) {
          return json(res, 401, { error: "invalid_client" });
        }
        issued += 1;
        const token = `token-${issued}`;
        tokens.set(token, scopes);
        return json(res, 200, {
          access_token: token,
          token_type: "Bearer",
          expires_in: 900,
          scope: scopes.join(" "),
        });
      }
      const authorization = req.headers.authorization;
      calls.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization,
        body,
        headers: req.headers,
      });
      const granted = tokens.get(authorization?.replace(/^Bearer /, "") ?? "");
      if (!granted) return json(res, 401, { error: "UNAUTHORIZED", statusCode: 401 });
      const needs =
        req.method === "GET" ? "order-management/order:read" : "order-management/order:write";
      if (!granted.includes(needs))
        return json(res, 403, { error: "insufficient_scope", statusCode: 403 });
      if (req.url?.endsWith("/start")) return json(res, 200, { id: "op-1", state: "SUCCESS" });
      if (
        req.method === "POST" &&
        /\/(releases|deliveries|compensations|cancellations)$/.test(req.url ?? "")
      ) {
        return json(res, 201, { id: "op-1", state: "CREATED" });
      }
      return json(res, 200, { ok: true, url: req.url });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenRequests,
    calls,
    expireAll: () => tokens.clear(),
    refuseTokens: () => {
      refusing = true;
    },
    grantScopes: (next) => {
      scopes = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: FakeManagement;
let clock: number;

beforeEach(async () => {
  server = await startFakeManagement();
  clock = Date.parse("2026-11-24T10:00:00Z");
});

afterEach(async () => {
  await server.close();
});

function client(scopes?: ("order-management/order:read" | "order-management/order:write")[]) {
  return createManagementClient({
    baseUrl: server.baseUrl,
    clientId: "back-office",
    clientSecret: "s3cret",
    scopes,
    sleep: async () => {},
    now: () => clock,
  });
}

describe("createManagementClient: OAuth2 client credentials (C§8)", () => {
  it("fetches one token with Basic auth and the form, and reuses it, also for calls at once", async () => {
    const management = client(["order-management/order:read"]);
    await Promise.all([
      management.getOrder("o1"),
      management.getOrder("o2"),
      management.getCustomStates(),
    ]);
    await management.getOrder("o3");
    expect(server.tokenRequests).toHaveLength(1);
    expect(server.tokenRequests[0]).toEqual({
      authorization: `Basic ${Buffer.from("back-office:s3cret").toString("base64")}`,
      body: "grant_type=client_credentials&scope=order-management%2Forder%3Aread",
    });
    expect(server.calls.every((call) => call.authorization === "Bearer token-1")).toBe(true);
  });

  it("renews a token that is about to end before the call, without a 401", async () => {
    const management = client();
    await management.getOrder("o1");
    clock += 900_000 - TOKEN_RENEWAL_MARGIN_MS + 1;
    await management.getOrder("o1");
    expect(server.tokenRequests).toHaveLength(2);
    expect(server.calls.map((call) => call.authorization)).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("a token the server stopped honouring: 401, one refresh, and the call is retried once", async () => {
    const management = client();
    await management.getOrder("o1");
    server.expireAll();
    await expect(management.getOrder("o2")).resolves.toEqual({ ok: true, url: "/order/orders/o2" });
    expect(server.tokenRequests).toHaveLength(2);
    expect(server.calls.slice(1).map((call) => [call.url, call.authorization])).toEqual([
      ["/order/orders/o2", "Bearer token-1"],
      ["/order/orders/o2", "Bearer token-2"],
    ]);
  });

  it("a 403 also refreshes once; still 403 after it is an HttpError, not a loop", async () => {
    server.grantScopes(["order-management/order:read"]);
    const management = client();
    const failure = await management
      .addCustomState("o1", "awaiting_customer_action")
      .catch((error) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(403);
    expect(server.tokenRequests).toHaveLength(2);
    expect(server.calls).toHaveLength(2);
  });

  it("a refresh that fails is 'OAuth2 failed, cannot retry.'", async () => {
    const management = client();
    await management.getOrder("o1");
    server.expireAll();
    server.refuseTokens();
    const failure = await management.getOrder("o1").catch((error) => error);
    expect(failure).toBeInstanceOf(OAuthError);
    expect((failure as OAuthError).message).toBe("OAuth2 failed, cannot retry.");
  });

  it("a first token that cannot be had is an OAuthError too, and nothing is called", async () => {
    server.refuseTokens();
    const failure = await client()
      .getOrder("o1")
      .catch((error) => error);
    expect(failure).toBeInstanceOf(OAuthError);
    expect(server.calls).toEqual([]);
  });

  it("sends each call to its path; notes and operations with an Idempotency-Key", async () => {
    const management = client();
    await management.addCustomState("o 1", "awaiting_customer_action");
    await management.removeCustomState("o1", "customer_declined");
    await management.addNote("o1", "Ring kunden.");
    await management.deliver("o1", [{ position: 0, quantity: 1 }]);
    await management.compensate("o1", 2500);
    await management.listOrders({ customState: "awaiting_customer_action", per_page: 5 });
    expect(server.calls.map((call) => `${call.method} ${call.url} ${call.body}`)).toEqual([
      "PUT /order/orders/o%201/custom-states/awaiting_customer_action ",
      "DELETE /order/orders/o1/custom-states/customer_declined ",
      'POST /order/orders/o1/notes {"text":"Ring kunden."}',
      'POST /order/orders/o1/deliveries {"lines":[{"position":0,"quantity":1}]}',
      "POST /order/orders/o1/deliveries/op-1/start ",
      'POST /order/orders/o1/compensations {"amount":2500}',
      "POST /order/orders/o1/compensations/op-1/start ",
      "GET /order/orders?customState=awaiting_customer_action&per_page=5 ",
    ]);
    const note = server.calls[2];
    expect(note?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]).toBeTruthy();
  });
});

describe("createManagementClient: prices and stock (ADR 0025)", () => {
  it("puts a price and a stock level at their paths, ids encoded", async () => {
    // The fake server wants the write scope for any PUT: that is what it grants by default.
    const management = client();
    await management.setPrice(
      { productVariantId: "pv 1", storeGroupId: "default", countryCode: "SE" },
      { basePriceAmount: 49900, salePriceAmount: 39900 },
    );
    await management.setStock(
      { productVariantId: "pv/2", countryCode: "FI" },
      { stockQuantity: 7 },
    );
    expect(server.calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: "PUT",
        url: "/price/product-variants/pv%201/store-groups/default/markets/SE",
        body: JSON.stringify({ basePriceAmount: 49900, salePriceAmount: 39900 }),
      },
      {
        method: "PUT",
        url: "/stock/product-variants/pv%2F2/markets/FI",
        body: JSON.stringify({ stockQuantity: 7 }),
      },
    ]);
  });
});
