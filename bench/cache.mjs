#!/usr/bin/env node
// The spec's cache (C§7, ADR 0025; docs/performance.md, "The spec's cache"): the storefront's data
// cache of catalogue reads, prices and stock, kept current by the platform's cache-tag notices.
// Starts its own platform (fresh embedded database, seeded) and storefront from their production
// builds on loopback ports; the storefront follows the platform's `/cache-tags/stream` through a
// small relay this script can cut, so that notices can be lost on purpose. Measures:
//
// 1. the cache's hit rate under load on the product page (autocannon), with no changes, and while
//    the product's price changes every second through the management API;
// 2. the time from a price change (management API, `PUT /price/…`) until the product page shows
//    the new price, with the notices arriving, and with them lost (the stream cut), beside the
//    configured staleness bound (KASSA_CATALOGUE_CACHE_SECONDS + …_STALE_SECONDS).
//
//   npm run build && npm run bench:cache
//   node bench/cache.mjs --fresh 30 --stale 10 --duration 8 --connections 10 --samples 20
//   node bench/cache.mjs --redis-url redis://127.0.0.1:6379   # notices over Redis pub/sub instead
//                                                             # (no "lost" figure: nothing to cut)
import { createRequire } from "node:module";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { root, startPlatform, startStorefront, stopAll } from "./processes.mjs";

const require = createRequire(join(root, "apps/storefront/package.json"));
const autocannon = require("autocannon");

const PRODUCT = { path: "/sv-se/produkt/emaljmugg-koli", variantId: "pv-1039-01" };
/** The back office that sets prices (a production platform has only the clients it is given). */
const BACK_OFFICE = {
  id: "bench-back-office",
  secret: "bench-back-office-secret-0123456789",
  scopes: "price-management/price:write stock-management/stock:write",
};

const DEFAULTS = {
  fresh: 30,
  stale: 10,
  duration: 8,
  connections: 10,
  samples: 20,
  lostSamples: 2,
  platformPort: 4630,
  storefrontPort: 3630,
  relayPort: 4631,
};

/** A TCP relay in front of the platform's stream that can be cut (and keeps refusing). */
function startRelay(port, target) {
  const sockets = new Set();
  let cut = false;
  const server = createServer((socket) => {
    if (cut) {
      socket.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const close = () => {
      socket.destroy();
      upstream.destroy();
      sockets.delete(socket);
      sockets.delete(upstream);
    };
    socket.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        cut() {
          cut = true;
          for (const socket of sockets) socket.destroy();
        },
        mend() {
          cut = false;
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function managementToken(platformUrl) {
  const basic = Buffer.from(`${BACK_OFFICE.id}:${BACK_OFFICE.secret}`).toString("base64");
  const answer = await fetch(`${platformUrl}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!answer.ok) throw new Error(`the token endpoint answered ${answer.status}`);
  return (await answer.json()).access_token;
}

async function setPrice(platformUrl, token, amount) {
  const answer = await fetch(
    `${platformUrl}/price/product-variants/${PRODUCT.variantId}/store-groups/default/markets/SE`,
    {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ basePriceAmount: amount, salePriceAmount: amount }),
    },
  );
  if (!answer.ok) throw new Error(`setting a price answered ${answer.status}`);
}

async function cacheReport(storefrontUrl) {
  const answer = await fetch(`${storefrontUrl}/healthz/cache`);
  if (!answer.ok) throw new Error(`/healthz/cache answered ${answer.status}`);
  return answer.json();
}

/** Whether the product page's data carries `amount` (the loader's price, in minor units). */
async function pageShows(storefrontUrl, amount) {
  const html = await (await fetch(`${storefrontUrl}${PRODUCT.path}`)).text();
  return html.includes(String(amount));
}

/** Sets a new price and polls the page until it shows it; answers the milliseconds. */
async function timeUntilShown(storefrontUrl, platformUrl, token, amount, timeoutMs, pollMs) {
  const started = performance.now();
  await setPrice(platformUrl, token, amount);
  while (performance.now() - started < timeoutMs) {
    if (await pageShows(storefrontUrl, amount)) return performance.now() - started;
    await sleep(pollMs);
  }
  return Number.POSITIVE_INFINITY;
}

async function hitRateUnderLoad(storefrontUrl, { duration, connections }, during) {
  await autocannon({ url: `${storefrontUrl}${PRODUCT.path}`, connections, duration: 2 });
  const before = await cacheReport(storefrontUrl);
  const stop = during?.();
  const result = await autocannon({
    url: `${storefrontUrl}${PRODUCT.path}`,
    connections,
    duration,
  });
  await stop?.();
  const after = await cacheReport(storefrontUrl);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${PRODUCT.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const hits = after.hits - before.hits;
  const stale = after.stale - before.stale;
  const misses = after.misses - before.misses;
  return {
    loads: after.loads - before.loads,
    requestsPerSecond: result.requests.average,
    hits,
    stale,
    misses,
    invalidated: after.invalidated - before.invalidated,
    hitRate: (hits + stale) / Math.max(1, hits + stale + misses),
  };
}

export async function measure(options = {}) {
  const settings = { ...DEFAULTS, ...options };
  const boundMs = (settings.fresh + settings.stale) * 1000;
  const redis = settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {};
  const platformUrl = await startPlatform({
    port: settings.platformPort,
    env: {
      KASSA_OAUTH_CLIENTS: `${BACK_OFFICE.id}:${BACK_OFFICE.secret}:${BACK_OFFICE.scopes}`,
      ...redis,
    },
  });
  const platform = new URL(platformUrl);
  const relay = await startRelay(settings.relayPort, {
    host: platform.hostname,
    port: Number(platform.port),
  });
  try {
    const storefrontUrl = await startStorefront({
      port: settings.storefrontPort,
      platformUrl,
      env: {
        KASSA_CATALOGUE_CACHE_SECONDS: String(settings.fresh),
        KASSA_CATALOGUE_CACHE_STALE_SECONDS: String(settings.stale),
        KASSA_CACHE_TAGS_URL: relay.url,
        ...redis,
      },
    });
    const token = await managementToken(platformUrl);
    // The first cached read opens the stream; wait until notices arrive.
    await fetch(`${storefrontUrl}${PRODUCT.path}`);
    for (let tries = 0; !(await cacheReport(storefrontUrl)).notices.connected; tries++) {
      if (tries > 200) throw new Error("the storefront never connected to the cache-tag stream");
      await sleep(50);
    }

    let price = 50_000;
    const quiet = await hitRateUnderLoad(storefrontUrl, settings);
    const changing = await hitRateUnderLoad(storefrontUrl, settings, () => {
      let running = true;
      const loop = (async () => {
        while (running) {
          await setPrice(platformUrl, token, ++price);
          await sleep(1000);
        }
      })();
      return async () => {
        running = false;
        await loop;
      };
    });

    console.error(`[cache] notices: ${JSON.stringify((await cacheReport(storefrontUrl)).notices)}`);
    const withNotices = [];
    for (let sample = 0; sample < settings.samples; sample++) {
      await pageShows(storefrontUrl, price); // the entry is cached and fresh
      withNotices.push(
        await timeUntilShown(storefrontUrl, platformUrl, token, ++price, boundMs, 5),
      );
    }

    // Notices lost: the stream is cut and stays cut. The storefront drops its cache once when it
    // notices the loss; then each change shows only when the entry it cached has aged out.
    const withoutNotices = [];
    if (settings.redisUrl) return rowsOf();
    relay.cut();
    for (let tries = 0; (await cacheReport(storefrontUrl)).notices.connected; tries++) {
      if (tries > 200) throw new Error("the storefront did not notice the cut stream");
      await sleep(50);
    }
    for (let sample = 0; sample < settings.lostSamples; sample++) {
      await pageShows(storefrontUrl, price);
      withoutNotices.push(
        await timeUntilShown(storefrontUrl, platformUrl, token, ++price, boundMs + 10_000, 100),
      );
    }
    relay.mend();
    return rowsOf();

    function rowsOf() {
      const via = settings.redisUrl ? "Redis" : "the platform's stream";
      const p50 = percentile(withNotices, 50);
      const max = Math.max(...withNotices);
      const lostMax = Math.max(...withoutNotices);
      const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
      const percent = (rate) => `${(rate * 100).toFixed(1)} %`;
      console.error(
        `[cache] quiet: ${JSON.stringify(quiet)}\n[cache] changing: ${JSON.stringify(changing)}\n` +
          `[cache] with notices (ms): ${withNotices.map((ms) => ms.toFixed(1)).join(", ")}\n` +
          `[cache] notices lost (ms): ${withoutNotices.map((ms) => ms.toFixed(0)).join(", ")}`,
      );
      return [
        {
          figure: `cache hit rate, product page under load (${Math.round(quiet.requestsPerSecond)} req/s)`,
          value: percent(quiet.hitRate),
          goal: "≥ 95 %",
          met: quiet.hitRate >= 0.95,
        },
        {
          figure: `cache hit rate, price changing every second (${changing.invalidated} entries dropped, ${changing.loads} platform calls, ${Math.round(changing.requestsPerSecond)} req/s)`,
          value: percent(changing.hitRate),
          goal: "≥ 95 %",
          met: changing.hitRate >= 0.95,
        },
        {
          figure: `price change → product page shows it, notices on, via ${via} (p50, max of ${withNotices.length})`,
          value: `${p50.toFixed(0)} ms, ${max.toFixed(0)} ms`,
          goal: "≤ 1 s (next request)",
          met: max <= 1000,
        },
        {
          figure: `price change → product page shows it, notices lost (max of ${withoutNotices.length})`,
          value: Number.isFinite(lostMax) ? seconds(lostMax) : "never",
          goal: `≤ ${seconds(boundMs)} (fresh ${settings.fresh} s + stale ${settings.stale} s)`,
          met: lostMax <= boundMs,
        },
      ].filter((row) => withoutNotices.length > 0 || !row.figure.includes("notices lost"));
    }
  } finally {
    await relay.close();
    stopAll();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      fresh: { type: "string" },
      stale: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      samples: { type: "string" },
      "lost-samples": { type: "string" },
      "platform-port": { type: "string" },
      "storefront-port": { type: "string" },
      "relay-port": { type: "string" },
      "redis-url": { type: "string" },
    },
  });
  const numbers = Object.fromEntries(
    Object.entries({
      fresh: values.fresh,
      stale: values.stale,
      duration: values.duration,
      connections: values.connections,
      samples: values.samples,
      lostSamples: values["lost-samples"],
      platformPort: values["platform-port"],
      storefrontPort: values["storefront-port"],
      relayPort: values["relay-port"],
    })
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Number(value)]),
  );
  const rows = await measure({ ...numbers, redisUrl: values["redis-url"] });
  for (const row of rows) {
    console.log(`${row.met ? "✓" : "✗"} ${row.figure}: ${row.value} (goal ${row.goal})`);
  }
  process.exit(0);
}
