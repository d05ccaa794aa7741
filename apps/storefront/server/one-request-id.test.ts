import { existsSync } from "node:fs";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SEED_FIXTURES } from "@kassa/platform/testing";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetConfig } from "../app/modules/http/config.server";
import { runInRequestContext } from "../app/modules/http/request-context.server";
import { captureLogs } from "../app/test-support/logs";
import { pointApisAt, withPlatform } from "../app/test-support/platform";
import { createApp } from "./app";

/**
 * One shopper's request followed across both services by its id (ADR 0040): the storefront's
 * production build, behind a trusted proxy (this test), in front of a real platform, with a
 * recording relay between the two that notes the `X-Request-Id` of every platform call.
 */
const buildFile = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const platform = withPlatform();

interface PlatformCall {
  method: string;
  path: string;
  requestId: string | undefined;
  /** What the platform answered as its own id. */
  answeredId: string | undefined;
}
let calls: PlatformCall[] = [];
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let storefront = "";
let build: ServerBuild;

beforeAll(async () => {
  if (!existsSync(buildFile))
    throw new Error(`${buildFile} is missing: build the storefront first`);
  const target = new URL(platform().url);
  const relay = createServer((req, res) => {
    const call: PlatformCall = {
      method: req.method ?? "",
      path: req.url ?? "",
      requestId: req.headers["x-request-id"] as string | undefined,
      answeredId: undefined,
    };
    calls.push(call);
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        call.answeredId = answer.headers["x-request-id"] as string | undefined;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  pointApisAt(await listen(relay));
  forgetConfig();
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  storefront = await listen(
    createServer(
      createApp({
        build,
        mode: "production",
        // This test is the proxy in front.
        trustedProxies: ["loopback"],
        allowedOrigins: [],
        // The render line as production has it: a request waits for a slot before Remix.
        requestsAtOnce: 2,
        logRequests: true,
      }),
    ),
  );
}, 60_000);

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** The platform calls made for one request (not the cache-tag stream, which is no one's). */
function callsFor(requestId: string | null) {
  return calls.filter((call) => call.requestId === requestId);
}

describe("one request id across the storefront and the platform", () => {
  it("is the proxy's id on the answer, on every platform call and on the storefront's log lines", async () => {
    const log = captureLogs();
    try {
      calls = [];
      const chosen = "edge-2f9c1a7e-one-id";
      const page = await fetch(`${storefront}/sv-se/produkt/${SEED_FIXTURES.simple.slug}`, {
        headers: { "X-Request-Id": chosen },
      });
      await page.text();
      expect(page.status).toBe(200);
      expect(page.headers.get("x-request-id")).toBe(chosen);

      // The page's loaders asked the platform for the product (and the layout's data): every
      // such call carried the id, and the platform kept it as its own.
      const made = calls.filter((call) => !call.path.startsWith("/cache-tags"));
      expect(made.length).toBeGreaterThan(0);
      for (const call of made) {
        expect(call, `${call.method} ${call.path}`).toMatchObject({
          requestId: chosen,
          answeredId: chosen,
        });
      }

      await expect.poll(() => log.lines.some((line) => line.path)).toBe(true);
      const access = log.lines.find((line) => line.path);
      expect(access).toMatchObject({
        requestId: chosen,
        route: "routes/$locale.$prefix.$slug",
        status: 200,
        method: "GET",
      });
    } finally {
      log.restore();
    }
  });

  it("is made at the storefront when the proxy sends none, and follows a form post to the platform", async () => {
    const log = captureLogs();
    try {
      calls = [];
      const answer = await fetch(`${storefront}/login.data`, {
        method: "POST",
        body: new URLSearchParams({
          intent: "log-in",
          email: "nobody@example.se",
          password: "not-the-password-1",
        }),
        headers: { "sec-fetch-site": "same-origin" },
        redirect: "manual",
      });
      await answer.arrayBuffer();
      const made = answer.headers.get("x-request-id");
      expect(made).toMatch(/^[0-9a-f-]{36}$/);
      // The body was read, and a render slot taken, before Remix ran the action: the login call
      // still carried the id.
      const login = callsFor(made).find((call) => call.method === "POST");
      expect(login, JSON.stringify(calls)).toBeDefined();
      await expect
        .poll(() => log.lines.find((line) => line.route === "routes/login")?.requestId)
        .toBe(made);
      expect(log.text()).not.toContain("not-the-password-1");
      expect(log.text()).not.toContain("nobody@example.se");
    } finally {
      log.restore();
    }
  });

  it("is on the error page, as its reference, and on its log line", async () => {
    const log = captureLogs();
    try {
      const chosen = "edge-error-page-1";
      // An order id no one has: the platform answers 404 for the page, which names its request.
      const page = await fetch(`${storefront}/sv-se/produkt/finns-inte-alls`, {
        headers: { "X-Request-Id": chosen },
      });
      const html = await page.text();
      expect(page.status).toBe(404);
      expect(html).toContain(`Referens: ${chosen}`);
      expect(html).toContain(`<meta name="kassa-request-id" content="${chosen}"/>`);
      await expect
        .poll(() => log.lines.find((line) => line.path)?.requestId, { timeout: 10_000 })
        .toBe(chosen);
    } finally {
      log.restore();
    }
  });

  it("is on the line `handleError` writes for a failed loader, and an abandoned request writes none", async () => {
    const log = captureLogs();
    try {
      const handleError = build.entry.module.handleError;
      expect(handleError).toBeTypeOf("function");
      const failed = new Error("the loader broke for ada@example.se");
      runInRequestContext({ requestId: "req-handle-error" }, () =>
        handleError?.(failed, {
          request: new Request("http://storefront.test/sv-se/kassa?token=abc"),
          params: {},
          context: {},
        }),
      );
      const left = new AbortController();
      left.abort();
      runInRequestContext({ requestId: "req-left" }, () =>
        handleError?.(new Error("aborted"), {
          request: new Request("http://storefront.test/sv-se", { signal: left.signal }),
          params: {},
          context: {},
        }),
      );
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toMatchObject({
        level: 50,
        requestId: "req-handle-error",
        path: "/sv-se/kassa",
        err: { message: "the loader broke for [email]" },
      });
      expect(log.text()).not.toContain("token=abc");
    } finally {
      log.restore();
    }
  });
});
