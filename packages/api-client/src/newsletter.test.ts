import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpError, UnexpectedError } from "./errors.js";
import { createNewsletterClient } from "./newsletter.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await server.close();
});

function client(headers?: Record<string, string>) {
  return createNewsletterClient({ baseUrl: server.baseUrl, headers, sleep: async () => {} });
}

const lastSent = () => server.requests.at(-1)!;
const SUBSCRIBE = "/marketing/newsletter/subscribe";
const signUp = { email: "anna@example.se", listId: "newsletter", lang: "sv" } as const;

function refusal(status: number, error: string, message = error, errors: string[] = []) {
  return { status, json: { error, message, statusCode: status, requestId: "r1", errors } };
}

describe("createNewsletterClient: subscribe", () => {
  it("POSTs the sign-up as JSON, with an idempotency key and no Authorization", async () => {
    server.on("POST", SUBSCRIBE, { json: { success: true, message: "confirmation_sent" } });
    const payload = { ...signUp, countryCode: "SE" as const, source: "storefront-footer" };

    await expect(client().subscribe(payload)).resolves.toEqual({
      success: true,
      message: "confirmation_sent",
    });
    expect(lastSent().method).toBe("POST");
    expect(JSON.parse(lastSent().body)).toEqual(payload);
    expect(lastSent().headers["content-type"]).toBe("application/json");
    expect(lastSent().headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastSent().headers.authorization).toBeUndefined();
  });

  it("answers already_subscribed as a success", async () => {
    server.on("POST", SUBSCRIBE, { json: { success: true, message: "already_subscribed" } });
    await expect(client().subscribe(signUp)).resolves.toEqual({
      success: true,
      message: "already_subscribed",
    });
  });

  it("turns a 4xx into a value with the platform's text: an unknown list, a bad email, too many", async () => {
    server.on(
      "POST",
      SUBSCRIBE,
      refusal(404, "list not found"),
      refusal(400, "BAD_REQUEST", "The request body is invalid", [
        "email: must be a valid email address",
      ]),
      {
        ...refusal(429, "TOO_MANY_REQUESTS", "Too many newsletter sign-ups; try again later"),
        headers: { "retry-after": "60" },
      },
    );
    const newsletter = client();
    await expect(newsletter.subscribe({ ...signUp, listId: "nope" })).resolves.toEqual({
      success: false,
      message: "list not found",
      status: 404,
      errors: [],
    });
    await expect(newsletter.subscribe({ ...signUp, email: "x" })).resolves.toEqual({
      success: false,
      message: "The request body is invalid",
      status: 400,
      errors: ["email: must be a valid email address"],
    });
    await expect(newsletter.subscribe(signUp)).resolves.toMatchObject({
      success: false,
      status: 429,
      message: "Too many newsletter sign-ups; try again later",
    });
    // A refusal is the platform's word: none of them was retried.
    expect(server.requests).toHaveLength(3);
  });

  it("throws a 5xx (C§8 'Something went wrong') and a platform it cannot reach", async () => {
    server.on(
      "POST",
      SUBSCRIBE,
      refusal(500, "INTERNAL_SERVER_ERROR", "An unexpected error occurred"),
    );
    await expect(client().subscribe(signUp)).rejects.toBeInstanceOf(HttpError);

    server.on("POST", SUBSCRIBE, "destroy");
    await expect(client().subscribe(signUp)).rejects.toBeInstanceOf(UnexpectedError);
  });

  it("retries an unexpected failure with the same idempotency key", async () => {
    server.on(
      "POST",
      SUBSCRIBE,
      { status: 502, text: "bad gateway" },
      { json: { success: true, message: "confirmation_sent" } },
    );
    await expect(client().subscribe(signUp)).resolves.toMatchObject({ success: true });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(second?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
  });

  it("sends the headers it was given with every call (the shopper's address)", async () => {
    server.on("POST", SUBSCRIBE, { json: { success: true, message: "confirmation_sent" } });
    await client({ "x-forwarded-for": "203.0.113.9" }).subscribe(signUp);
    expect(lastSent().headers["x-forwarded-for"]).toBe("203.0.113.9");
  });
});

describe("createNewsletterClient: the mail's links", () => {
  it("confirms with the token", async () => {
    server.on(
      "POST",
      "/marketing/newsletter/confirm",
      { json: { success: true, message: "confirmed" } },
      { json: { success: true, message: "already_confirmed" } },
    );
    const newsletter = client();
    await expect(newsletter.confirm("tok-1")).resolves.toEqual({
      success: true,
      message: "confirmed",
    });
    expect(JSON.parse(lastSent().body)).toEqual({ token: "tok-1" });
    await expect(newsletter.confirm("tok-1")).resolves.toEqual({
      success: true,
      message: "already_confirmed",
    });
  });

  it("answers an unknown or expired link as a value", async () => {
    server.on("POST", "/marketing/newsletter/confirm", refusal(404, "invalid token"));
    await expect(client().confirm("old")).resolves.toEqual({
      success: false,
      message: "invalid token",
      status: 404,
      errors: [],
    });
  });

  it("unsubscribes with the token", async () => {
    server.on(
      "POST",
      "/marketing/newsletter/unsubscribe",
      { json: { success: true, message: "unsubscribed" } },
      refusal(404, "invalid token"),
    );
    const newsletter = client();
    await expect(newsletter.unsubscribe("tok-2")).resolves.toEqual({
      success: true,
      message: "unsubscribed",
    });
    expect(JSON.parse(lastSent().body)).toEqual({ token: "tok-2" });
    await expect(newsletter.unsubscribe("nope")).resolves.toMatchObject({
      success: false,
      message: "invalid token",
    });
  });
});
