import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";
import { captureLogs } from "~/test-support/logs";
import { announceCacheTagNotice, onCacheTagNotice } from "./cache-tag-events.server";
import {
  batches,
  purgeAllSharedPages,
  sharedCachePurgeReport,
  startSharedCachePurge,
  stopSharedCachePurge,
} from "./shared-cache-purge.server";

interface Purge {
  method: string;
  keys: string;
}

const servers: Server[] = [];

/** A stand-in shared cache recording the purges it is sent; answers `status()` to each. */
async function sharedCache(status: () => number = () => 200) {
  const purges: Purge[] = [];
  const server = createServer((req, res) => {
    purges.push({ method: req.method ?? "", keys: String(req.headers["xkey-purge"] ?? "") });
    res.writeHead(status()).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, purges };
}

function purgeTo(...urls: string[]) {
  process.env.KASSA_SHARED_CACHE_PURGE_URLS = urls.join(",");
  reloadConfig();
  startSharedCachePurge();
}

/** Waits until \`check\` holds (vitest's own polling). */
function until(check: () => boolean, timeout = 5_000) {
  return vi.waitUntil(check, { timeout, interval: 10 });
}

afterEach(async () => {
  stopSharedCachePurge();
  delete process.env.KASSA_SHARED_CACHE_PURGE_URLS;
  reloadConfig();
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

describe("purging the shared caches on a notice", () => {
  it("sends every named cache the changed tags, after this process dropped its own copy", async () => {
    const one = await sharedCache();
    const two = await sharedCache();
    purgeTo(one.url, two.url);
    // A listener registered after the purger (as the data cache may be) still runs first.
    const order: string[] = [];
    const stop = onCacheTagNotice(() => order.push("local copy dropped"));
    announceCacheTagNotice({ kind: "tags", tags: ["price-pp-1", "stock-pp-1"] });
    order.push("notice handed out");
    await until(() => sharedCachePurgeReport()?.sent === 2);
    stop();
    expect(order).toEqual(["local copy dropped", "notice handed out"]);
    for (const cache of [one, two]) {
      expect(cache.purges).toEqual([{ method: "PURGE", keys: "price-pp-1 stock-pp-1" }]);
    }
    expect(sharedCachePurgeReport()).toEqual({ sent: 2, failed: 0 });
  });

  it("purges every shared page (the layout key) when notices may have been lost", async () => {
    const cache = await sharedCache();
    purgeTo(cache.url);
    announceCacheTagNotice({ kind: "reset", reason: "platform stream lost" });
    await until(() => cache.purges.length === 1);
    expect(cache.purges[0]?.keys).toBe("layout");
  });

  it("tries again when the cache fails, and says so when it keeps failing", async () => {
    let answers = [503, 200];
    const flaky = await sharedCache(() => answers.shift() ?? 200);
    purgeTo(flaky.url);
    announceCacheTagNotice({ kind: "tags", tags: ["price-pp-3"] });
    await until(() => sharedCachePurgeReport()?.sent === 1);
    expect(flaky.purges.map((purge) => purge.keys)).toEqual(["price-pp-3", "price-pp-3"]);

    answers = [500, 500, 500];
    const log = captureLogs();
    try {
      announceCacheTagNotice({ kind: "tags", tags: ["stock-pp-3"] });
      await until(() => sharedCachePurgeReport()?.failed === 1);
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: expect.stringContaining("purging stock-pp-3 failed"),
        }),
      );
    } finally {
      log.restore();
    }
  });

  it("names no cache, purges nothing", () => {
    reloadConfig();
    startSharedCachePurge();
    expect(sharedCachePurgeReport()).toBe(undefined);
  });
});

describe("batches", () => {
  it("keeps each request's keys under the header limit, and loses none", () => {
    const tags = Array.from({ length: 1000 }, (_, index) => `price-pp-${index}`);
    const groups = batches(tags);
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) expect(group.join(" ").length).toBeLessThanOrEqual(4_000);
    expect(groups.flat()).toEqual(tags);
    expect(batches([])).toEqual([]);
  });
});

describe("a new build", () => {
  it("empties the shared caches of pages when it starts (they name the old build's scripts)", async () => {
    const cache = await sharedCache();
    process.env.KASSA_SHARED_CACHE_PURGE_URLS = cache.url;
    reloadConfig();
    await purgeAllSharedPages();
    expect(cache.purges).toEqual([{ method: "PURGE", keys: "layout" }]);
  });
});
