import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accessLog } from "../src/http/access-log.js";
import type { AppEnv } from "../src/http/app-env.js";
import { REQUEST_ID_HEADER, requestId } from "../src/http/request-id.js";
import { logger } from "../src/logging/logger.js";
import { captureLogs, type LogCapture } from "./support/log-capture.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/**
 * The platform's log (ADR 0039): one access line per request with what the person on call looks
 * for, the request id on every line of a request, and no secret or email address in any line.
 */

let platform: TestPlatform;
let log: LogCapture;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});
afterEach(() => log?.stop());

describe("the access log", () => {
  it("writes one line per request: method, route pattern, status, duration and request id", async () => {
    log = captureLogs();
    const answer = await platform.request("GET", "/media/company-files/not-a-file/x.png");
    const id = answer.headers.get(REQUEST_ID_HEADER);
    const lines = log.lines().filter((line) => line.msg === "request");
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      status: answer.status,
      requestId: id,
      url: "/media/company-files/not-a-file/x.png",
      service: "platform",
    });
    // The pattern the route was registered with, not the URL: one label for every file.
    expect(line?.route).not.toContain("not-a-file");
    expect(line?.route).toMatch(/^\/media\/company-files\/:/);
    expect(typeof line?.durationMs).toBe("number");
    expect(line?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("names the route a request was for also when a check before it answered", async () => {
    log = captureLogs();
    // The JSON check answers 415 before the route runs.
    const answer = await platform.request("POST", "/enad/get-categories/", {
      body: "not json",
      headers: { "content-type": "text/plain" },
    });
    expect(answer.status).toBe(415);
    const [line] = log.lines().filter((entry) => entry.msg === "request");
    expect(line).toMatchObject({ route: "/enad/get-categories", status: 415 });
  });

  it("writes no password, token, cookie or email address a request carried", async () => {
    const password = "Hemligt-Lösen-4711";
    const email = "anna.lindqvist@logs.example";
    const queryToken = "query-token-5a1f0c";
    const bearer = "bearer-token-9d2e77";
    const cookie = "cookie-secret-3b8c21";
    log = captureLogs("trace");
    const answer = await platform.request("POST", `/enad/login/?token=${queryToken}&page=2`, {
      body: { email, password },
      headers: { authorization: `Bearer ${bearer}`, cookie: `session=${cookie}` },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    // A failed lookup that names the address, as a careless line would.
    const shopToken = "shop-token-77aa0c";
    logger.warn(
      {
        body: { email, password },
        headers: { authorization: bearer, "kassa-storefront-token": shopToken },
      },
      `no ${email}`,
    );

    const text = log.text();
    for (const secret of [
      password,
      email,
      "anna.lindqvist",
      queryToken,
      bearer,
      cookie,
      shopToken,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const [access] = log.lines().filter((line) => line.msg === "request");
    expect(access).toMatchObject({
      method: "POST",
      route: "/enad/login",
      status: answer.status,
      requestId: answer.headers.get(REQUEST_ID_HEADER),
      url: "/enad/login/?token=[redacted]&page=2",
    });
    const careless = log.lines().find((line) => line.level === "warn");
    expect(careless).toMatchObject({
      msg: "no [redacted]",
      body: { email: "[redacted]", password: "[redacted]" },
      headers: { authorization: "[redacted]", "kassa-storefront-token": "[redacted]" },
    });
  });
});

describe("the request id", () => {
  it("is on every line written while the request is handled, wherever it is written from", async () => {
    const app = new Hono<AppEnv>();
    app.use("*", requestId);
    app.use("*", accessLog);
    app.get("/work", async (c) => {
      // Code deep in a request logs without being handed the id.
      await new Promise((resolve) => setImmediate(resolve));
      logger.info("working");
      return c.text("done");
    });
    log = captureLogs();
    const [one, two] = await Promise.all([
      app.request("/work", { headers: { [REQUEST_ID_HEADER]: "req-from-storefront-1" } }),
      app.request("/work"),
    ]);
    const made = two.headers.get(REQUEST_ID_HEADER);
    expect(one.headers.get(REQUEST_ID_HEADER)).toBe("req-from-storefront-1");
    const working = log.lines().filter((line) => line.msg === "working");
    const requests = log.lines().filter((line) => line.msg === "request");
    for (const lines of [working, requests]) {
      expect(lines.map((line) => line.requestId).sort()).toEqual(
        ["req-from-storefront-1", made].sort(),
      );
    }
    // Outside a request, no id.
    logger.info("between requests");
    expect(log.lines().at(-1)?.requestId).toBeUndefined();
  });
});
