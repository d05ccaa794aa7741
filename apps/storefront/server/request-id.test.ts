import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { currentRequestContext } from "../app/modules/http/request-context.server";
import { requestContext } from "./request-id";

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app trusting `trustedProxies` that answers with the id its handler saw in the context. */
async function echoingApp(trustedProxies: string[]): Promise<string> {
  const app = express();
  app.set("trust proxy", trustedProxies);
  app.use(requestContext());
  app.get("*", (_req, res) => {
    res.json({ seen: currentRequestContext()?.requestId ?? null });
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function idsOf(base: string, header?: string) {
  const response = await fetch(`${base}/`, {
    headers: header === undefined ? {} : { "X-Request-Id": header },
  });
  const { seen } = (await response.json()) as { seen: string | null };
  return { header: response.headers.get("x-request-id"), seen };
}

describe("the request id", () => {
  it("is made for every request, answered as X-Request-Id and current while it is handled", async () => {
    const base = await echoingApp([]);
    const first = await idsOf(base);
    const second = await idsOf(base);
    expect(first.header).toMatch(UUID);
    expect(first.seen).toBe(first.header);
    expect(second.header).not.toBe(first.header);
  });

  it("is a trusted proxy's own when it is short and plain", async () => {
    const base = await echoingApp(["loopback"]);
    expect(await idsOf(base, "edge-4f2c:01.a_b")).toEqual({
      header: "edge-4f2c:01.a_b",
      seen: "edge-4f2c:01.a_b",
    });
    for (const unfit of ["has space", "x".repeat(129), "new\u00e9line", "a/b"]) {
      const ids = await idsOf(base, unfit);
      expect(ids.header).toMatch(UUID);
      expect(ids.seen).toBe(ids.header);
    }
  });

  it("is never a client's own choice when the peer is not a trusted proxy", async () => {
    const base = await echoingApp(["10.0.0.0/8"]);
    const ids = await idsOf(base, "chosen-by-client");
    expect(ids.header).toMatch(UUID);
    expect(ids.seen).toBe(ids.header);
  });

  it("comes with a signal that aborts when the client leaves before the answer", async () => {
    let aborted: Promise<string> | undefined;
    let answered = false;
    const app = express();
    app.use(requestContext());
    app.get("/slow", (_req, res) => {
      const signal = currentRequestContext()?.signal;
      aborted = new Promise((resolve) =>
        signal?.addEventListener("abort", () => resolve(String(signal.reason))),
      );
      // Never answered: the client gives up first.
      res.on("close", () => {
        answered = res.writableFinished;
      });
    });
    let quickSignal: AbortSignal | undefined;
    let quickClosed: Promise<void> | undefined;
    app.get("/quick", (_req, res) => {
      quickSignal = currentRequestContext()?.signal;
      quickClosed = new Promise((resolve) => res.on("close", () => resolve()));
      res.send("ok");
    });
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const client = httpRequest({ port, host: "127.0.0.1", path: "/slow" });
    client.on("error", () => {});
    client.end();
    await expect.poll(() => aborted !== undefined, { timeout: 10_000 }).toBe(true);
    client.destroy();
    expect(await aborted).toMatch(/closed the connection/);
    expect(answered).toBe(false);

    // An answered request's signal stays quiet, also once its connection is gone.
    await (await fetch(`http://127.0.0.1:${port}/quick`)).text();
    await quickClosed;
    expect(quickSignal?.aborted).toBe(false);
  });
});
