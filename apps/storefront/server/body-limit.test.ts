import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type BodyLimits, bufferedBodyOf, readBodyFirst, storefrontBodyLimits } from "./body-limit";
import { openConnection, pause } from "./raw-connection.testing";
import { createStorefrontServer } from "./timeouts";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

const limits: BodyLimits = {
  formBytes: 64 * 1024,
  uploads: [{ path: /^\/my-account\/company(?:\/|\.data)?$/i, bytes: 1024 * 1024 }],
  timeoutMs: 5_000,
};

/**
 * The body reader in front of a handler that reports what it got, on the storefront's own
 * server: `read` counts every byte taken off the connection, `handled` the requests that reached
 * the handler (the render line and Remix, in the real server).
 */
async function server(bodyLimits: BodyLimits = limits) {
  const seen = { read: 0, handled: 0 };
  const app = express();
  app.use((req, _res, next) => {
    req.on("data", (chunk: Buffer) => {
      seen.read += chunk.length;
    });
    next();
  });
  app.use(readBodyFirst(bodyLimits));
  app.all("*", (req, res) => {
    seen.handled++;
    res.json({ bytes: bufferedBodyOf(req)?.length ?? null });
  });
  const listening = createStorefrontServer(app, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 60_000,
  });
  servers.push(listening);
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, seen };
}

const head = (path: string, headers: string[]) =>
  `POST ${path} HTTP/1.1\r\nHost: shop.test\r\n${headers.map((line) => `${line}\r\n`).join("")}\r\n`;

/** A chunk of chunked transfer coding. */
const chunk = (data: Buffer) => `${data.length.toString(16)}\r\n${data.toString("latin1")}\r\n`;

describe("a post's body", () => {
  it("is read whole before the handler runs, which gets it as it came", async () => {
    const { url } = await server();
    const form = new URLSearchParams({ intent: "log-in", email: "ada@example.se" });
    const answer = await fetch(`${url}/login`, { method: "POST", body: form });
    expect(await answer.json()).toEqual({ bytes: form.toString().length });
    // GET is left alone.
    expect(await (await fetch(`${url}/login`)).json()).toEqual({ bytes: null });
  });

  it("declared at 200 MB is refused with 413 before any of it is sent", async () => {
    const { url, seen } = await server();
    const connection = await openConnection(url);
    connection.write(
      head("/login?lng=en", [
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${200 * 1024 * 1024}`,
      ]),
    );
    const answer = await connection.waitFor(/<\/html>/);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain("The form was larger than the shop accepts");
    await connection.whenClosed;
    expect(seen).toEqual({ read: 0, handled: 0 });
  });

  it("declared too large with Expect: 100-continue is refused without being asked for", async () => {
    const { url } = await server();
    const big = await openConnection(url);
    big.write(head("/login", [`Content-Length: ${70 * 1024}`, "Expect: 100-continue"]));
    const refused = await big.waitFor(/<\/html>/);
    expect(refused).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused).not.toContain("100 Continue");

    const small = await openConnection(url);
    small.write(head("/login", ["Content-Length: 5", "Expect: 100-continue"]));
    await small.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    small.write("a=bcd");
    expect(await small.waitFor(/\{"bytes":5\}/)).toMatch(/HTTP\/1\.1 200 /);
  });

  it("sent chunked is cut off as soon as it passes the limit, whatever it declared", async () => {
    const { url, seen } = await server();
    const connection = await openConnection(url);
    connection.write(head("/login", ["Transfer-Encoding: chunked"]));
    let sent = 0;
    // 4 MB in 16 KB chunks, or until the server closes the connection.
    while (sent < 4 * 1024 * 1024 && connection.write(chunk(Buffer.alloc(16 * 1024, "a")))) {
      sent += 16 * 1024;
      await pause(2);
    }
    await connection.whenClosed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
    // Reading stopped at the chunk that passed 64 KB.
    expect(seen.read).toBeGreaterThan(64 * 1024);
    expect(seen.read).toBeLessThanOrEqual(64 * 1024 + 64 * 1024);
    expect(seen.handled).toBe(0);
  });

  it("may be as large as the print-file upload allows on the company screen, and only there", async () => {
    const { url, seen } = await server();
    const body = Buffer.alloc(512 * 1024, "a");
    for (const path of [
      "/my-account/company",
      "/my-account/company/",
      "/my-account/company.data",
    ]) {
      const answer = await fetch(`${url}${path}?index`, { method: "POST", body });
      expect(answer.status, path).toBe(200);
      expect(await answer.json()).toEqual({ bytes: body.length });
    }
    for (const path of ["/login", "/my-account/company/users", "/my-account/companyx"]) {
      const answer = await fetch(`${url}${path}`, { method: "POST", body }).catch(() => null);
      expect(answer?.status ?? 413, path).toBe(413);
    }
    const tooLarge = await fetch(`${url}/my-account/company`, {
      method: "POST",
      body: Buffer.alloc(1024 * 1024 + 1),
    }).catch(() => null);
    expect(tooLarge?.status ?? 413).toBe(413);
    // (fetch may see the connection closed before it read the 413; none reached the handler.)
    expect(seen.handled).toBe(3);
  });

  it("that does not keep up is refused with 408 when its time is up", async () => {
    const { url, seen } = await server({ ...limits, timeoutMs: 400 });
    const connection = await openConnection(url);
    connection.write(head("/login", ["Transfer-Encoding: chunked"]));
    const started = Date.now();
    // A byte every 100 ms: far below 4 KiB a second.
    while (connection.write(chunk(Buffer.from("a"))) && Date.now() - started < 5_000) {
      await pause(100);
    }
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(seen.handled).toBe(0);
  });

  it("gets more time the more it carries", async () => {
    const { url } = await server({ ...limits, timeoutMs: 300 });
    const connection = await openConnection(url);
    connection.write(head("/login", ["Transfer-Encoding: chunked"]));
    // 8 KiB every 500 ms (16 KiB a second): on time although it takes 2 s in all.
    for (let sent = 0; sent < 4; sent++) {
      expect(connection.write(chunk(Buffer.alloc(8 * 1024, "a")))).toBe(true);
      await pause(500);
    }
    connection.write("0\r\n\r\n");
    expect(await connection.waitFor(/\{"bytes":\d+\}/)).toContain(`{"bytes":${32 * 1024}}`);
  });
});

describe("the storefront's limits", () => {
  it("give the company screen ten print files at the configured size and 1 MB besides", () => {
    const limits = storefrontBodyLimits({
      formBytes: 65_536,
      printFileMaxMb: 5,
      timeoutMs: 10_000,
    });
    expect(limits.formBytes).toBe(65_536);
    expect(limits.uploads).toHaveLength(1);
    expect(limits.uploads[0]?.bytes).toBe(10 * 5 * 1024 * 1024 + 1024 * 1024);
  });
});
