import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../app/modules/http/logger.server";
import { captureLogs, silentLogger } from "../app/test-support/logs";
import { createApp, type StorefrontServerOptions } from "./app";
import { storefrontBodyLimits } from "./body-limit";
import { openConnection, pause, type RawConnection } from "./raw-connection.testing";
import { createStorefrontServer } from "./timeouts";

/**
 * Issue 28's attacks on the storefront's own server, replayed against the real production build
 * (`pnpm build` first) on the server `serve.ts` starts, with a stand-in platform that answers
 * every call 400 (once `apiHeld` settles, to keep pages in the making).
 */
const buildFile = fileURLToPath(new URL("../build/server/index.js", import.meta.url));

let build: ServerBuild;
let api: Server;
/** While set, the stand-in platform answers no call until it settles. */
let apiHeld: Promise<void> | undefined;
let releaseApi = () => {};
const servers: Server[] = [];
const connections: RawConnection[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () =>
      done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

beforeAll(async () => {
  if (!existsSync(buildFile))
    throw new Error(`${buildFile} is missing: build the storefront first`);
  api = createServer((req: IncomingMessage, res) => {
    req.resume();
    const answer = () => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "no" }));
    };
    if (apiHeld) void apiHeld.then(answer);
    else answer();
  });
  const url = await listen(api);
  for (const name of ["KASSA_SHOPPER_API_URL", "KASSA_PRODUCT_API_URL", "KASSA_ACCOUNT_API_URL"]) {
    process.env[name] = url;
  }
  process.env.SESSION_SECRET = "storefront-test-secret-0123456789";
  process.env.KASSA_CACHE_TAGS = "false";
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
});

afterEach(() => {
  releaseApi();
  apiHeld = undefined;
  for (const connection of connections.splice(0)) connection.socket.destroy();
});

afterAll(async () => {
  for (const server of [...servers, api]) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** The storefront as `serve.ts` starts it: 16 render slots, the default limits and timeouts. */
async function storefront(options: Partial<StorefrontServerOptions> = {}): Promise<string> {
  const app = createApp({
    build,
    mode: "production",
    trustedProxies: [],
    allowedOrigins: [],
    requestsAtOnce: 16,
    logger: silentLogger(),
    ...options,
  });
  const server = createStorefrontServer(app, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
  });
  servers.push(server);
  return listen(server);
}

const loginPostHead = [
  "POST /login HTTP/1.1",
  "Host: shop.test",
  "Sec-Fetch-Site: same-origin",
  "Content-Type: application/x-www-form-urlencoded",
  "Transfer-Encoding: chunked",
  "",
  "",
].join("\r\n");

describe("one client that sends slowly", () => {
  it("cannot stall the shop: 40 login posts at a byte a tick hold no render slot", async () => {
    const base = await storefront({
      // Long enough that none of the slow posts is cut off during the test.
      bodyLimits: storefrontBodyLimits({ formBytes: 65_536, printFileMaxMb: 5, timeoutMs: 60_000 }),
    });
    for (let n = 0; n < 40; n++) {
      const connection = await openConnection(base);
      connection.write(loginPostHead);
      connections.push(connection);
    }
    let sending = true;
    const trickling = (async () => {
      // "intent=log-in&email=…" a byte every 200 ms on each of the 40, for at most 8 s.
      const body = "intent=log-in&email=ada%40example.se&password=tiotecken";
      for (let at = 0; sending && at < 40; at++) {
        for (const connection of connections) {
          connection.write(`1\r\n${body.charAt(at % body.length)}\r\n`);
        }
        await pause(200);
      }
      sending = false;
    })();
    await pause(500);

    const page = fetch(`${base}/login`);
    // Answered while every slow client was still sending its form (not after they stopped).
    const answeredFirst = await Promise.race([page.then(() => true), trickling.then(() => false)]);
    expect(answeredFirst).toBe(true);
    expect(connections.filter((connection) => connection.closed())).toEqual([]);
    expect(connections.every((connection) => connection.received() === "")).toBe(true);
    const answer = await page;
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("</html>");
    sending = false;
    await trickling;
  });
});

describe("a post declaring 200 MB", () => {
  it("is answered 413 with a small page in the shopper's language before its body is sent", async () => {
    const base = await storefront();
    const connection = await openConnection(base);
    connections.push(connection);
    connection.write(
      loginPostHead
        .replace("/login", "/login?lng=fi")
        .replace("Transfer-Encoding: chunked", `Content-Length: ${200 * 1024 * 1024}`),
    );
    // Nothing of the body is sent: an answer must come without it.
    const answer = await Promise.race([
      connection.waitFor(/<\/html>/),
      pause(5_000).then(() => "no answer within 5 s"),
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('<html lang="fi">');
    expect(answer).toContain("Lomake oli suurempi kuin kauppa ottaa vastaan");
    const requestId = answer.match(/^x-request-id: (\S+)\r$/im)?.[1];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer).toContain(`Viite: ${requestId}`);
    expect(answer).not.toMatch(/set-cookie/i);
    await connection.whenClosed;
  });
});

describe("/healthz", () => {
  it("answers 503 with the numbers while every render slot is busy and the line waits too long", async () => {
    const base = await storefront({ saturatedAfterMs: 300 });
    expect(await (await fetch(`${base}/healthz`)).text()).toBe("ok");
    // Every page waits on the platform until released: 16 in the making, 8 in line. Held rather
    // than delayed, so that a busy machine (the suite beside the browser tests) cannot let the
    // first pages finish before the check looks.
    apiHeld = new Promise((release) => {
      releaseApi = release;
    });
    const pages = Array.from({ length: 24 }, () =>
      fetch(`${base}/login`).then((response) => response.arrayBuffer()),
    );
    // Saturated once the line has waited longer than `saturatedAfterMs`.
    const saturated = await vi.waitUntil(
      async () => {
        const answer = await fetch(`${base}/healthz`);
        if (answer.status === 503) return answer;
        await answer.arrayBuffer();
        return false;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(saturated.status).toBe(503);
    expect(await saturated.json()).toMatchObject({
      status: "saturated",
      atOnce: 16,
      rendering: 16,
      waiting: 8,
    });
    releaseApi();
    await Promise.all(pages);
    const healthy = await fetch(`${base}/healthz`);
    expect(healthy.status).toBe(200);
  });
});

describe("the access log", () => {
  it("writes a reset link's request without its token, with its route and request id", async () => {
    const log = captureLogs();
    try {
      const base = await storefront({ logRequests: true, logger: logger() });
      const token = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
      // The link's answer moves the token into a cookie and leads to the page without it (ADR
      // 0050); the redirect is not followed, so each link is one line.
      const reset = await fetch(`${base}/reset-password/?token=${token}`, { redirect: "manual" });
      await reset.text();
      expect(reset.status).toBe(303);
      await (await fetch(`${base}/login/?token=${token}`, { redirect: "manual" })).text();
      await expect.poll(() => log.lines.filter((line) => line.route).length).toBe(2);
      const requests = log.lines.filter((line) => line.route);
      expect(requests[0]).toMatchObject({
        method: "GET",
        route: "routes/reset-password",
        path: "/reset-password/?token=[redacted]",
        status: reset.status,
        requestId: reset.headers.get("x-request-id"),
      });
      expect(requests[1]).toMatchObject({
        route: "routes/login",
        path: "/login/?token=[redacted]",
      });
      expect(log.text()).not.toContain(token);
    } finally {
      log.restore();
    }
  });
});
