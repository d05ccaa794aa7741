import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ServerSentEventParser, subscribeToCacheTags } from "./cache-tags.js";

describe("ServerSentEventParser", () => {
  it("reads events split anywhere across chunks, with any line ends, skipping comments", () => {
    const parser = new ServerSentEventParser();
    expect(parser.push("event: rea")).toEqual([]);
    expect(parser.push('dy\ndata: {"heartbeatSeconds":15}\n')).toEqual([]);
    expect(parser.push("\n: heartbeat\n\nevent: tags\r")).toEqual([
      { event: "ready", data: '{"heartbeatSeconds":15}' },
    ]);
    expect(parser.push('\ndata: {"tags":\r\ndata:["a"]}\r\n\r\n')).toEqual([
      { event: "tags", data: '{"tags":\n["a"]}' },
    ]);
    expect(parser.push("data: plain\rid: 7\r\r")).toEqual([
      { event: "message", data: "plain", id: "7" },
    ]);
  });

  it("dispatches no event without data", () => {
    const parser = new ServerSentEventParser();
    expect(parser.push("event: tags\n\n: only a comment\n\n")).toEqual([]);
  });
});

/** A stream server whose connections the test writes to and cuts. */
async function streamServer({ status = 200 } = {}) {
  const connections: ServerResponse[] = [];
  const waiting: ((response: ServerResponse) => void)[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    if (req.url !== "/cache-tags/stream") {
      res.writeHead(404).end();
      return;
    }
    if (status !== 200) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.flushHeaders();
    connections.push(res);
    waiting.shift()?.(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    /** The next connection (or the latest one, when it is already open and unclaimed). */
    nextConnection(): Promise<ServerResponse> {
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of connections) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("subscribeToCacheTags", () => {
  it("hands over tags after ready, resets on ready and on reset, and reconnects when cut", async () => {
    const server = await streamServer();
    cleanups.push(server.close);
    const heard: string[] = [];
    const first = server.nextConnection();
    const subscription = subscribeToCacheTags({
      baseUrl: server.baseUrl,
      onTags: (tags) => heard.push(`tags:${tags.join(",")}`),
      onReset: (reason) => heard.push(`reset:${reason}`),
      onDisconnect: () => heard.push("down"),
      backoff: { initialDelayMs: 10, maxDelayMs: 20 },
    });
    cleanups.push(() => subscription.close());

    const connection = await first;
    connection.write('event: ready\ndata: {"heartbeatSeconds":15}\n\n');
    await until(() => subscription.connected);
    connection.write(': heartbeat\n\nevent: tags\ndata: {"tags":["price-p1","stock-p1"]}\n\n');
    connection.write("event: reset\ndata: {}\n\n");
    await until(() => heard.length === 3);
    expect(heard).toEqual(["reset:connected", "tags:price-p1,stock-p1", "reset:reset"]);

    // Cut: the subscription notices, and comes back with a reset of its own.
    const second = server.nextConnection();
    connection.destroy();
    await until(() => heard.includes("down"));
    expect(subscription.connected).toBe(false);
    (await second).write("event: ready\ndata: {}\n\n");
    await until(() => heard.length === 5);
    expect(heard.slice(3)).toEqual(["down", "reset:connected"]);
  });

  it("counts a silent stream as lost", async () => {
    const server = await streamServer();
    cleanups.push(server.close);
    let downs = 0;
    const first = server.nextConnection();
    const subscription = subscribeToCacheTags({
      baseUrl: server.baseUrl,
      onTags: () => {},
      onReset: () => {},
      onDisconnect: () => downs++,
      idleTimeoutMs: 100,
      backoff: { initialDelayMs: 10 },
    });
    cleanups.push(() => subscription.close());
    (await first).write("event: ready\ndata: {}\n\n");
    await until(() => subscription.connected);
    // Nothing more is written: after 100 ms the subscription gives up on it and reconnects.
    await until(() => downs === 1 && server.requests === 2);
  });

  it("backs off, doubling, while the platform refuses the stream", async () => {
    const server = await streamServer({ status: 503 });
    cleanups.push(server.close);
    const downs: number[] = [];
    const started = Date.now();
    const subscription = subscribeToCacheTags({
      baseUrl: server.baseUrl,
      onTags: () => {},
      onReset: () => {},
      onDisconnect: () => downs.push(Date.now() - started),
      backoff: { initialDelayMs: 40, maxDelayMs: 1000 },
    });
    cleanups.push(() => subscription.close());
    await until(() => downs.length === 4);
    // Waits of about 40, 80 and 160 ms between the four attempts (each up to a fifth longer).
    const gaps = downs.slice(1).map((at, index) => at - (downs[index] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(38);
    expect(gaps[1]).toBeGreaterThanOrEqual(78);
    expect(gaps[2]).toBeGreaterThanOrEqual(158);
    subscription.close();
    const after = server.requests;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.requests).toBe(after);
  });
});
