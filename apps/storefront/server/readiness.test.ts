import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startPlatform } from "@kassa/platform/testing";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withBuiltStorefront } from "./built-storefront.testing";
import type { OperationsOptions } from "./operations";
import { platformHealthUrl, platformProbe, readinessCheck } from "./readiness";
import type { LineLoad } from "./request-limit";

/**
 * `/readyz` (ADR 0042): 503 while the platform does not answer, while the process is stopping and
 * while it is saturated; the platform is asked at most once per short while, within a deadline.
 * And with a real platform that stops: `/readyz` fails while `/healthz` (liveness) stays ok.
 */
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** A platform stand-in on a free port; `answer` decides each request. */
async function standIn(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<string> {
  const server = createServer(answer);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("platformProbe", () => {
  it("asks once for all callers within its time, then again", async () => {
    let asked = 0;
    const url = await standIn((_req, res) => {
      asked++;
      res.end('{"ok":true}');
    });
    let clock = 0;
    const reachable = platformProbe(`${url}/health`, { keptMs: 1000, now: () => clock });
    expect(await Promise.all([reachable(), reachable(), reachable()])).toEqual([true, true, true]);
    expect(await reachable()).toBe(true);
    expect(asked).toBe(1);
    clock = 1000;
    expect(await reachable()).toBe(true);
    expect(asked).toBe(2);
  });

  it("takes a platform that does not answer within the deadline, or answers an error, as unreachable", async () => {
    const silent = await standIn(() => {});
    expect(await platformProbe(`${silent}/health`, { timeoutMs: 200 })()).toBe(false);
    const failing = await standIn((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    expect(await platformProbe(`${failing}/health`)()).toBe(false);
    expect(await platformProbe("http://127.0.0.1:1/health")()).toBe(false);
  });

  it("finds the health page under an API base URL, with or without a path", () => {
    expect(platformHealthUrl("http://platform:4000")).toBe("http://platform:4000/health");
    expect(platformHealthUrl("https://api.example/kassa/")).toBe(
      "https://api.example/kassa/health",
    );
    expect(platformHealthUrl("https://api.example/kassa")).toBe("https://api.example/kassa/health");
  });
});

describe("readinessCheck", () => {
  const idle: LineLoad = { atOnce: 16, rendering: 0, waiting: 0, longestWaitMs: 0 };

  async function readyz(options: Parameters<typeof readinessCheck>[0]) {
    const app = express();
    app.get("/readyz", readinessCheck(options));
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`,
    );
    return {
      status: response.status,
      cacheControl: response.headers.get("cache-control"),
      body: (await response.json()) as { status: string },
    };
  }

  it("is ready when nothing stands in the way", async () => {
    const answer = await readyz({
      stopping: () => false,
      load: () => idle,
      saturatedAfterMs: 1000,
      platformReachable: async () => true,
    });
    expect(answer).toEqual({ status: 200, cacheControl: "no-store", body: { status: "ready" } });
  });

  it("is not while stopping, saturated or without the platform, and says which", async () => {
    const base = {
      stopping: () => false,
      load: () => idle,
      saturatedAfterMs: 1000,
      platformReachable: async () => true,
    };
    const stopping = await readyz({ ...base, stopping: () => true });
    expect([stopping.status, stopping.body.status]).toEqual([503, "stopping"]);
    const saturated = await readyz({
      ...base,
      load: () => ({ atOnce: 16, rendering: 16, waiting: 40, longestWaitMs: 1500 }),
    });
    expect([saturated.status, saturated.body.status]).toEqual([503, "saturated"]);
    const noPlatform = await readyz({ ...base, platformReachable: async () => false });
    expect([noPlatform.status, noPlatform.body.status]).toEqual([503, "platform-unreachable"]);
    expect(noPlatform.cacheControl).toBe("no-store");
  });
});

describe("/readyz on the production build with a real platform", () => {
  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
  let platformStopped = false;
  let stopping = false;
  // Filled in once the platform runs, before the storefront is made (hooks run in order).
  const operations: OperationsOptions = { stopping: () => stopping };
  beforeAll(async () => {
    platform = await startPlatform();
    operations.platformHealthUrl = platformHealthUrl(platform.url);
  });
  const storefrontUrl = withBuiltStorefront({ operations });
  afterAll(async () => {
    if (!platformStopped) await platform?.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${storefrontUrl()}${path}`);
    return { status: response.status, body: await response.text() };
  };

  it("is not ready once the process is stopping", async () => {
    expect((await get("/readyz")).status).toBe(200);
    stopping = true;
    try {
      expect(await get("/readyz")).toEqual({ status: 503, body: '{"status":"stopping"}' });
      expect((await get("/healthz")).status).toBe(200);
    } finally {
      stopping = false;
    }
  });

  it("is ready while the platform answers, and fails, with /healthz still ok, once it stops", async () => {
    expect(await get("/readyz")).toEqual({ status: 200, body: '{"status":"ready"}' });
    await platform?.close();
    platformStopped = true;
    // The last answer stands for a second and a half at most; then the platform is asked again.
    let readyz = await get("/readyz");
    const until = Date.now() + 20_000;
    while (readyz.status === 200 && Date.now() < until) {
      await new Promise((done) => setTimeout(done, 100));
      readyz = await get("/readyz");
    }
    expect(readyz).toEqual({ status: 503, body: '{"status":"platform-unreachable"}' });
    // The process itself is alive: the liveness check does not ask the platform.
    expect(await get("/healthz")).toEqual({ status: 200, body: "ok" });
  });
});
