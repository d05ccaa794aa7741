import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { openConnection, pause } from "./raw-connection.testing";
import { createStorefrontServer } from "./timeouts";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

async function server(headersTimeoutMs: number, requestTimeoutMs: number) {
  const app = express();
  app.all("*", (req, res) => {
    req.resume();
    req.on("end", () => res.send("ok"));
  });
  const listening = createStorefrontServer(app, { headersTimeoutMs, requestTimeoutMs });
  servers.push(listening);
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

/** Sends `text` a byte every `ms` until it is all sent or the server closes the connection. */
async function trickle(
  connection: Awaited<ReturnType<typeof openConnection>>,
  text: string,
  ms: number,
) {
  let sent = 0;
  while (sent < text.length && connection.write(text.charAt(sent))) {
    sent++;
    await pause(ms);
  }
  return sent;
}

describe("the storefront's server", () => {
  it("drops a client that sends its headers a byte at a time once the header timeout is up", async () => {
    const url = await server(500, 2_000);
    const connection = await openConnection(url);
    const started = Date.now();
    connection.write("GET / HTTP/1.1\r\nHost: shop.test\r\n");
    // 62 bytes at 10 a second would take 6 s.
    const header = `X-Slow: ${"a".repeat(50)}\r\n\r\n`;
    const sent = await trickle(connection, header, 100);
    await connection.whenClosed;
    expect(sent).toBeLessThan(header.length);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("drops a request whose body is still coming when the request timeout is up", async () => {
    const url = await server(300, 1_000);
    const connection = await openConnection(url);
    connection.write("POST / HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 100\r\n\r\n");
    const sent = await trickle(connection, "a".repeat(100), 100);
    await connection.whenClosed;
    expect(sent).toBeLessThan(100);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("serves a client that keeps to the timeouts", async () => {
    const url = await server(500, 2_000);
    expect(await (await fetch(url)).text()).toBe("ok");
    expect(await (await fetch(url, { method: "POST", body: "a=b" })).text()).toBe("ok");
  });
});
