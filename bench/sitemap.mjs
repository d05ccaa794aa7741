#!/usr/bin/env node
// Sitemap at 100,000 products (issue 30, docs/performance.md "Sitemap"): the time to build
// `/sitemap.xml` and each of its parts (`/sitemaps/{locale}-{n}.xml`) from the storefront's
// production server over a platform on embedded PGlite, the parts' URLs and bytes, and the peak
// memory (RSS, sampled every 10 ms) of the storefront and the platform while each is built.
// The catalogue is seeded as bench/catalogue-size.mjs seeds it (`seed-cli --products N`) into
// BENCH_CATALOGUE_DATA (default: <tmp>/kassa-bench-catalogue-size), sharing its folders: a size
// seeded by either bench is reused while the seed code and the migrations are unchanged.
//
//   npm run build && node bench/sitemap.mjs            # 100,000 products
//   node bench/sitemap.mjs --size 20000 --parts 3      # a smaller catalogue, the first 3 parts
import { parseArgs } from "node:util";
import { launchStorefront, rssOf, stopAll } from "./processes.mjs";
import { CATALOGUE_DATA_ROOT, seededFolder, startPlatformOn } from "./seeded-catalogue.mjs";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    parts: { type: "string" },
    "platform-port": { type: "string", default: "4630" },
    "storefront-port": { type: "string", default: "3630" },
  },
});
const size = Number(values.size);

/**
 * Fetches `url` to the end while sampling the processes' RSS every 10 ms: time to the first byte
 * and to the last, bytes, and each process's highest RSS meanwhile (MB).
 */
async function measured(url, pids) {
  const peaks = Object.fromEntries(Object.keys(pids).map((name) => [name, 0]));
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      peaks[name] = Math.max(peaks[name], (rssOf(pid) ?? 0) / 2 ** 20);
    }
  };
  sample();
  const timer = setInterval(sample, 10);
  const started = performance.now();
  const response = await fetch(url);
  const firstByteMs = performance.now() - started;
  const text = await response.text();
  const ms = performance.now() - started;
  clearInterval(timer);
  sample();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return {
    ms,
    firstByteMs,
    bytes: Buffer.byteLength(text),
    text,
    cacheControl: response.headers.get("cache-control"),
    surrogateKey: response.headers.get("surrogate-key"),
    peaks,
  };
}

const mb = (n) => n.toFixed(0);

async function main() {
  const { dataDir, seconds } = await seededFolder(CATALOGUE_DATA_ROOT, size);
  if (seconds !== null) console.error(`[bench] seeded in ${seconds.toFixed(0)} s`);
  const platform = await startPlatformOn(dataDir, Number(values["platform-port"]));
  const storefront = await launchStorefront({
    port: Number(values["storefront-port"]),
    platformUrl: platform.url,
    env: { KASSA_PUBLIC_ORIGIN: "https://shop.example" },
  });
  const pids = { storefront: storefront.pid, platform: platform.pid };
  try {
    const idle = Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [name, (rssOf(pid) ?? 0) / 2 ** 20]),
    );
    const index = await measured(`${storefront.url}/sitemap.xml`, pids);
    const parts = [
      ...index.text.matchAll(/<loc>https:\/\/shop\.example(\/sitemaps\/[^<]+)<\/loc>/g),
    ].map((match) => match[1]);
    const limit = values.parts ? Number(values.parts) : parts.length;
    console.log(
      `Sitemap, ${size.toLocaleString("en")} products (node ${process.version}, storefront RSS idle ${mb(idle.storefront)} MB, platform ${mb(idle.platform)} MB)`,
    );
    console.log(`Cache-Control: ${index.cacheControl}; Surrogate-Key: ${index.surrogateKey}`);
    console.log(
      "| File | URLs | MB | first byte ms | total ms | storefront peak RSS MB | platform peak RSS MB |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    const row = (name, result, urls) =>
      console.log(
        `| ${name} | ${urls} | ${(result.bytes / 1e6).toFixed(1)} | ${result.firstByteMs.toFixed(0)} | ${result.ms.toFixed(0)} | ${mb(result.peaks.storefront)} | ${mb(result.peaks.platform)} |`,
      );
    row("/sitemap.xml", index, `${parts.length} parts`);
    let totalUrls = 0;
    for (const path of parts.slice(0, limit)) {
      const part = await measured(`${storefront.url}${path}`, pids);
      const urls = part.text.match(/<url>/g)?.length ?? 0;
      if (urls > 50_000) throw new Error(`${path} lists ${urls} URLs`);
      if (!part.text.endsWith("</urlset>\n")) throw new Error(`${path} is cut short`);
      totalUrls += urls;
      row(path, part, urls);
    }
    console.log(`URLs in the parts fetched: ${totalUrls.toLocaleString("en")}`);
  } finally {
    await storefront.stop();
    await platform.stop();
    await stopAll();
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
