import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestLimit } from "./request-limit";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/**
 * A server whose pages are held until `release()`, counting how many are in the making at once.
 * Held, not delayed: on a busy machine requests sent together can arrive further apart than any
 * delay, so a timed page would prove nothing (it made "six at once" read five under load).
 */
async function heldServer(atOnce: number) {
  const seen = { now: 0, most: 0, served: 0 };
  let released = false;
  const held: Array<() => void> = [];
  const limit = requestLimit(atOnce, (path) => path === "/healthz");
  const app = express();
  app.use(limit);
  app.get("/healthz", (_req, res) => {
    seen.most = Math.max(seen.most, seen.now + 1);
    res.send("ok");
  });
  app.get("*", (_req, res) => {
    seen.now++;
    seen.most = Math.max(seen.most, seen.now);
    const answer = () => {
      seen.now--;
      seen.served++;
      res.send("ok");
    };
    if (released) answer();
    else held.push(answer);
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  /** Answers every held page, and every page from now on at once. */
  const release = () => {
    released = true;
    for (const answer of held.splice(0)) answer();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    limit,
    release,
    connections,
  };
}

const settle = { timeout: 10_000, interval: 10 };

describe("requests in the making at once", () => {
  it("are never more than the limit, and every waiting one is served in turn", async () => {
    const { url, seen, limit, release } = await heldServer(2);
    const answers = Promise.all(
      Array.from({ length: 8 }, (_, n) => fetch(`${url}/page-${n}`).then((r) => r.text())),
    );
    // All eight have arrived: two in the making, six in line.
    await vi.waitUntil(() => limit.load().waiting === 6, settle);
    expect(limit.load().rendering).toBe(2);
    release();
    expect(await answers).toEqual(Array(8).fill("ok"));
    expect(seen.most).toBe(2);
    expect(seen.served).toBe(8);
  });

  it("lets the health check past the line", async () => {
    const { url, seen, release } = await heldServer(1);
    const busy = fetch(`${url}/page`);
    await vi.waitUntil(() => seen.now === 1, settle);
    // The page holds the only place until released; a health check in line would never answer.
    const health = await Promise.race([
      fetch(`${url}/healthz`).then((r) => r.text()),
      new Promise((resolve) => setTimeout(resolve, 5_000, "waited in line")),
    ]);
    expect(health).toBe("ok");
    expect(seen.most).toBe(2); // the page and the health check, side by side
    release();
    await busy;
  });

  it("takes every request at once with 0", async () => {
    const { url, seen, release } = await heldServer(0);
    const answers = Promise.all(
      Array.from({ length: 6 }, () => fetch(`${url}/`).then((r) => r.text())),
    );
    // With a limit, fewer than six would ever be in the making and this would time out.
    await vi.waitUntil(() => seen.now === 6, settle);
    release();
    await answers;
    expect(seen.most).toBe(6);
  });

  it("does not render for a visitor who left while waiting", async () => {
    const { url, seen, limit, release, connections } = await heldServer(1);
    const first = fetch(`${url}/first`);
    await vi.waitUntil(() => seen.now === 1, settle);
    // node:http rather than fetch: its destroy() closes the connection at once, where fetch's
    // abort leaves the socket to its pool's keep-alive timeout.
    const gone = request(`${url}/gone`);
    const left = new Promise((resolve) => gone.on("error", () => resolve("left")));
    gone.end();
    await vi.waitUntil(() => limit.load().waiting === 1, settle);
    gone.destroy();
    expect(await left).toBe("left");
    // The server has seen the visitor go before the place frees up.
    await vi.waitUntil(async () => (await connections()) === 1, settle);
    release();
    await first;
    await vi.waitUntil(() => limit.load().rendering === 0 && limit.load().waiting === 0, settle);
    expect(seen.served).toBe(1);
  });
});
