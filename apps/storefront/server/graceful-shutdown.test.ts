import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulShutdown } from "./graceful-shutdown";
import { openConnection } from "./raw-connection.testing";

/**
 * The drain on SIGTERM (ADR 0042), on a plain server whose `/slow` answers only when the test
 * says: what is in flight is answered in full on a connection that then closes, idle keep-alive
 * connections close at once, no new connection is taken, and the deadline cuts what is left.
 */
let server: Server | undefined;
afterEach(async () => {
  if (server?.listening) {
    server.closeAllConnections();
    await new Promise((done) => server?.close(done));
  }
  server = undefined;
});

/** A server with its drain; `/slow` waits for `release()`, anything else answers at once. */
async function start() {
  const waiting: ServerResponse[] = [];
  let arrived: () => void = () => {};
  const slowArrived = new Promise<void>((done) => {
    arrived = done;
  });
  const listening = createServer((req, res) => {
    if (req.url === "/slow") {
      waiting.push(res);
      arrived();
      return;
    }
    res.end("quick");
  });
  // No keep-alive timeout: a connection the drain left open would stay open, and the test hang.
  listening.keepAliveTimeout = 0;
  server = listening;
  const shutdown = gracefulShutdown(listening);
  await new Promise<void>((done) => listening.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  const release = () => {
    for (const res of waiting.splice(0)) res.end("the whole slow answer");
  };
  return { url, shutdown, slowArrived, release };
}

const request = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: storefront.test\r\nConnection: keep-alive\r\n\r\n`;

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe("gracefulShutdown", () => {
  it("answers the request in flight in full, closes idle connections at once and takes no new one", async () => {
    const { url, shutdown, slowArrived, release } = await start();
    const idle = await openConnection(url);
    idle.write(request("/quick"));
    await idle.waitFor(/quick$/);
    const busy = await openConnection(url);
    busy.write(request("/slow"));
    await slowArrived;

    expect(shutdown.stopping()).toBe(false);
    const drained = shutdown.drain(60_000);
    expect(shutdown.stopping()).toBe(true);
    // The idle keep-alive connection is closed without waiting for the slow request.
    await idle.whenClosed;
    expect(busy.closed()).toBe(false);
    expect(await refused(url)).toBe(true);

    release();
    const answer = await busy.waitFor(/the whole slow answer$/);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    await busy.whenClosed;
    expect(await drained).toBe("drained");
    expect(server?.listening).toBe(false);
  });

  it("closes a streamed answer's connection once it is sent", async () => {
    const waiting: ServerResponse[] = [];
    let arrived: () => void = () => {};
    const started = new Promise<void>((done) => {
      arrived = done;
    });
    const listening = createServer((_req, res) => {
      // The headers and a first part go out before the drain starts.
      res.write("first part, ");
      waiting.push(res);
      arrived();
    });
    listening.keepAliveTimeout = 0;
    server = listening;
    const shutdown = gracefulShutdown(listening);
    await new Promise<void>((done) => listening.listen(0, "127.0.0.1", done));
    const connection = await openConnection(
      `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    );
    connection.write(request("/stream"));
    await started;
    await connection.waitFor(/first part/);
    const drained = shutdown.drain(60_000);
    waiting[0]?.end("last part");
    await connection.whenClosed;
    expect(connection.received()).toMatch(/last part\r\n0\r\n\r\n$/);
    expect(await drained).toBe("drained");
  });

  it("cuts what is still in flight at the deadline", async () => {
    const { url, shutdown, slowArrived } = await start();
    const busy = await openConnection(url);
    busy.write(request("/slow"));
    await slowArrived;
    expect(await shutdown.drain(300)).toBe("forced");
    await busy.whenClosed;
    expect(busy.received()).toBe("");
  });

  it("starts one drain however often it is asked", async () => {
    const { shutdown } = await start();
    const first = shutdown.drain(1000);
    expect(shutdown.drain(1000)).toBe(first);
    expect(await first).toBe("drained");
  });
});
