import {
  type CacheTagSubscription,
  type PlatformErrorBody,
  type ProductParentPrices,
  type ProductParentStocks,
  subscribeToCacheTags,
  type VariantPrice,
  type VariantStock,
} from "@kassa/api-client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/open-database.js";
import type { CacheTagEvent } from "../src/modules/cache-tags/cache-tag-hub.js";
import { startCacheTagRelay } from "../src/modules/cache-tags/cache-tag-relay.js";
import {
  CACHE_TAG_CHANNEL,
  MAX_NOTICE_BYTES,
  noticePayloads,
  parseNotice,
  publishCacheTags,
} from "../src/modules/cache-tags/cache-tags.js";
import { SEED_FIXTURES } from "../src/seed/fixtures.js";
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
    cacheTagHeartbeatMs: 200,
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

  it("a price set through the management API: price-{parent}, and the shopper API shows it", async () => {
    heard.length = 0;
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
