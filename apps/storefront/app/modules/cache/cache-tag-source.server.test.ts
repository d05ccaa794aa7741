import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { redisServerBinary, startPrivateRedis } from "@kassa/node-server/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";
import { type CacheTagNotice, onCacheTagNotice } from "./cache-tag-events.server";
import {
  ensureCacheTagSource,
  REDIS_CACHE_TAG_CHANNEL,
  shutDownCacheTagSource,
  stopCacheTagSource,
} from "./cache-tag-source.server";

const SETTINGS = [
  "KASSA_CACHE_TAGS_URL",
  "REDIS_URL",
  "KASSA_CACHE_TAGS",
  "KASSA_CACHE_TAGS_SECRET",
];
/** The Redis server of the run, when there is one (the tests set and clear REDIS_URL). */
const TEST_REDIS_URL = process.env.REDIS_URL;
delete process.env.REDIS_URL;
const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  stopCacheTagSource();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const name of SETTINGS) delete process.env[name];
  reloadConfig();
});

/** Waits until \`check\` holds (vitest's own polling). */
function until(check: () => boolean, timeout = 5000) {
  return vi.waitUntil(check, { timeout, interval: 10 });
}

function heard(): CacheTagNotice[] {
  const notices: CacheTagNotice[] = [];
  cleanups.push(onCacheTagNotice((notice) => notices.push(notice)));
  return notices;
}

describe("the platform's stream as the source", () => {
  it("announces tags, one reset per loss (not per failed retry), and one when it is back", async () => {
    const streams: ServerResponse[] = [];
    let refusing = false;
    const server = createServer((_req, res) => {
      if (refusing) return res.writeHead(503).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('event: ready\ndata: {"heartbeatSeconds":15}\n\n');
      streams.push(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    process.env.KASSA_CACHE_TAGS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    reloadConfig();
    const notices = heard();

    const source = ensureCacheTagSource();
    expect(source.kind).toBe("platform");
    await until(() => source.connected);
    streams[0]?.write('event: tags\ndata: {"tags":["price-p1"]}\n\n');
    await until(() => source.notices === 1);

    // Cut, and refused for a while: the subscription retries (0.5 s, 1 s, …) and fails each time.
    refusing = true;
    streams[0]?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    refusing = false;
    await until(() => source.connected, 10_000);
    expect(notices).toEqual([
      { kind: "reset", reason: "platform stream connected" },
      { kind: "tags", tags: ["price-p1"] },
      { kind: "reset", reason: "platform stream lost" },
      { kind: "reset", reason: "platform stream connected" },
    ]);
  });

  it("sends KASSA_CACHE_TAGS_SECRET as a bearer token, and nothing without it", async () => {
    const authorizations: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      authorizations.push(req.headers.authorization);
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write('event: ready\ndata: {"heartbeatSeconds":15}\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    process.env.KASSA_CACHE_TAGS_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    reloadConfig();
    await until(() => ensureCacheTagSource().connected);
    stopCacheTagSource();

    const secret = "storefront-cache-tags-secret-0123456789";
    process.env.KASSA_CACHE_TAGS_SECRET = secret;
    reloadConfig();
    await until(() => ensureCacheTagSource().connected);
    expect(authorizations).toEqual([undefined, `Bearer ${secret}`]);

    process.env.KASSA_CACHE_TAGS_SECRET = "too-short";
    expect(() => reloadConfig()).toThrow(/KASSA_CACHE_TAGS_SECRET/);
  });

  it("listens to nothing with KASSA_CACHE_TAGS=false", () => {
    process.env.KASSA_CACHE_TAGS = "false";
    reloadConfig();
    expect(ensureCacheTagSource()).toMatchObject({ kind: "off", connected: false });
  });
});

describe.runIf(TEST_REDIS_URL)("Redis as the source (REDIS_URL)", () => {
  it("announces the tags published on kassa:cache-tags", async () => {
    const { Redis } = await import("ioredis");
    const redisUrl = TEST_REDIS_URL as string;
    process.env.REDIS_URL = redisUrl;
    reloadConfig();
    const notices = heard();
    const source = ensureCacheTagSource();
    expect(source.kind).toBe("redis");
    await until(() => source.connected);
    const publisher = new Redis(redisUrl);
    cleanups.push(() => publisher.disconnect());
    // The subscription may lag the connection by a moment: publish until it is heard.
    await until(() => {
      void publisher.publish(REDIS_CACHE_TAG_CHANNEL, JSON.stringify({ tags: ["stock-p2"] }));
      return notices.some((notice) => notice.kind === "tags");
    });
    expect(notices.find((notice) => notice.kind === "tags")).toEqual({
      kind: "tags",
      tags: ["stock-p2"],
    });
  });
});

const redisServer = redisServerBinary();

describe.skipIf(!redisServer)(
  `Redis gone and back${redisServer ? "" : " (skipped: no redis-server; set KASSA_REDIS_SERVER)"}`,
  () => {
    it("resets when Redis is lost and when it is back, and hears the notices after that", async () => {
      const { Redis } = await import("ioredis");
      const redis = await startPrivateRedis(redisServer as string);
      cleanups.push(() => redis.kill());
      process.env.REDIS_URL = redis.url;
      reloadConfig();
      const notices = heard();
      const source = ensureCacheTagSource();
      await until(() => source.connected);
      const publish = async (message: object) => {
        const publisher = new Redis(redis.url);
        try {
          await publisher.publish(REDIS_CACHE_TAG_CHANNEL, JSON.stringify(message));
        } finally {
          publisher.disconnect();
        }
      };
      await publish({ tags: ["price-p1"] });
      await until(() => source.notices === 1);

      // Gone: everything cached may miss a notice from now on, so it is dropped, and entries
      // made meanwhile age out by their freshness and stale bound.
      await redis.kill();
      await until(() => !source.connected);
      expect(notices.at(-1)).toEqual({ kind: "reset", reason: "redis lost" });

      await redis.start();
      await until(() => source.connected, 15_000);
      expect(notices.at(-1)).toEqual({ kind: "reset", reason: "redis connected" });
      // Connected means subscribed: one notice published now is heard, none is lost in between.
      await publish({ tags: ["stock-p2"] });
      await until(() => source.notices === 2);
      // A platform whose database listener was lost says so: its notices meanwhile were not sent.
      await publish({ reset: true });
      await until(() => notices.at(-1)?.kind === "reset");
      expect(notices).toEqual([
        { kind: "reset", reason: "redis connected" },
        { kind: "tags", tags: ["price-p1"] },
        { kind: "reset", reason: "redis lost" },
        { kind: "reset", reason: "redis connected" },
        { kind: "tags", tags: ["stock-p2"] },
        { kind: "reset", reason: "platform listener reset" },
      ]);
    }, 30_000);
  },
);

describe("shutting down", () => {
  it("stays off: a read after the shutdown does not open the channel again", () => {
    process.env.KASSA_CACHE_TAGS_URL = "http://127.0.0.1:9";
    reloadConfig();
    shutDownCacheTagSource();
    const source = ensureCacheTagSource();
    expect(source.kind).toBe("off");
  });
});
