/**
 * Input a security probe used to get 500s and oversized sessions with: text the database cannot
 * store, deep nesting, unbounded fields, bodies that are not JSON or too large, and the log of a
 * query that fails. Each test sends the attack itself and fails if the hole comes back.
 */
import http from "node:http";
import type {
  ApiEnvelope,
  Cart,
  ItemAdded,
  PlatformErrorBody,
  SessionStarted,
} from "@kassa/api-client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../src/http/json-depth.js";
import { NUL_PROBLEM, SURROGATE_PROBLEM } from "../src/http/storable-text.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { signupPayload, uniqueEmail } from "./support/accounts.js";
import { captureLogs } from "./support/log-capture.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

async function newSession(): Promise<string> {
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
  });
  return body.token;
}

type Reply = PlatformErrorBody & ApiEnvelope<PlatformErrorBody> & { cart: Cart };

/** The platform error body of a reply, unwrapped from the envelope under `/api/`. */
function errorOf(path: string, body: Reply): PlatformErrorBody {
  return path.startsWith("/api/") ? body.data : body;
}

const { simple } = SEED_FIXTURES;
const productQuery = { storeGroupSlug: "default", market: "SE", language: "sv" };

describe("text the database cannot store", () => {
  /**
   * A body per endpoint that is otherwise valid, so that without the check its string would reach
   * a query; `field` is the path that gets the bad text.
   */
  const cases: {
    method: string;
    path: string;
    body: Record<string, unknown>;
    field: string;
    session?: true;
  }[] = [
    {
      method: "POST",
      path: "/shopper/sessions/start",
      body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
      field: "storeGroupId",
    },
    {
      method: "PATCH",
      path: "/shopper/sessions/attributes",
      body: { merchantReference1: "5566778899" },
      field: "merchantReference1",
      session: true,
    },
    {
      method: "PATCH",
      path: "/shopper/sessions/attributes",
      body: { company: { registrationNumber: "1", taxId: "2", name: "AB", reference: "Anna" } },
      field: "company.reference",
      session: true,
    },
    {
      method: "PATCH",
      path: "/shopper/sessions/attributes",
      body: { customerNote: "hello" },
      field: "customerNote",
      session: true,
    },
    {
      method: "POST",
      path: "/shopper/sessions/items",
      body: { productVariantId: simple.variantId, quantity: 1 },
      field: "productVariantId",
      session: true,
    },
    {
      method: "POST",
      path: "/shopper/sessions/items",
      body: { productVariantId: simple.variantId, quantity: 1, options: { engraving: "AB" } },
      field: "options.engraving",
      session: true,
    },
    {
      method: "POST",
      path: "/enad/get-product-by-slug/",
      body: { ...productQuery, slug: simple.slug },
      field: "slug",
    },
    {
      method: "POST",
      path: "/enad/get-products-by-sku/",
      body: { ...productQuery, skuQuery: "KOLI" },
      field: "skuQuery",
    },
    {
      method: "POST",
      path: "/enad/get-products-by-tag/",
      body: { ...productQuery, tag: "ull" },
      field: "tag",
    },
    {
      method: "POST",
      path: "/enad/login/",
      body: { email: "anna@example.test", password: "whatever-it-is" },
      field: "email",
    },
    {
      method: "POST",
      path: "/enad/signup/",
      body: { ...signupPayload() },
      field: "first_name",
    },
    {
      method: "POST",
      path: "/enad/organisation/signup/",
      body: {
        name: "Sandbergs Snickeri AB",
        billing_address: [{ street_address: "Verkstadsgatan 3", city: "Uppsala" }],
      },
      field: "billing_address.0.city",
    },
    {
      method: "POST",
      path: "/enad/refresh-token/",
      body: { refresh_token: "abc" },
      field: "refresh_token",
    },
    {
      method: "POST",
      path: "/enad/reset-password/",
      body: { password: "Fjallripa2024", reset_password_token: "abc" },
      field: "reset_password_token",
    },
    {
      method: "POST",
      path: "/enad/verify-email/",
      body: { token: "abc" },
      field: "token",
    },
    {
      method: "POST",
      path: "/api/enad/create-reset-password-link/",
      body: { email: "anna@example.test" },
      field: "email",
    },
    {
      method: "POST",
      path: "/api/enad/create-verify-link/",
      body: { email: "anna@example.test" },
      field: "email",
    },
    { method: "POST", path: "/dev/expire-token", body: { token: "abc" }, field: "token" },
  ];

  /** `body` with `bad` appended to the string at `field` (a dotted path). */
  function withBadText(body: Record<string, unknown>, field: string, bad: string) {
    const copy = structuredClone(body);
    const keys = field.split(".");
    const last = keys.pop() as string;
    let target = copy as Record<string, unknown>;
    for (const key of keys) target = target[key] as Record<string, unknown>;
    target[last] = `${String(target[last])}${bad}`;
    return copy;
  }

  it.each(cases)(
    "answers 400 naming the field for U+0000 in $method $path $field",
    async ({ method, path, body, field, session }) => {
      const token = session ? await newSession() : undefined;
      const reply = await platform.request<Reply>(method, path, {
        token,
        body: withBadText(body, field, "\u0000"),
      });
      expect(reply.status, reply.text).toBe(400);
      const error = errorOf(path, reply.body);
      expect(error.error).toBe("BAD_REQUEST");
      expect(error.errors).toEqual([`${field}: ${NUL_PROBLEM}`]);
      if (path.startsWith("/api/")) expect(reply.body).toMatchObject({ ok: false, status: 400 });
    },
  );

  it.each(cases.filter(({ path }) => path.startsWith("/shopper/sessions/")))(
    "answers 400 for an unpaired surrogate in $method $path $field",
    async ({ method, path, body, field }) => {
      const token = await newSession();
      // As JSON text: JSON.stringify would send the escape too, but this is what the probe sent.
      const text = JSON.stringify(withBadText(body, field, "@@")).replace("@@", "\\ud800");
      const reply = await platform.request<Reply>(method, path, { token, body: text });
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body.errors).toEqual([`${field}: ${SURROGATE_PROBLEM}`]);
    },
  );

  it("names keys that hold U+0000 or a lone surrogate, escaped, and nothing is stored", async () => {
    const token = await newSession();
    const reply = await platform.request<Reply>("PATCH", "/shopper/sessions/attributes", {
      token,
      body: '{"a\\u0000":"x","b\\udc00":"y","merchantReference1":"1"}',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      `a\\u0000: ${NUL_PROBLEM}`,
      `b\\udc00: ${SURROGATE_PROBLEM}`,
    ]);
    const session = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(session.body.cart.attributes).toEqual({});
    expect(session.body.cart.revision).toBe(0);
  });

  it("keeps accepting astral characters, which are surrogate pairs in JSON", async () => {
    const token = await newSession();
    const reply = await platform.request<Reply>("PATCH", "/shopper/sessions/attributes", {
      token,
      body: '{"customerNote":"tack \\ud83d\\ude00 😀"}',
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.cart.attributes).toEqual({ customerNote: "tack 😀 😀" });
  });

  it("answers 400 for U+0000 in a path parameter or a query value", async () => {
    const token = await newSession();
    const requests: [string, string, string][] = [
      ["PUT", "/shopper/sessions/items/a%00b", "path"],
      ["DELETE", "/shopper/sessions/items/a%00b", "path"],
      ["GET", `/shopper/prices/product-parents/pp%00/store-groups/default/markets/SE`, "path"],
      ["GET", `/shopper/stocks/product-parents/pp%00/store-groups/default/markets/SE`, "path"],
      ["GET", "/dev/mail.json?to=a%00b%40example.test", "query.to"],
      ["GET", `/media/products/${simple.variantId}.svg?lang=sv%00`, "query.lang"],
      ["POST", "/enad/get-categories/?search=%00", "query.search"],
      ["POST", "/api/enad/create-verify-link/?x%00=1", "query.x\\u0000"],
    ];
    for (const [method, path, field] of requests) {
      const body =
        method === "PUT" ? { quantity: 1 } : method === "POST" ? productQuery : undefined;
      const reply = await platform.request<Reply>(method, path, { token, body });
      expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(400);
      expect(errorOf(path, reply.body).errors, path).toEqual([`${field}: ${NUL_PROBLEM}`]);
    }
  });
});

describe("deep nesting", () => {
  const deep = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

  it("answers 400 for 5,000 levels, before anything recursive touches the body", async () => {
    const token = await newSession();
    for (const [path, body] of [
      ["/shopper/sessions/attributes", `{"x":${deep(5000)}}`],
      [
        "/shopper/sessions/items",
        `{"productVariantId":"${simple.variantId}","quantity":1,"options":{"a":${deep(5000)}}}`,
      ],
      ["/shopper/sessions/items", deep(100_000)],
    ] as const) {
      const method = path.endsWith("attributes") ? "PATCH" : "POST";
      const reply = await platform.request<Reply>(method, path, { token, body });
      expect(reply.status, reply.text).toBe(400);
      expect(reply.body.message).toMatch(`more than ${MAX_JSON_DEPTH} levels deep`);
    }
  });

  it(`lets ${MAX_JSON_DEPTH} levels through to the schema`, async () => {
    const token = await newSession();
    const reply = await platform.request<Reply>("PATCH", "/shopper/sessions/attributes", {
      token,
      body: `{"x":${deep(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe("The request body is invalid");
  });
});

describe("bounded fields", () => {
  const MEGABYTE = "x".repeat(1_000_000);

  function addItem(token: string, options: unknown) {
    return platform.request<ItemAdded & PlatformErrorBody>("POST", "/shopper/sessions/items", {
      token,
      body: { productVariantId: simple.variantId, quantity: 1, options },
    });
  }

  function patch(token: string, body: unknown) {
    return platform.request<Reply>("PATCH", "/shopper/sessions/attributes", { token, body });
  }

  it("refuses long option values, nested options, bad keys and more than 10 extra keys", async () => {
    const token = await newSession();
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"]));
    for (const [options, error] of [
      [{ note: MEGABYTE }, /^options\.note: Too big/],
      [{ parentItem: MEGABYTE }, /^options\.parentItem: Too big/],
      [{ note: { nested: "x" } }, /^options\.note: /],
      [{ note: ["x"] }, /^options\.note: /],
      [{ "bad key": "x" }, /^options\.bad key: Invalid key/],
      [eleven, /^options: Too many keys: at most 10 besides parentItem/],
    ] as const) {
      const reply = await addItem(token, options);
      expect(reply.status, JSON.stringify(options).slice(0, 80)).toBe(400);
      expect(reply.body.errors).toEqual([expect.stringMatching(error)]);
    }
    const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(body.cart.items).toEqual([]);
  });

  it("keeps up to 10 short scalar options", async () => {
    const token = await newSession();
    const options = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`k${i}`, i % 2 ? i : "v"]),
    );
    const reply = await addItem(token, { ...options, gift: true });
    expect(reply.status).toBe(400);
    const kept = await addItem(token, options);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.cart.items[0]?.options).toEqual(options);
  });

  it("refuses a megabyte attribute, and more than 10 extra attributes over several calls", async () => {
    const token = await newSession();
    expect((await patch(token, { junk: MEGABYTE })).status).toBe(400);
    expect((await patch(token, { company: { registrationNumber: MEGABYTE } })).status).toBe(400);

    const keys = (from: number, count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`ref${from + i}`, "v"]));
    expect((await patch(token, keys(0, 6))).status).toBe(200);
    expect((await patch(token, keys(6, 4))).status).toBe(200);
    const over = await patch(token, keys(10, 1));
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([
      expect.stringMatching(/^attributes: at most 10 keys besides company, merchantReference1/),
    ]);
    // Removing one (null) makes room; the known keys never count.
    expect((await patch(token, { ref0: null, ref10: "v", merchantReference1: "1" })).status).toBe(
      200,
    );
    const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(Object.keys(body.cart.attributes)).toHaveLength(11);
    expect(JSON.stringify(body.cart.attributes).length).toBeLessThan(4000);
  });

  it("bounds the strings of session start and of the product wrapper", async () => {
    const long = "x".repeat(101);
    for (const [path, body] of [
      ["/shopper/sessions/start", { storeGroupId: long, countryCode: "SE", languageCode: "sv" }],
      [
        "/shopper/sessions/start",
        { storeGroupId: "default", countryCode: long, languageCode: "sv" },
      ],
      [
        "/shopper/sessions/start",
        { storeGroupId: "default", countryCode: "SE", languageCode: long },
      ],
      ["/enad/get-product-by-slug/", { ...productQuery, slug: long }],
      ["/enad/get-products-by-tag/", { ...productQuery, tag: long }],
      ["/enad/get-products-by-category-id/", { ...productQuery, categoryId: long }],
      ["/enad/get-products-by-category-uri/", { ...productQuery, categoryUri: long.repeat(5) }],
      ["/enad/get-products-by-sku/", { ...productQuery, skuQuery: long.repeat(40) }],
      ["/enad/get-categories/", { ...productQuery, storeGroupSlug: long }],
      ["/enad/get-categories/", { ...productQuery, language: long }],
    ] as const) {
      const reply = await platform.request<Reply>("POST", path, { body });
      expect(reply.status, `${path} ${Object.keys(body).join()}`).toBe(400);
      expect(reply.body.errors).toEqual([expect.stringMatching(/: Too big/)]);
    }
  });
});

describe("content type", () => {
  const start = { storeGroupId: "default", countryCode: "SE", languageCode: "sv" };

  it("answers 415 for a body that is not declared JSON", async () => {
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const reply = await platform.request<Reply>("POST", "/shopper/sessions/start", {
        body: JSON.stringify(start),
        headers: { "content-type": contentType },
      });
      expect(reply.status, contentType).toBe(415);
      expect(reply.body).toMatchObject({ error: "UNSUPPORTED_MEDIA_TYPE", statusCode: 415 });
    }
  });

  it("answers 415 in the envelope under /api/", async () => {
    const reply = await platform.request<Reply>("POST", "/api/enad/create-verify-link/", {
      body: JSON.stringify({ email: uniqueEmail() }),
      headers: { "content-type": "text/plain" },
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toMatchObject({
      ok: false,
      status: 415,
      data: { error: "UNSUPPORTED_MEDIA_TYPE", requestId: reply.headers.get("x-request-id") },
    });
  });

  it("accepts application/json with charset=utf-8 and +json types", async () => {
    for (const contentType of ["application/json; charset=utf-8", "application/vnd.kassa+json"]) {
      const reply = await platform.request<Reply>("POST", "/shopper/sessions/start", {
        body: JSON.stringify(start),
        headers: { "content-type": contentType },
      });
      expect(reply.status, contentType).toBe(200);
    }
  });

  it("needs no content type for a request without a body", async () => {
    const token = await newSession();
    const removed = await platform.request<Reply>("DELETE", "/shopper/sessions/items/nope", {
      token,
    });
    expect(removed.status).toBe(404);
    const response = await fetch(`${platform.url}/shopper/sessions/start`, { method: "POST" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as PlatformErrorBody).errors).toContainEqual(
      expect.stringMatching(/^storeGroupId: /),
    );
  });
});

/** One keep-alive connection (an agent with a single socket), as a storefront server keeps. */
function keepAliveClient(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  function send(
    path: string,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; connection?: string; reused: boolean }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${url}${path}`,
        { method: "POST", agent, headers: { "content-type": "application/json", ...headers } },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              text,
              connection: response.headers.connection,
              reused: request.reusedSocket,
            }),
          );
        },
      );
      request.on("socket", (socket) => sockets.add(socket));
      request.on("error", reject);
      request.end(body);
    });
  }
  return { send, sockets, close: () => agent.destroy() };
}

describe("413", () => {
  const oversized = JSON.stringify({ storeGroupId: "x".repeat(1_100_000) });
  const start = JSON.stringify({ storeGroupId: "default", countryCode: "SE", languageCode: "sv" });

  it("answers in the envelope under /api/", async () => {
    const client = keepAliveClient(platform.url);
    try {
      const reply = await client.send(
        "/api/enad/create-verify-link/",
        JSON.stringify({ email: "x".repeat(1_100_000) }),
      );
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.text)).toMatchObject({
        ok: false,
        status: 413,
        data: { error: "PAYLOAD_TOO_LARGE", statusCode: 413 },
      });
    } finally {
      client.close();
    }
  });

  it("leaves a keep-alive connection usable for the next request", async () => {
    const client = keepAliveClient(platform.url);
    try {
      const first = await client.send("/shopper/sessions/start", oversized);
      expect(first.status).toBe(413);
      expect(JSON.parse(first.text)).toMatchObject({ error: "PAYLOAD_TOO_LARGE" });
      const second = await client.send("/shopper/sessions/start", start);
      expect(second.status, second.text).toBe(200);
      expect(second.reused).toBe(true);
      expect(client.sockets.size).toBe(1);
    } finally {
      client.close();
    }
  });

  it("does the same for a chunked body, and for a 415 that was not read", async () => {
    const client = keepAliveClient(platform.url);
    try {
      // No Content-Length: the server finds out while reading.
      const chunked = await client.send("/shopper/sessions/start", oversized, {
        "transfer-encoding": "chunked",
      });
      expect(chunked.status).toBe(413);
      const notJson = await client.send("/shopper/sessions/start", start, {
        "content-type": "text/plain",
      });
      expect(notJson.status).toBe(415);
      const small = await client.send("/shopper/sessions/start", Buffer.from(start), {
        "transfer-encoding": "chunked",
      });
      expect(small.status, small.text).toBe(200);
      expect(client.sockets.size).toBe(1);
    } finally {
      client.close();
    }
  });

  it("closes with Connection: close when the body is too big to drain; a new connection works", async () => {
    const client = keepAliveClient(platform.url);
    try {
      // 20 MB declared, more than the server reads to keep a connection.
      const huge = await new Promise<{ status: number; connection?: string; text: string }>(
        (resolve, reject) => {
          const request = http.request(
            `${platform.url}/shopper/sessions/start`,
            {
              method: "POST",
              agent: false,
              headers: { "content-type": "application/json", "content-length": "20000000" },
            },
            (response) => {
              let text = "";
              response.on("data", (chunk: Buffer) => {
                text += chunk.toString("utf8");
              });
              response.on("end", () =>
                resolve({
                  status: response.statusCode ?? 0,
                  connection: response.headers.connection,
                  text,
                }),
              );
            },
          );
          // The server stops listening once it has answered; the answer is what counts.
          request.on("error", (error) =>
            /EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error),
          );
          request.write("x".repeat(64 * 1024));
        },
      );
      expect(huge.status).toBe(413);
      expect(huge.connection).toBe("close");
      expect(JSON.parse(huge.text)).toMatchObject({ error: "PAYLOAD_TOO_LARGE" });
      expect((await client.send("/shopper/sessions/start", start)).status).toBe(200);
    } finally {
      client.close();
    }
  });
});

describe("the log of a failed query", () => {
  it("names the request and the failure, and no email, phone, password or hash", async () => {
    // A trigger makes the signup's insert fail inside PostgreSQL, with the user's values as params.
    await platform.db.execute(sql`
      create function refuse_log_test_user() returns trigger language plpgsql as $$
      begin
        if new.email like '%@log-test.example' then raise exception 'refused for a test'; end if;
        return new;
      end $$`);
    await platform.db.execute(sql`
      create trigger refuse_log_test_user before insert on users
      for each row execute function refuse_log_test_user()`);
    const log = captureLogs();
    try {
      const payload = signupPayload({
        email: "anna.lindqvist@log-test.example",
        phone_number: "+46709876543",
        password: "Vinterkrage2031",
      });
      const reply = await platform.request<PlatformErrorBody>("POST", "/enad/signup/?ref=mail", {
        body: payload,
      });
      expect(reply.status).toBe(500);
      // The error's line (the access line has the query, its secrets redacted: logging.test.ts).
      const [failure, ...more] = log.lines().filter((line) => line.level === "error");
      expect(more).toEqual([]);
      expect(failure?.msg).toBe("POST /enad/signup/ failed");
      expect(failure?.requestId).toBe(reply.body.requestId);
      const described = String((failure?.err as { message?: unknown } | undefined)?.message);
      expect(described).toContain("DrizzleQueryError");
      expect(described).toContain('insert into "users"');
      expect(described).toContain("[P0001]");
      const written = JSON.stringify(failure);
      for (const secret of [
        payload.email,
        "anna.lindqvist",
        payload.phone_number,
        "709876543",
        payload.password,
        "scrypt$",
        "params",
        "ref=mail",
      ]) {
        expect(written, secret).not.toContain(secret);
      }
    } finally {
      log.stop();
      await platform.db.execute(sql`drop trigger refuse_log_test_user on users`);
      await platform.db.execute(sql`drop function refuse_log_test_user()`);
    }
  });
});
