import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestLimit } from "./request-limit";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** A server whose pages take `ms`, counting how many are in the making at once. */
async function slowServer(atOnce: number, ms: number) {
  const seen = { now: 0, most: 0, served: 0 };
  const app = express();
  app.use(requestLimit(atOnce, (path) => path === "/healthz"));
  app.get("/healthz", (_req, res) => {
    seen.most = Math.max(seen.most, seen.now + 1);
    res.send("ok");
  });
  app.get("*", (_req, res) => {
    seen.now++;
    seen.most = Math.max(seen.most, seen.now);
    setTimeout(() => {
      seen.now--;
      seen.served++;
      res.send("ok");
    }, ms);
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe("requests in the making at once", () => {
  it("are never more than the limit, and every waiting one is served in turn", async () => {
    const { url, seen } = await slowServer(2, 50);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => fetch(`${url}/page-${n}`).then((r) => r.text())),
    );
    expect(answers).toEqual(Array(8).fill("ok"));
    expect(seen.most).toBe(2);
  });

  it("lets the health check past the line", async () => {
    const { url, seen } = await slowServer(1, 300);
    const busy = fetch(`${url}/page`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await fetch(`${url}/healthz`).then((r) => r.text());
    expect(Date.now() - started).toBeLessThan(200);
    expect(seen.most).toBe(2); // the page and the health check, side by side
    await busy;
  });

  it("takes every request at once with 0", async () => {
    const { url, seen } = await slowServer(0, 50);
    await Promise.all(Array.from({ length: 6 }, () => fetch(`${url}/`).then((r) => r.text())));
    expect(seen.most).toBe(6);
  });

  it("does not render for a visitor who left while waiting", async () => {
    const { url, seen } = await slowServer(1, 200);
    const first = fetch(`${url}/first`);
    const leaving = new AbortController();
    const gone = fetch(`${url}/gone`, { signal: leaving.signal }).catch(() => "left");
    await new Promise((resolve) => setTimeout(resolve, 30));
    leaving.abort();
    expect(await gone).toBe("left");
    await first;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.served).toBe(1);
  });
});
