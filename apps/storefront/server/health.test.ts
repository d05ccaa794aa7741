import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isSaturated, saturationCheck } from "./health";
import { requestLimit } from "./request-limit";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** The line and the health check as the storefront wires them, before pages that take `ms`. */
async function shop(atOnce: number, ms: number, saturatedAfterMs: number) {
  const app = express();
  const line = requestLimit(atOnce, (path) => /^\/healthz(\/|$)/.test(path));
  app.use(saturationCheck(line.load, saturatedAfterMs));
  app.use(line);
  app.get("/healthz", (_req, res) => {
    res.send("ok");
  });
  app.get("*", (_req, res) => {
    setTimeout(() => res.send("page"), ms);
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("the health check", () => {
  it("answers 503 with the numbers while every slot is busy and the line has waited too long", async () => {
    const url = await shop(2, 800, 200);
    const pages = Array.from({ length: 5 }, (_, n) =>
      fetch(`${url}/page-${n}`).then((r) => r.text()),
    );
    await pause(50);
    // Busy, but nobody has waited long yet.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await pause(250);
    const saturated = await fetch(`${url}/healthz`);
    expect(saturated.status).toBe(503);
    expect(saturated.headers.get("cache-control")).toBe("no-store");
    const numbers = await saturated.json();
    expect(numbers).toMatchObject({ status: "saturated", atOnce: 2, rendering: 2, waiting: 3 });
    expect(numbers.longestWaitMs).toBeGreaterThan(200);
    expect(await Promise.all(pages)).toEqual(Array(5).fill("page"));
    // Caught up: healthy again.
    const healthy = await fetch(`${url}/healthz`);
    expect(healthy.status).toBe(200);
    expect(await healthy.text()).toBe("ok");
  });

  it("never calls a process without a line saturated", () => {
    expect(isSaturated({ atOnce: 0, rendering: 500, waiting: 0, longestWaitMs: 0 }, 10)).toBe(
      false,
    );
    expect(isSaturated({ atOnce: 4, rendering: 4, waiting: 9, longestWaitMs: 11 }, 10)).toBe(true);
    expect(isSaturated({ atOnce: 4, rendering: 3, waiting: 0, longestWaitMs: 0 }, 10)).toBe(false);
  });
});
