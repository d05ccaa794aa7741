import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import {
  type CacheTagSubscription,
  type PlatformErrorBody,
  type ProductParentPrices,
  type ProductParentStocks,
  subscribeToCacheTags,
  type VariantPrice,
  type VariantStock,
} from "@kassa/api-client";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEVELOPMENT_SESSION_SECRET } from "../src/config.js";
import { type DatabaseHandle, openDatabase } from "../src/db/open-database.js";
import { productParents } from "../src/db/schema.js";
import { type CacheTagEvent, CacheTagHub } from "../src/modules/cache-tags/cache-tag-hub.js";
import { startCacheTagRelay } from "../src/modules/cache-tags/cache-tag-relay.js";
import {
  CACHE_TAG_CHANNEL,
  MAX_NOTICE_BYTES,
  noticePayloads,
  parseNotice,
  publishCacheTags,
} from "../src/modules/cache-tags/cache-tags.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
import { serve } from "../src/server.js";
import { cartWith } from "./support/checkout-flow.js";
import { managementToken } from "./support/oauth.js";
import { paidOrder } from "./support/order-flow.js";
import { createTestDatabase } from "./support/test-database.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["KlarnaCheckout"] } },
    // Short enough that a test sees a heartbeat soon, long enough that a subscriber on a loaded
    // machine (timers late by a second or more) does not count three missed heartbeats and drop
    // the stream, losing the notices sent while it reconnects.
    cacheTagHeartbeatMs: 2_000,
  });
  token = await managementToken(platform);
});

afterAll(async () => {
  await platform?.close();
});

/** The events this platform's hub hears from now on. */
function recordEvents() {
  const events: CacheTagEvent[] = [];
  const stop = platform.cacheTags.hub.subscribe((event) => events.push(event));
  return { events, stop };
}

const tagsOf = (events: readonly CacheTagEvent[]) =>
  events.flatMap((event) => (event.kind === "tags" ? event.tags : []));

async function until(check: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets notices that would arrive arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("notice payloads", () => {
  it("deduplicates, and splits a large batch into payloads under NOTIFY's 8000 bytes", () => {
    const tags = Array.from(
      { length: 600 },
      (_, index) => `stock-pp-${String(index).padStart(5, "0")}`,
    );
    const payloads = noticePayloads([...tags, ...tags], "origin-1");
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads)
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    expect(payloads.flatMap((payload) => parseNotice(payload)?.tags ?? [])).toEqual(tags);
    expect(parseNotice(payloads[0] as string)?.origin).toBe("origin-1");
  });

  it("ignores what is not a notice", () => {
    expect(parseNotice("hello")).toBeNull();
    expect(parseNotice('{"o":1,"t":[]}')).toBeNull();
  });
});

describe("publishCacheTags", () => {
  it("is heard when the transaction commits, not before, and never after a rollback", async () => {
    const { events, stop } = recordEvents();
    try {
      let heardBeforeCommit = -1;
      await platform.db.transaction(async (tx) => {
        await publishCacheTags(tx, ["price-committed"]);
        await settle();
        heardBeforeCommit = events.length;
      });
      expect(heardBeforeCommit).toBe(0);
      await until(() => tagsOf(events).includes("price-committed"));

      await platform.db
        .transaction(async (tx) => {
          await publishCacheTags(tx, ["price-rolled-back"]);
          throw new Error("roll back");
        })
        .catch(() => {});
      await settle();
      expect(tagsOf(events)).toEqual(["price-committed"]);
    } finally {
      stop();
    }
  });

  it("delivers a batch larger than one payload whole", async () => {
    const { events, stop } = recordEvents();
    try {
      const tags = Array.from({ length: 1000 }, (_, index) => `product-big-${index}`);
      await platform.db.transaction((tx) => publishCacheTags(tx, tags));
      await until(() => tagsOf(events).length === tags.length);
      expect(new Set(tagsOf(events))).toEqual(new Set(tags));
    } finally {
      stop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)("on a PostgreSQL server", () => {
  it("reaches a listener on another connection (another process's), on commit only", async () => {
    const database = await createTestDatabase();
    let other: DatabaseHandle | undefined;
    try {
      other = await openDatabase({ databaseUrl: database.databaseUrl });
      const relay = await startCacheTagRelay({ database: other, log: () => {} });
      const events: CacheTagEvent[] = [];
      relay.hub.subscribe((event) => events.push(event));
      await database.handle.db.transaction(async (tx) => {
        await publishCacheTags(tx, ["stock-a", "price-a"]);
        await settle();
        expect(events).toEqual([]);
      });
      await until(() => events.length === 1);
      expect(events).toEqual([{ kind: "tags", tags: ["stock-a", "price-a"] }]);
      await database.handle.db
        .transaction(async (tx) => {
          await publishCacheTags(tx, ["stock-b"]);
          throw new Error("roll back");
        })
        .catch(() => {});
      await settle();
      expect(events).toHaveLength(1);

      // The listening connection is killed: it comes back, and says notices may have been lost.
      await database.handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike ${`LISTEN%${CACHE_TAG_CHANNEL}%`}`,
      );
      await until(() => events.some((event) => event.kind === "reset"), 10_000);
      await database.handle.db.transaction((tx) => publishCacheTags(tx, ["stock-c"]));
      await until(() => tagsOf(events).includes("stock-c"));
      await relay.stop();
    } finally {
      await other?.close();
      await database.dispose();
    }
  });
});

describe.runIf(process.env.REDIS_URL)("with REDIS_URL", () => {
  it("publishes the notices this process made to Redis, once, after commit", async () => {
    const { Redis } = await import("ioredis");
    const { REDIS_CACHE_TAG_CHANNEL } = await import(
      "../src/modules/cache-tags/cache-tag-relay.js"
    );
    const subscriber = new Redis(process.env.REDIS_URL as string);
    const relay = await startCacheTagRelay({
      database: platform.database,
      redisUrl: process.env.REDIS_URL,
      log: () => {},
    });
    try {
      const messages: string[] = [];
      subscriber.on("message", (_channel: string, message: string) => messages.push(message));
      await subscriber.subscribe(REDIS_CACHE_TAG_CHANNEL);
      await platform.db.transaction((tx) => publishCacheTags(tx, ["price-over-redis"]));
      await until(() => messages.length > 0);
      await settle();
      expect(messages).toEqual([JSON.stringify({ tags: ["price-over-redis"] })]);
    } finally {
      await relay.stop();
      subscriber.disconnect();
    }
  });
});

describe("GET /cache-tags/stream", () => {
  it("answers Server-Sent Events: ready, then the tags heard, with heartbeats", async () => {
    const controller = new AbortController();
    const response = await fetch(`${platform.url}/cache-tags/stream`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    let text = "";
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil("event: ready\n");
    await platform.db.transaction((tx) => publishCacheTags(tx, ["price-streamed"]));
    await readUntil('event: tags\ndata: {"tags":["price-streamed"]}\n\n');
    await readUntil(": heartbeat\n\n");
    platform.cacheTags.hub.emit({ kind: "reset" });
    await readUntil("event: reset\n");
    const subscribers = platform.cacheTags.hub.subscribers;
    controller.abort();
    await until(() => platform.cacheTags.hub.subscribers === subscribers - 1);
  });
});

describe("GET /cache-tags/stream is internal and bounded (issue 28)", () => {
  const SECRET = "cache-tags-test-secret-0123456789abcdef";
  /** This machine's address on a network, when it has one: a caller that is not loopback. */
  const networkAddress = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === "IPv4")?.address;
  /** The hub's subscribers before each test: other streams of the file may be open. */
  let subscribersBefore = 0;
  beforeEach(() => {
    subscribersBefore = platform.cacheTags.hub.subscribers;
  });

  const open = (url: string, headers: Record<string, string> = {}) => {
    const controller = new AbortController();
    return fetch(`${url}/cache-tags/stream`, { headers, signal: controller.signal }).then(
      (response) => ({ response, close: () => controller.abort() }),
    );
  };

  /** Waits for the stream's `ready` event. */
  async function ready(response: Response) {
    const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    let text = "";
    while (!text.includes("event: ready\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += new TextDecoder().decode(value);
    }
  }

  it("refuses a caller forwarded by a proxy, and one from another address (403)", async () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const { response } = await open(platform.url, { [header]: "203.0.113.9" });
      expect(response.status, header).toBe(403);
      expect(await response.json()).toMatchObject({ error: "FORBIDDEN" });
    }
    if (!networkAddress) return;
    const server = await platform.serveAgain({ host: networkAddress });
    const { response } = await open(server.url);
    expect(response.status).toBe(403);
  });

  it("with KASSA_CACHE_TAGS_SECRET, needs it as a bearer token, from anywhere", async () => {
    const server = await platform.serveAgain({
      config: { cacheTagsSecret: SECRET },
      host: networkAddress ?? "127.0.0.1",
    });
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-secret" },
      { authorization: SECRET },
    ];
    for (const headers of refused) {
      const { response } = await open(server.url, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="cache-tags"');
    }
    const { response, close } = await open(server.url, { authorization: `Bearer ${SECRET}` });
    expect(response.status).toBe(200);
    await ready(response);
    close();
    // The api-client's subscription, as a storefront sends it.
    let connected = false;
    const subscription = subscribeToCacheTags({
      baseUrl: server.url,
      headers: { authorization: `Bearer ${SECRET}` },
      onTags: () => {},
      onReset: () => {
        connected = true;
      },
    });
    try {
      await until(() => connected);
    } finally {
      subscription.close();
    }
    await until(() => platform.cacheTags.hub.subscribers === subscribersBefore);
  });

  it("serves so many streams at once, then 503 with Retry-After; a closed one frees its place", async () => {
    const server = await platform.serveAgain({ cacheTagStream: { maxStreams: 2 } });
    const first = await open(server.url);
    const second = await open(server.url);
    await ready(first.response);
    await ready(second.response);
    const third = await open(server.url);
    expect(third.response.status).toBe(503);
    expect(third.response.headers.get("retry-after")).toBe("30");
    expect(await third.response.json()).toMatchObject({ error: "SERVICE_UNAVAILABLE" });
    first.close();
    await until(() => platform.cacheTags.hub.subscribers === subscribersBefore + 1);
    const again = await open(server.url);
    expect(again.response.status).toBe(200);
    again.close();
    second.close();
    await until(() => platform.cacheTags.hub.subscribers === subscribersBefore);
  });

  /**
   * A subscriber that reads the answer's head and then nothing: what the server writes piles up
   * in the sockets' buffers, then in the server, until the server lets it go. (It sees the
   * connection end only when it reads again.)
   */
  async function subscriberThatStopsReading(url: string) {
    const { port, hostname } = new URL(url);
    const socket = connect(Number(port), hostname);
    let closed = false;
    socket.on("close", () => {
      closed = true;
    });
    socket.on("error", () => {});
    socket.write(`GET /cache-tags/stream HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    await new Promise((resolve) => socket.once("data", resolve));
    socket.pause();
    return {
      /** Reads what is left: the connection the server dropped then ends. */
      async closedOnceRead() {
        socket.on("data", () => {});
        socket.resume();
        await until(() => closed);
      },
      destroy: () => socket.destroy(),
    };
  }

  /** Tags of about 6 KB in all, so a few thousand notices are tens of MB. */
  const bigNotice = (index: number) => ({
    kind: "tags" as const,
    tags: Array.from(
      { length: 100 },
      (_, tag) => `stock-slow-reader-${index}-${tag}-${"x".repeat(30)}`,
    ),
  });

  /** Announces big notices until `done()`, at most `maxBytes` of them; answers the bytes sent. */
  async function flood(done: () => boolean, maxBytes: number): Promise<number> {
    let bytes = 0;
    for (let index = 0; bytes < maxBytes && !done(); index++) {
      const notice = bigNotice(index);
      platform.cacheTags.hub.emit(notice);
      bytes += JSON.stringify(notice.tags).length;
      if (index % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return bytes;
  }

  it("disconnects a subscriber that stops reading once what waits for it passes the bound", async () => {
    const server = await platform.serveAgain({
      cacheTagStream: { maxBacklogBytes: 256 * 1024, stallMs: 600_000 },
    });
    const slow = await subscriberThatStopsReading(server.url);
    try {
      await until(() => platform.cacheTags.hub.subscribers === subscribersBefore + 1);
      const dropped = () => platform.cacheTags.hub.subscribers === subscribersBefore;
      const sent = await flood(dropped, 200 * 1024 * 1024);
      // Let go after the sockets' buffers and the bound, long before the flood's end.
      expect(dropped()).toBe(true);
      expect(sent).toBeLessThan(100 * 1024 * 1024);
      await slow.closedOnceRead();
    } finally {
      slow.destroy();
    }
  });

  it("disconnects a subscriber whose writes have waited past the stall bound", async () => {
    const server = await platform.serveAgain({
      cacheTagHeartbeatMs: 100,
      cacheTagStream: { maxBacklogBytes: 1024 * 1024 * 1024, stallMs: 500 },
    });
    const slow = await subscriberThatStopsReading(server.url);
    try {
      await until(() => platform.cacheTags.hub.subscribers === subscribersBefore + 1);
      const dropped = () => platform.cacheTags.hub.subscribers === subscribersBefore;
      // Enough to fill the sockets' buffers, so that a write waits; then only heartbeats.
      await flood(dropped, 40 * 1024 * 1024);
      await until(dropped, 10_000);
      await slow.closedOnceRead();
    } finally {
      slow.destroy();
    }
  });
});

describe("GET /cache-tags/stream when the process shuts down (ADR 0039)", () => {
  it("ends the open streams, refuses new ones, and so holds no shutdown to its deadline", async () => {
    // A hub and server of its own: ending the file's hub would end the other tests' streams.
    const hub = new CacheTagHub();
    const server = await serve({
      db: platform.db,
      config: { sessionSecret: DEVELOPMENT_SESSION_SECRET },
      cacheTags: { hub },
      port: 0,
      host: "127.0.0.1",
    });
    const response = await fetch(`${server.url}/cache-tags/stream`);
    const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    let text = "";
    while (!text.includes("event: ready\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += new TextDecoder().decode(value);
    }

    // As `main.ts` does on SIGTERM, with a deadline far beyond the test's own timeout.
    const draining = server.shutdown(10 * 60_000);
    hub.endStreams();
    // The stream ends as a stream does, not cut: its reader sees the end, not an error.
    while (!(await reader.read()).done) {}
    expect(await draining).toEqual({ cut: 0 });
    expect(hub.subscribers).toBe(0);
    expect(hub.ended).toBe(true);
  });

  it("answers 503 with Retry-After for a stream asked for after the end", async () => {
    const hub = new CacheTagHub();
    hub.endStreams();
    const server = await serve({
      db: platform.db,
      config: { sessionSecret: DEVELOPMENT_SESSION_SECRET },
      cacheTags: { hub },
      port: 0,
      host: "127.0.0.1",
    });
    try {
      const response = await fetch(`${server.url}/cache-tags/stream`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
    } finally {
      await server.close();
    }
  });
});

describe("changes announce their tags", () => {
  const { productParentId, variantId } = SEED_FIXTURES.simple;
  let subscription: CacheTagSubscription;
  const heard: string[] = [];

  beforeAll(async () => {
    let connected = false;
    subscription = subscribeToCacheTags({
      baseUrl: platform.url,
      onTags: (tags) => heard.push(...tags),
      onReset: () => {
        connected = true;
      },
    });
    await until(() => connected);
  });

  afterAll(() => subscription?.close());

  const price = (body: unknown, scopeToken = token) =>
    platform.request<VariantPrice & PlatformErrorBody>(
      "PUT",
      `/price/product-variants/${variantId}/store-groups/default/markets/SE`,
      { token: scopeToken, body },
    );
  const stock = (body: unknown, id: string = variantId) =>
    platform.request<VariantStock & PlatformErrorBody>(
      "PUT",
      `/stock/product-variants/${id}/markets/SE`,
      { token, body },
    );

  it("a price set through the management API: price-{parent} and sitemap, the shopper API shows it, the product is dated now", async () => {
    heard.length = 0;
    const startedAt = Date.now();
    const set = await price({ basePriceAmount: 25900, salePriceAmount: 19900 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      id: variantId,
      basePriceAmount: 25900,
      salePriceAmount: 19900,
      discountAmount: 6000,
      taxPercentage: 2500,
    });
    await until(() => heard.includes(`price-${productParentId}`));
    expect(heard).toContain("sitemap");
    const [dated] = await platform.db
      .select({ updatedAt: productParents.updatedAt })
      .from(productParents)
      .where(eq(productParents.id, productParentId));
    expect(dated?.updatedAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    const prices = await platform.request<ProductParentPrices>(
      "GET",
      `/shopper/prices/product-parents/${productParentId}/store-groups/default/markets/SE`,
    );
    expect(prices.body.productParent.productVariants[0]?.salePriceAmount).toBe(19900);
  });

  it("refuses a price without the scope, a sale above the base price, and an unknown variant", async () => {
    const ordersOnly = await managementToken(platform, "order-management/order:write");
    expect((await price({ basePriceAmount: 100, salePriceAmount: 100 }, ordersOnly)).status).toBe(
      403,
    );
    expect((await price({ basePriceAmount: 100, salePriceAmount: 200 })).status).toBe(400);
    expect(
      (
        await platform.request(
          "PUT",
          "/price/product-variants/pv-none/store-groups/default/markets/SE",
          { token, body: { basePriceAmount: 100, salePriceAmount: 100 } },
        )
      ).status,
    ).toBe(404);
    expect((await stock({ stockQuantity: 1 }, "pv-none")).status).toBe(404);
    expect(
      (
        await platform.request("PUT", `/stock/product-variants/${variantId}/markets/SE`, {
          body: { stockQuantity: 1 },
        })
      ).status,
    ).toBe(401);
  });

  it("a stock level set through the management API: stock-{parent}", async () => {
    heard.length = 0;
    const set = await stock({ stockQuantity: 321 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: variantId, stockQuantity: 321, availableQuantity: 321 });
    await until(() => heard.includes(`stock-${productParentId}`));
    const stocks = await platform.request<ProductParentStocks>(
      "GET",
      `/shopper/stocks/product-parents/${productParentId}/store-groups/default/markets/SE`,
    );
    expect(stocks.body.productParent.productVariants[0]?.availableQuantity).toBe(321);
  });

  it("a placed order: stock-{parent} of every line whose stock it drew", async () => {
    heard.length = 0;
    await paidOrder(platform, { lines: [{ variantId, quantity: 2 }] });
    await until(() => heard.includes(`stock-${productParentId}`));
    expect(heard.filter((tag) => tag.startsWith("price-"))).toEqual([]);
  });

  it("a stock level set by the test lever (/dev/stocks): stock-{parent}", async () => {
    heard.length = 0;
    const set = await platform.request("PUT", `/dev/stocks/${variantId}/SE`, {
      body: { stockQuantity: 400 },
    });
    expect(set.status).toBe(200);
    await until(() => heard.includes(`stock-${productParentId}`));
  });

  it("a cart change announces nothing: carts hold no stock", async () => {
    await settle();
    heard.length = 0;
    await cartWith(platform, [{ variantId, quantity: 1 }]);
    await settle();
    expect(heard).toEqual([]);
  });
});
