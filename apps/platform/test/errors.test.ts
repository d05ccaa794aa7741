import http from "node:http";
import type { PlatformErrorBody } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVELOPMENT_SESSION_SECRET } from "../src/config.js";
import type { Database } from "../src/db/open-database.js";
import { serve } from "../src/server.js";
import { captureLogs } from "./support/log-capture.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

const ERROR_KEYS = ["error", "errors", "message", "requestId", "statusCode"];

describe("error bodies", () => {
  it("answers 400 BAD_REQUEST for a body that is not JSON", async () => {
    const { status, body, headers } = await platform.request<PlatformErrorBody>(
      "POST",
      "/shopper/sessions/start",
      { body: "{ not json" },
    );
    expect(status).toBe(400);
    expect(keysOf(body)).toEqual(ERROR_KEYS);
    expect(body).toEqual({
      error: "BAD_REQUEST",
      message: "The request body is not valid JSON",
      statusCode: 400,
      requestId: headers.get("x-request-id"),
      errors: [],
    });
  });

  it("answers 400 with one `path: message` per problem for a body that fails its schema", async () => {
    const { status, body } = await platform.request<PlatformErrorBody>(
      "POST",
      "/enad/get-products-by-tag/",
      { body: { storeGroupSlug: 5, market: "SE", page: "one" } },
    );
    expect(status).toBe(400);
    expect(body.error).toBe("BAD_REQUEST");
    expect(body.errors).toEqual([
      expect.stringMatching(/^storeGroupSlug: /),
      expect.stringMatching(/^page: /),
      expect.stringMatching(/^tag: /),
    ]);
  });

  it("answers 404 NOT_FOUND for an unknown route, also under an authenticated prefix", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["POST", "/shopper/sessions/nope"],
      ["GET", "/enad/get-categories"],
    ] as const) {
      const { status, body, headers } = await platform.request<PlatformErrorBody>(method, path);
      expect(status, path).toBe(404);
      expect(body.error).toBe("NOT_FOUND");
      expect(body.requestId).toBe(headers.get("x-request-id"));
    }
  });

  it("accepts the product wrapper paths with and without the trailing slash", async () => {
    const body = { storeGroupSlug: "default", market: "SE", language: "sv" };
    expect((await platform.request("POST", "/enad/get-categories/", { body })).status).toBe(200);
    expect((await platform.request("POST", "/enad/get-categories", { body })).status).toBe(200);
  });

  it("answers 413 for a body over 1 MB", async () => {
    // On its own connection; that a keep-alive connection survives a 413 is bad-input.test.ts's.
    const { status, body } = await postWithoutKeepAlive(
      `${platform.url}/shopper/sessions/start`,
      JSON.stringify({ storeGroupId: "x".repeat(1_100_000) }),
    );
    expect(status).toBe(413);
    expect((JSON.parse(body) as PlatformErrorBody).error).toBe("PAYLOAD_TOO_LARGE");
  });
});

function postWithoutKeepAlive(url: string, payload: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent: false, headers: { "content-type": "application/json" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    // The server may close while the body is still being sent; the answer has arrived by then.
    request.on("error", (error) =>
      /EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error),
    );
    request.end(payload);
  });
}

describe("request ids", () => {
  it("gives every response an x-request-id, keeping a plain one the caller sent", async () => {
    const health = await platform.request("GET", "/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
    expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const kept = await platform.request<PlatformErrorBody>("GET", "/nope", {
      headers: { "x-request-id": "storefront-123" },
    });
    expect(kept.headers.get("x-request-id")).toBe("storefront-123");
    expect(kept.body.requestId).toBe("storefront-123");

    const replaced = await platform.request<PlatformErrorBody>("GET", "/nope", {
      headers: { "x-request-id": "<script>" },
    });
    expect(replaced.body.requestId).not.toBe("<script>");
    expect(replaced.body.requestId).toBe(replaced.headers.get("x-request-id"));
  });
});

describe("unexpected failures", () => {
  it("answer 500 INTERNAL_SERVER_ERROR without a stack trace or the error's text", async () => {
    // A database whose every use throws: the handler fails in a way no route anticipates.
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error("secret connection string postgres://user:pw@db");
        },
      },
    ) as Database;
    const server = await serve({
      db: broken,
      config: { sessionSecret: DEVELOPMENT_SESSION_SECRET },
      port: 0,
      host: "127.0.0.1",
    });
    const log = captureLogs();
    try {
      const response = await fetch(`${server.url}/shopper/sessions/start`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ storeGroupId: "default", countryCode: "SE", languageCode: "sv" }),
      });
      const text = await response.text();
      expect(response.status).toBe(500);
      const body = JSON.parse(text) as PlatformErrorBody;
      expect(body).toEqual({
        error: "INTERNAL_SERVER_ERROR",
        message: "An unexpected error occurred",
        statusCode: 500,
        requestId: response.headers.get("x-request-id"),
        errors: [],
      });
      expect(text).not.toMatch(/secret|postgres|stack|at .*\.ts/);
      // …but the server log has it, with the request id.
      const failure = log.lines().find((line) => line.level === "error");
      expect(failure?.msg).toBe("POST /shopper/sessions/start failed");
      expect(failure?.requestId).toBe(body.requestId);
    } finally {
      log.stop();
      await server.close();
    }
  });
});
