#!/usr/bin/env node
// Catalogue size (issue 15, docs/performance.md "Catalogue size"): the storefront's category page
// (first and last page of the largest category), search by SKU and product page, timed at 1,000
// and at 100,000 products, and the platform's memory (RSS) on embedded PGlite after that load.
// Each size is seeded once (`seed-cli --products N`, the seed's synthetic products) into a data
// folder of its own under BENCH_CATALOGUE_DATA (default: <tmp>/kassa-bench-catalogue-size) and
// reused by later runs while the seed code and the migrations are unchanged. The storefront runs
// with its catalogue cache off (KASSA_CATALOGUE_CACHE_SECONDS=0), so every page asks the
// platform; the same lookups are also timed at the platform's API. The sizes run side by side
// (ports 4610+ and 3610+) and their requests alternate, so load from elsewhere on the machine
// weighs on both alike.
//
//   npm run build && npm run bench:catalogue-size
//   node bench/catalogue-size.mjs --sizes 1000,20000 --runs 20
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startStorefront, stopAll } from "./processes.mjs";
import { CATALOGUE_DATA_ROOT, seededFolder, startPlatformOn } from "./seeded-catalogue.mjs";

const RATIO_GOAL = 1.2;
const RSS_GOAL_MB = 500;
const PER_PAGE = 12; // the storefront's category page
const SHOPPER = { storeGroupSlug: "default", market: "SE", language: "sv" };

/** Resident and peak resident memory of a process, in MB (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

// --- timing -----------------------------------------------------------------------------------

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function api(url, path, body) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...SHOPPER, ...body }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function page(url, path, expect) {
  const response = await fetch(`${url}${path}`);
  const html = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  if (expect && !html.includes(expect)) throw new Error(`${path} does not show "${expect}"`);
}

/**
 * The category page's pagination at this size: the last page is marked current, and links lead
 * to the first page and the one before the last (a window of links, not one per page).
 */
async function checkPagination(storefrontUrl, uri, lastPage) {
  if (lastPage < 3) return;
  const html = await (
    await fetch(`${storefrontUrl}/sv-se/kategori/${uri}?page=${lastPage}`)
  ).text();
  const hrefs = [...html.matchAll(/href="([^"]*\?page=(\d+))"/g)].map((match) => Number(match[2]));
  if (!hrefs.includes(lastPage - 1) || !hrefs.includes(1) || new Set(hrefs).size > 12) {
    throw new Error(
      `/sv-se/kategori/${uri}?page=${lastPage}: pagination links ${hrefs.join(", ")}`,
    );
  }
  const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map((match) => match[0]);
  if (!current.some((link) => link.includes(`?page=${lastPage}"`))) {
    throw new Error(`/sv-se/kategori/${uri}?page=${lastPage}: no current page in the pagination`);
  }
}

// --- one catalogue size, started -------------------------------------------------------------

/** Seeds (or reuses) one size, starts its platform and storefront, and picks what to ask for. */
async function startSize(size, index, settings) {
  const { dataDir, seconds } = await seededFolder(settings.dataRoot, size);
  const platform = await startPlatformOn(dataDir, settings.platformPort + index);
  const storefrontUrl = await startStorefront({
    port: settings.storefrontPort + index,
    platformUrl: platform.url,
    env: { KASSA_CATALOGUE_CACHE_SECONDS: "0" },
  });
  // The largest category (with its subcategories' products, as its page shows them), its last
  // page, and a product on that page: its slug and its first variant's SKU.
  const { data: categories } = await api(platform.url, "/enad/get-categories/", {});
  const category = categories.reduce((a, b) => (b.productCount > a.productCount ? b : a));
  const lastPage = Math.max(1, Math.ceil(category.productCount / PER_PAGE));
  const last = await api(platform.url, "/enad/get-products-by-category-uri/", {
    categoryUri: category.uri,
    page: lastPage,
    per_page: PER_PAGE,
  });
  const product = last.data[0];
  const sku = product.variants[0].sku;
  await checkPagination(storefrontUrl, category.uri, lastPage);
  const requests = {
    pages: {
      categoryFirst: () => page(storefrontUrl, `/sv-se/kategori/${category.uri}`, category.name),
      categoryDeep: () =>
        page(storefrontUrl, `/sv-se/kategori/${category.uri}?page=${lastPage}`, product.name),
      sku: () => page(storefrontUrl, `/sv-se/search?q=${encodeURIComponent(sku)}`, product.name),
      product: () => page(storefrontUrl, `/sv-se/produkt/${product.slug}`, product.name),
    },
    api: {
      categoryFirst: () =>
        api(platform.url, "/enad/get-products-by-category-uri/", {
          categoryUri: category.uri,
          per_page: PER_PAGE,
        }),
      categoryDeep: () =>
        api(platform.url, "/enad/get-products-by-category-uri/", {
          categoryUri: category.uri,
          page: lastPage,
          per_page: PER_PAGE,
        }),
      sku: () => api(platform.url, "/enad/search-products/", { query: sku, per_page: PER_PAGE }),
      product: () => api(platform.url, "/enad/get-product-by-slug/", { slug: product.slug }),
      categories: () => api(platform.url, "/enad/get-categories/", {}),
    },
  };
  return {
    size,
    platform,
    requests,
    result: {
      size,
      seededSeconds: seconds,
      targets: { category, lastPage, product: product.slug, sku },
      pages: {},
      api: {},
    },
  };
}

/**
 * Times one lookup at every size, the sizes' requests interleaved (1k, 100k, 1k, 100k, …), so
 * that whatever else the machine does at the time weighs on every size alike: the ratio is the
 * figure, and on a shared machine it is steadier than either time.
 */
async function timeInterleaved(started, kind, name, { warmup, runs }) {
  for (let i = 0; i < warmup; i++) {
    for (const size of started) await size.requests[kind][name]();
  }
  const times = started.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, size] of started.entries()) {
      const begun = performance.now();
      await size.requests[kind][name]();
      times[index].push(performance.now() - begun);
    }
  }
  for (const [index, size] of started.entries()) {
    const sorted = times[index].sort((a, b) => a - b);
    size.result[kind][name] = { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  }
}

// --- the figures ------------------------------------------------------------------------------

const LABELS = {
  categoryFirst: "category page, first page",
  categoryDeep: "category page, last page",
  sku: "search by SKU",
  product: "product page",
  categories: "category list (get-categories)",
};

const ms = (value) => `${value.toFixed(1)} ms`;

function rowsOf(results) {
  const small = results[0];
  const large = results[results.length - 1];
  const sizes = `${large.size.toLocaleString("en")} ÷ ${small.size.toLocaleString("en")} products`;
  const rows = [];
  for (const name of ["categoryFirst", "categoryDeep", "sku", "product"]) {
    const ratio = large.pages[name].p50 / small.pages[name].p50;
    rows.push({
      figure: `Catalogue size: ${LABELS[name]} p50, ${sizes} (storefront, cache off)`,
      value: `${ratio.toFixed(2)} (${ms(small.pages[name].p50)} → ${ms(large.pages[name].p50)})`,
      goal: `≤ ${RATIO_GOAL}`,
      met: ratio <= RATIO_GOAL,
    });
  }
  for (const result of results) {
    rows.push({
      figure: `Catalogue size: platform RSS on PGlite after the load, ${result.size.toLocaleString("en")} products`,
      value: `${result.memory.rssMb.toFixed(0)} MB (peak ${result.memory.peakMb.toFixed(0)} MB)`,
      goal: `≤ ${RSS_GOAL_MB} MB at 100,000`,
      met: result.memory.rssMb <= RSS_GOAL_MB,
    });
  }
  return rows;
}

function defaults(options = {}) {
  return {
    sizes: options.sizes ?? [1000, 100_000],
    runs: options.runs ?? 60,
    warmup: options.warmup ?? 10,
    platformPort: options.platformPort ?? 4610,
    storefrontPort: options.storefrontPort ?? 3610,
    dataRoot: options.dataRoot ?? CATALOGUE_DATA_ROOT,
  };
}

/** Runs the whole measurement; one row per figure of the issue (the lead's orchestrator). */
export async function measure(options = {}) {
  const settings = defaults(options);
  const started = [];
  try {
    for (const [index, size] of settings.sizes.entries()) {
      console.error(`[bench] starting ${size.toLocaleString("en")} products …`);
      started.push(await startSize(size, index, settings));
    }
    console.error("[bench] timing …");
    for (const kind of ["pages", "api"]) {
      for (const name of Object.keys(started[0].requests[kind])) {
        await timeInterleaved(started, kind, name, settings);
      }
    }
    for (const size of started) size.result.memory = memoryOf(size.platform.pid);
  } finally {
    stopAll();
    for (const size of started) await size.platform.stop();
  }
  const results = started.map((size) => size.result);
  const rows = rowsOf(results);
  rows.results = results;
  return rows;
}

function printTables(results, rows) {
  console.log(
    `\n| lookup | ${results.map((r) => `${r.size.toLocaleString("en")}: p50 / p95`).join(" | ")} |`,
  );
  console.log(`|---|${results.map(() => "---:").join("|")}|`);
  for (const name of ["categoryFirst", "categoryDeep", "sku", "product"]) {
    console.log(
      `| storefront ${LABELS[name]} | ${results.map((r) => `${ms(r.pages[name].p50)} / ${ms(r.pages[name].p95)}`).join(" | ")} |`,
    );
  }
  for (const name of Object.keys(LABELS)) {
    console.log(
      `| platform ${LABELS[name]} | ${results.map((r) => `${ms(r.api[name].p50)} / ${ms(r.api[name].p95)}`).join(" | ")} |`,
    );
  }
  console.log(
    `| platform RSS after the load (peak) | ${results.map((r) => `${r.memory.rssMb.toFixed(0)} MB (${r.memory.peakMb.toFixed(0)} MB)`).join(" | ")} |`,
  );
  console.log("");
  for (const r of results) {
    const { category, lastPage, product, sku } = r.targets;
    console.log(
      `${r.size.toLocaleString("en")} products: /sv-se/kategori/${category.uri} (${category.productCount} products, last page ${lastPage}), /sv-se/search?q=${sku}, /sv-se/produkt/${product}${r.seededSeconds ? `; seeded in ${r.seededSeconds.toFixed(1)} s` : ""}`,
    );
  }
  console.log("\n| figure | value | goal | met |\n|---|---|---|---|");
  for (const row of rows) {
    console.log(`| ${row.figure} | ${row.value} | ${row.goal} | ${row.met ? "yes" : "no"} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string" },
      runs: { type: "string" },
      "platform-port": { type: "string" },
      "storefront-port": { type: "string" },
      data: { type: "string" },
    },
  });
  const rows = await measure({
    sizes: values.sizes?.split(",").map((size) => Number(size.replaceAll("_", ""))),
    runs: values.runs ? Number(values.runs) : undefined,
    platformPort: values["platform-port"] ? Number(values["platform-port"]) : undefined,
    storefrontPort: values["storefront-port"] ? Number(values["storefront-port"]) : undefined,
    dataRoot: values.data,
  });
  printTables(rows.results, rows);
  const out = join(root, "bench/results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, `catalogue-size-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
    JSON.stringify({ rows, results: rows.results }, null, 2),
  );
}
