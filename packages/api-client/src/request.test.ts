import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  HttpError,
  isKassaApiError,
  isOutOfStockError,
  OAuthError,
  OutOfStockError,
  UnexpectedError,
} from "./errors.js";
import {
  buildUrl,
  createRequester,
  type HttpMethod,
  IDEMPOTENCY_KEY_IN_USE,
  type RequesterOptions,
  STOREFRONT_TOKEN_HEADER,
  segment,
} from "./request.js";
import { recordingSleep, spyFetch, startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function requester(options: Partial<RequesterOptions> = {}) {
  const timer = recordingSleep();
  const request = createRequester({ baseUrl: server.baseUrl, sleep: timer.sleep, ...options });
  return { request, waits: timer.waits };
}

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("a successful request", () => {
  it("sends JSON with the authorization header and no-store, and parses the answer", async () => {
    server.on("POST", "/shopper/sessions/items?lang=sv", {
      status: 201,
      json: { cart: { id: "c1" } },
    });
    const spy = spyFetch();
    const { request } = requester({
      fetch: spy.fetch,
      authorization: () => "Bearer t1",
      headers: { "x-store": "kassa" },
    });

    const reply = await request("POST", "/shopper/sessions/items", {
      body: { productVariantId: "v1", quantity: 2 },
      query: { lang: "sv", empty: undefined },
    });

    expect(reply).toEqual({ cart: { id: "c1" } });
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent).toMatchObject({ method: "POST", url: "/shopper/sessions/items?lang=sv" });
    expect(JSON.parse(sent!.body)).toEqual({ productVariantId: "v1", quantity: 2 });
    expect(sent!.headers).toMatchObject({
      "content-type": "application/json",
      accept: "application/json",
      authorization: "Bearer t1",
      "x-store": "kassa",
    });
    expect(spy.inits[0]).toMatchObject({ cache: "no-store", method: "POST" });
  });

  it("sends no content type and no authorization when there is neither body nor token", async () => {
    server.on("GET", "/shopper/sessions", { json: { token: "t" } });
    const { request } = requester({ authorization: () => undefined });
    await request("GET", "/shopper/sessions");
    expect(server.requests[0]!.headers["content-type"]).toBeUndefined();
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.headers.accept).toBe("application/json");
  });

  it("sends the shop's own credential in its own header, beside Authorization", async () => {
    server.on("POST", "/enad/signup", { status: 201, json: { data: {} } });
    server.on("GET", "/me", { json: {} });
    const { request } = requester({
      storefrontToken: "shop-secret",
      authorization: () => "Bearer user",
    });
    await request("POST", "/enad/signup", { body: {}, idempotent: true });
    expect(STOREFRONT_TOKEN_HEADER).toBe("Kassa-Storefront-Token");
    expect(server.requests[0]!.headers).toMatchObject({
      "kassa-storefront-token": "shop-secret",
      authorization: "Bearer user",
    });
    // Without the option none is sent: a client is anonymous unless its creator says otherwise.
    await requester().request("GET", "/me");
    expect(server.requests[1]!.headers["kassa-storefront-token"]).toBeUndefined();
  });

  it("answers {} for 204 and for an empty body", async () => {
    server.on("PUT", "/a", { status: 204 });
    server.on("PUT", "/b", { status: 200 });
    const { request } = requester();
    await expect(request("PUT", "/a", { body: { pin: "1" } })).resolves.toEqual({});
    await expect(request("PUT", "/b")).resolves.toEqual({});
  });

  it("awaits an async authorization", async () => {
    server.on("GET", "/me", { json: { ok: true } });
    const { request } = requester({ authorization: async () => "Bearer later" });
    await request("GET", "/me");
    expect(server.requests[0]!.headers.authorization).toBe("Bearer later");
  });

  it("reads text and blobs when asked", async () => {
    server.on("POST", "/eps-convert", {
      text: "PNGDATA",
      headers: { "content-type": "image/png" },
    });
    const { request } = requester();
    const blob = await request<Blob>("POST", "/eps-convert", { responseType: "blob" });
    expect(await blob.text()).toBe("PNGDATA");
    await expect(request("POST", "/eps-convert", { responseType: "text" })).resolves.toBe(
      "PNGDATA",
    );
  });

  it("sends FormData as multipart, without a JSON content type", async () => {
    server.on("POST", "/upload", { json: { files: [] } });
    const { request } = requester();
    const form = new FormData();
    form.append("file", new Blob(["x"]), "logo.eps");
    await request("POST", "/upload", { body: form });
    expect(server.requests[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe("a structured error", () => {
  it("throws at once with error, status, requestId, errors and body", async () => {
    const body = {
      error: "EXPIRED_DISCOUNT_CODE",
      message: "The code has expired",
      statusCode: 400,
      requestId: "req-1",
      errors: ["code: expired"],
    };
    server.on("POST", "/shopper/sessions/discount-codes", { status: 400, json: body });
    const { request, waits } = requester();

    const error = await rejection(
      request("POST", "/shopper/sessions/discount-codes", { body: { discountCode: "OLD" } }),
    );

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      name: "HttpError",
      message: "EXPIRED_DISCOUNT_CODE",
      status: 400,
      requestId: "req-1",
      errors: ["code: expired"],
      body,
      method: "POST",
      url: `${server.baseUrl}/shopper/sessions/discount-codes`,
    });
    expect((error as HttpError).headers?.get("content-type")).toBe("application/json");
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("falls back to message, then to 'somethingWentWrong'", async () => {
    server.on("GET", "/message", { status: 409, json: { message: "Conflict here" } });
    server.on("GET", "/nothing", {
      status: 500,
      json: { statusCode: 500 },
      headers: { "x-request-id": "hdr-7" },
    });
    const { request } = requester();

    expect(await rejection(request("GET", "/message"))).toMatchObject({
      message: "Conflict here",
      status: 409,
      errors: [],
    });
    const fallback = await rejection(request("GET", "/nothing"));
    expect(fallback).toBeInstanceOf(HttpError);
    expect(fallback).toMatchObject({
      message: "somethingWentWrong",
      status: 500,
      requestId: "hdr-7",
    });
    // A JSON error body is the platform speaking: no retry, even for a 500.
    expect(server.requests).toHaveLength(2);
  });

  it("carries productVariantIDs for a 404 'out of stock error'", async () => {
    server.on("POST", "/shopper/sessions/checkout/start", {
      status: 404,
      json: {
        error: "out of stock error",
        statusCode: 404,
        requestId: "r-9",
        productVariantIDs: ["v1", "v2"],
      },
    });
    const { request } = requester();

    const error = await rejection(
      request("POST", "/shopper/sessions/checkout/start", { body: {} }),
    );

    expect(error).toBeInstanceOf(OutOfStockError);
    expect(error).toBeInstanceOf(HttpError);
    expect(isOutOfStockError(error)).toBe(true);
    expect(error).toMatchObject({
      message: "out of stock error",
      status: 404,
      requestId: "r-9",
      productVariantIDs: ["v1", "v2"],
    });
  });

  it("is a plain HttpError when no variants are named", async () => {
    server.on("POST", "/x", {
      status: 404,
      json: { error: "out of stock error", productVariantIDs: [] },
    });
    const { request } = requester();
    const error = await rejection(request("POST", "/x"));
    expect(error).toBeInstanceOf(HttpError);
    expect(isOutOfStockError(error)).toBe(false);
  });

  it("throws a text-bodied 4xx at once", async () => {
    server.on("GET", "/gone", { status: 404, text: "<h1>Not Found</h1>" });
    const { request, waits } = requester();
    const error = await rejection(request("GET", "/gone"));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 404,
      message: "somethingWentWrong",
      body: "<h1>Not Found</h1>",
    });
    expect(waits).toEqual([]);
  });
});

describe("unexpected failures", () => {
  it("retries 3 times 500 ms apart, then throws UnexpectedError with status 500", async () => {
    server.on("GET", "/shopper/sessions", { status: 502, text: "<html>Bad Gateway</html>" });
    const { request, waits } = requester();

    const error = await rejection(request("GET", "/shopper/sessions"));

    expect(error).toBeInstanceOf(UnexpectedError);
    expect(isKassaApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: "UnexpectedError",
      message: "An unexpected error occurred",
      status: 500,
      method: "GET",
      body: "<html>Bad Gateway</html>",
    });
    expect((error as UnexpectedError).cause).toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([500, 500, 500]);
  });

  it("succeeds when a retry succeeds", async () => {
    server.on(
      "GET",
      "/flaky",
      { status: 503, text: "busy" },
      { status: 502, text: "bad gateway" },
      { json: { ok: true } },
    );
    const { request, waits } = requester();
    await expect(request("GET", "/flaky")).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([500, 500]);
  });

  it("retries a network error", async () => {
    server.on("PUT", "/shopper/sessions/items/i1", "destroy", { json: { cart: { id: "c" } } });
    const { request, waits } = requester();
    await expect(
      request("PUT", "/shopper/sessions/items/i1", { body: { quantity: 2 } }),
    ).resolves.toEqual({ cart: { id: "c" } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((sent) => sent.body)).toEqual(['{"quantity":2}', '{"quantity":2}']);
    expect(waits).toEqual([500]);
  });

  it("gives up on a lasting network error", async () => {
    server.on("GET", "/down", "destroy");
    const { request, waits } = requester();
    const error = await rejection(request("GET", "/down"));
    expect(error).toBeInstanceOf(UnexpectedError);
    expect((error as UnexpectedError).cause).toBeInstanceOf(TypeError);
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([500, 500, 500]);
  });

  it("retries an OK answer that is not JSON", async () => {
    server.on("GET", "/html", { text: "<html>captive portal</html>" });
    const { request } = requester();
    expect(await rejection(request("GET", "/html"))).toBeInstanceOf(UnexpectedError);
    expect(server.requests).toHaveLength(4);
  });

  it("follows a declared policy", async () => {
    server.on("GET", "/down", { status: 500, text: "oops" });
    const { request, waits } = requester({ retry: { limit: 1, delayMs: 20 } });
    expect(await rejection(request("GET", "/down"))).toBeInstanceOf(UnexpectedError);
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([20]);
  });

  it("waits with a real timer by default", async () => {
    server.on("GET", "/flaky", { status: 503, text: "busy" }, { json: { ok: true } });
    const request = createRequester({ baseUrl: server.baseUrl, retry: { delayMs: 30 } });
    const started = performance.now();
    await expect(request("GET", "/flaky")).resolves.toEqual({ ok: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("does not retry an aborted request", async () => {
    server.on("GET", "/slow", { json: {} });
    const { request, waits } = requester();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(request("GET", "/slow", { signal: controller.signal }));
    expect(error).toMatchObject({ name: "AbortError" });
    expect(waits).toEqual([]);
  });
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The `Idempotency-Key` of every request the server saw. */
function sentKeys(): (string | string[] | undefined)[] {
  return server.requests.map((sent) => sent.headers["idempotency-key"]);
}

describe("what may be sent again", () => {
  it("does not resend a POST after a network failure: it may have reached the server", async () => {
    server.on("POST", "/enad/signup/", "destroy", { json: { data: {} } });
    const { request, waits } = requester();

    const error = await rejection(request("POST", "/enad/signup/", { body: { email: "a@b.se" } }));

    expect(error).toBeInstanceOf(UnexpectedError);
    expect((error as UnexpectedError).cause).toBeInstanceOf(TypeError);
    expect(server.requests).toHaveLength(1);
    expect(sentKeys()).toEqual([undefined]);
    expect(waits).toEqual([]);
  });

  it("does not resend a POST or a PATCH after a 5xx page or a non-JSON OK answer", async () => {
    server.on("POST", "/pay", { status: 502, text: "<h1>Bad gateway</h1>" }, { json: {} });
    server.on("PATCH", "/attributes", { text: "<html>captive portal</html>" }, { json: {} });
    const { request, waits } = requester();

    const payment = await rejection(request("POST", "/pay", { body: { amount: 100 } }));
    const patch = await rejection(request("PATCH", "/attributes", { body: { a: 1 } }));

    expect(payment).toBeInstanceOf(UnexpectedError);
    expect(payment).toMatchObject({ body: "<h1>Bad gateway</h1>" });
    expect(patch).toBeInstanceOf(UnexpectedError);
    expect(server.requests.map((sent) => sent.method)).toEqual(["POST", "PATCH"]);
    expect(waits).toEqual([]);
  });

  it("retries an idempotent POST with the same new key on every try", async () => {
    server.on(
      "POST",
      "/shopper/sessions/items",
      "destroy",
      { status: 503, text: "busy" },
      { status: 201, json: { cart: { id: "c" } } },
    );
    const { request, waits } = requester();

    await expect(
      request("POST", "/shopper/sessions/items", { body: { quantity: 1 }, idempotent: true }),
    ).resolves.toEqual({ cart: { id: "c" } });

    expect(server.requests).toHaveLength(3);
    const [key] = sentKeys();
    expect(key).toMatch(UUID_V4);
    expect(sentKeys()).toEqual([key, key, key]);
    expect(waits).toEqual([500, 500]);
  });

  it("gives every idempotent call its own key", async () => {
    server.on("POST", "/shopper/sessions/start", { json: {} });
    const { request } = requester();
    await request("POST", "/shopper/sessions/start", { body: {}, idempotent: true });
    await request("POST", "/shopper/sessions/start", { body: {}, idempotent: true });
    const [first, second] = sentKeys();
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(first).not.toBe(second);
  });

  it("makes a key without crypto.randomUUID (a browser page over plain http)", async () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", {
      getRandomValues: (array: Uint8Array) => real.getRandomValues(array),
    });
    try {
      server.on("POST", "/x", { json: {} });
      const { request } = requester();
      await request("POST", "/x", { idempotent: true });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sentKeys()[0]).toMatch(UUID_V4);
  });

  it("sends the caller's key on every try, and retries a POST that carries one", async () => {
    server.on("POST", "/own", "destroy", { json: { ok: true } });
    server.on("PATCH", "/header", "destroy", { json: { ok: true } });
    const { request, waits } = requester();

    await expect(request("POST", "/own", { idempotencyKey: "order-42" })).resolves.toEqual({
      ok: true,
    });
    await expect(
      request("PATCH", "/header", { headers: { "Idempotency-Key": "form-7" } }),
    ).resolves.toEqual({ ok: true });

    expect(sentKeys()).toEqual(["order-42", "order-42", "form-7", "form-7"]);
    expect(waits).toEqual([500, 500]);
  });

  it("refuses an empty key without sending anything", async () => {
    const { request } = requester();
    await expect(request("POST", "/x", { idempotencyKey: "" })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it("keeps the key when a 401 refresh sends the request again", async () => {
    server.on("POST", "/pay", { status: 401, json: { error: "Unauthorized" } }, { json: {} });
    const { request } = requester({ onUnauthorized: async () => true });
    await request("POST", "/pay", { body: {}, idempotent: true });
    const [key] = sentKeys();
    expect(key).toMatch(UUID_V4);
    expect(sentKeys()).toEqual([key, key]);
  });

  it("retries GET, PUT and DELETE without a key, and not POST", async () => {
    const methods = ["GET", "PUT", "DELETE", "POST"] as const satisfies readonly HttpMethod[];
    for (const method of methods) {
      server.on(method, "/shopper/sessions/items/i1", "destroy", { json: { cart: {} } });
    }
    const { request, waits } = requester();

    for (const method of ["GET", "PUT", "DELETE"] as const) {
      await expect(request(method, "/shopper/sessions/items/i1")).resolves.toEqual({ cart: {} });
    }
    const post = await rejection(request("POST", "/shopper/sessions/items/i1"));

    expect(post).toBeInstanceOf(UnexpectedError);
    expect(server.requests.map((sent) => sent.method)).toEqual([
      ...["GET", "GET", "PUT", "PUT", "DELETE", "DELETE"],
      "POST",
    ]);
    expect(sentKeys().every((key) => key === undefined)).toBe(true);
    expect(waits).toEqual([500, 500, 500]);
  });

  it("follows the declared methods", async () => {
    server.on("PUT", "/a", "destroy", { json: {} });
    server.on("POST", "/lookup", "destroy", { json: { data: [] } });
    const { request: getOnly } = requester({ retry: { methods: ["GET"] } });
    const { request: withPost, waits } = requester({ retry: { methods: ["get", "post"] } });

    expect(await rejection(getOnly("PUT", "/a"))).toBeInstanceOf(UnexpectedError);
    await expect(withPost("POST", "/lookup", { body: {} })).resolves.toEqual({ data: [] });

    expect(server.requests.map((sent) => sent.method)).toEqual(["PUT", "POST", "POST"]);
    expect(waits).toEqual([500]);
  });

  it("retries a POST that only reads (`readOnly`) like a GET, without a key", async () => {
    server.on("POST", "/get-orders", "destroy", { json: { data: [] } });
    const { request } = requester({ retry: { methods: ["GET"] } });
    await expect(request("POST", "/get-orders", { body: {}, readOnly: true })).resolves.toEqual({
      data: [],
    });
    expect(server.requests.map((sent) => sent.headers["idempotency-key"])).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe("Retry-After", () => {
  it("waits the seconds it asks for instead of delayMs (delayMs when it cannot be read)", async () => {
    server.on(
      "GET",
      "/busy",
      { status: 503, text: "busy", headers: { "retry-after": "2" } },
      { status: 429, text: "slow down", headers: { "retry-after": "0" } },
      { status: 503, text: "busy", headers: { "retry-after": "soon" } },
      { json: { ok: true } },
    );
    const { request, waits } = requester();
    await expect(request("GET", "/busy")).resolves.toEqual({ ok: true });
    expect(waits).toEqual([2000, 0, 500]);
  });

  it("waits until the HTTP date it names, and not at all for a date in the past", async () => {
    const inFiveSeconds = new Date(Date.now() + 5000).toUTCString();
    server.on(
      "GET",
      "/busy",
      { status: 503, text: "busy", headers: { "retry-after": inFiveSeconds } },
      { status: 503, text: "busy", headers: { "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" } },
      { json: { ok: true } },
    );
    const { request, waits } = requester();
    await expect(request("GET", "/busy")).resolves.toEqual({ ok: true });
    // An HTTP date has whole seconds: the wait is up to a second shorter than asked.
    expect(waits[0]).toBeGreaterThan(3000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
    expect(waits[1]).toBe(0);
  });

  it("gives up at once, without waiting, when it asks for more than maxRetryAfterMs", async () => {
    server.on("GET", "/limited", {
      status: 429,
      text: "Too Many Requests",
      headers: { "retry-after": "60" },
    });
    const { request, waits } = requester();

    const error = await rejection(request("GET", "/limited"));

    expect(error).toBeInstanceOf(UnexpectedError);
    expect((error as UnexpectedError).headers?.get("retry-after")).toBe("60");
    expect((error as UnexpectedError).cause).toMatchObject({ status: 429 });
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("waits longer when the policy allows it", async () => {
    server.on(
      "GET",
      "/limited",
      { status: 429, text: "Too Many Requests", headers: { "retry-after": "60" } },
      { json: {} },
    );
    const { request, waits } = requester({ retry: { maxRetryAfterMs: 60_000 } });
    await request("GET", "/limited");
    expect(waits).toEqual([60_000]);
  });
});

describe("409 IDEMPOTENCY_KEY_IN_USE", () => {
  const inUse = {
    status: 409,
    json: { error: IDEMPOTENCY_KEY_IN_USE, statusCode: 409, requestId: "r-1" },
  } as const;

  it("retries a keyed request while its first try is still in progress", async () => {
    server.on("POST", "/enad/signup/", inUse, { status: 201, json: { data: { id: "u1" } } });
    const { request, waits } = requester();

    await expect(
      request("POST", "/enad/signup/", { body: { email: "a@b.se" }, idempotencyKey: "k-1" }),
    ).resolves.toEqual({ data: { id: "u1" } });

    expect(sentKeys()).toEqual(["k-1", "k-1"]);
    expect(waits).toEqual([500]);
  });

  it("throws it at once for a request without a key, like any other 409 or a 422", async () => {
    server.on("PUT", "/no-key", inUse);
    server.on("POST", "/other", { status: 409, json: { error: "CONFLICT" } });
    server.on("POST", "/reused", {
      status: 422,
      json: { error: "IDEMPOTENCY_KEY_REUSED", statusCode: 422 },
    });
    const { request, waits } = requester();

    expect(await rejection(request("PUT", "/no-key"))).toBeInstanceOf(HttpError);
    expect(await rejection(request("POST", "/other", { idempotent: true }))).toMatchObject({
      status: 409,
      message: "CONFLICT",
    });
    expect(await rejection(request("POST", "/reused", { idempotent: true }))).toMatchObject({
      status: 422,
    });
    // Sent with a key, the 409 and the 422 were the platform speaking: no retry.
    expect(sentKeys()).toEqual([undefined, expect.stringMatching(UUID_V4), expect.any(String)]);
    expect(waits).toEqual([]);
  });

  it("gives up with an UnexpectedError when the first try never finishes", async () => {
    server.on("POST", "/enad/signup/", inUse);
    const { request, waits } = requester();
    const error = await rejection(request("POST", "/enad/signup/", { idempotent: true }));
    expect(error).toBeInstanceOf(UnexpectedError);
    expect((error as UnexpectedError).cause).toMatchObject({
      status: 409,
      message: IDEMPOTENCY_KEY_IN_USE,
    });
    expect(server.requests).toHaveLength(4);
    expect(waits).toEqual([500, 500, 500]);
  });
});

describe("401 and 403", () => {
  it("refreshes once and retries with the fresh authorization", async () => {
    server.on(
      "GET",
      "/order/orders",
      { status: 401, json: { error: "Unauthorized" } },
      { json: { data: [] } },
    );
    let token = "old";
    const onUnauthorized = vi.fn(async () => {
      token = "new";
      return true;
    });
    const { request } = requester({ authorization: () => `Bearer ${token}`, onUnauthorized });

    await expect(request("GET", "/order/orders")).resolves.toEqual({ data: [] });

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.requests.map((sent) => sent.headers.authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
  });

  it("refreshes on 403 too, and only once", async () => {
    server.on("GET", "/order/orders", { status: 403, json: { error: "Forbidden" } });
    const onUnauthorized = vi.fn(async () => true);
    const { request } = requester({ onUnauthorized });

    const error = await rejection(request("GET", "/order/orders"));

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, message: "Forbidden" });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(2);
  });

  it("throws OAuthError when the refresh fails", async () => {
    server.on("GET", "/order/orders", { status: 401, json: { error: "Unauthorized" } });
    const { request } = requester({ onUnauthorized: async () => false });

    const error = await rejection(request("GET", "/order/orders"));

    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ message: "OAuth2 failed, cannot retry.", status: 401 });
    expect(server.requests).toHaveLength(1);
  });

  it("throws OAuthError, keeping the cause, when the refresh throws", async () => {
    server.on("GET", "/order/orders", { status: 401, json: { error: "Unauthorized" } });
    const failure = new Error("token endpoint down");
    const { request } = requester({
      onUnauthorized: async () => {
        throw failure;
      },
    });

    const error = await rejection(request("GET", "/order/orders"));

    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).cause).toBe(failure);
  });

  it("is an ordinary HttpError without onUnauthorized", async () => {
    server.on("GET", "/shopper/sessions", { status: 401, json: { error: "invalid token" } });
    const { request } = requester();
    const error = await rejection(request("GET", "/shopper/sessions"));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ status: 401, message: "invalid token" });
  });
});

describe("urls", () => {
  it("joins the base URL and path and appends the query", () => {
    expect(buildUrl("http://h:1/api/", "/x", { a: 1, b: [true, "z"], c: null })).toBe(
      "http://h:1/api/x?a=1&b=true&b=z",
    );
    expect(buildUrl("http://h:1", "x?y=1", { z: "2" })).toBe("http://h:1/x?y=1&z=2");
  });

  it("encodes path segments", () => {
    expect(segment("a/b c?")).toBe("a%2Fb%20c%3F");
    expect(() => segment("")).toThrow(TypeError);
  });

  it("refuses a GET with a body", async () => {
    const { request } = requester();
    await expect(request("GET", "/x", { body: {} })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});
