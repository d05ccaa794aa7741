// Product search latency (docs/performance.md, "Search"): the platform's search and suggestion
// calls, timed over HTTP, p50 and p95, at the seeded catalogue, at 1,000 and at 100,000 products.
// The larger catalogues are the seed plus the seed's synthetic product parents
// (`seed-cli --products N`) in a data folder of their own (the default seed stays as it is). Finally EXPLAIN ANALYZE shows the
// plans of the two queries that grow with the catalogue: the GIN full-text match and the trigram
// lookup of the lexicon.
//
//   npm run bench:search                 # seed, 1k and 100k
//   node bench/search.mjs 1000 20000     # other sizes (total product parents)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_SECRET, root, waitFor } from "./processes.mjs";

const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 4510);
const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const RUNS = 30;
const WARMUP = 3;

const { PGlite } = await import(
  pathToFileURL(join(root, "apps/platform/node_modules/@electric-sql/pglite/dist/index.js")).href
);
const { pg_trgm } = await import(
  pathToFileURL(
    join(root, "apps/platform/node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js"),
  ).href
);

/** The calls timed: what shoppers type, in their language, including typos and SKUs. */
const SEARCHES = [
  { language: "sv", query: "ulltröja" },
  { language: "sv", query: "tröjor" },
  { language: "sv", query: "troja" },
  { language: "sv", query: "marinblå mössa" },
  { language: "sv", query: "tröija" },
  { language: "sv", query: "KS1001" },
  { language: "sv", query: "xyzzyq" },
  { language: "fi", query: "villasukkia" },
  { language: "en", query: "sweter" },
];
const SUGGESTIONS = [
  { language: "sv", query: "ul" },
  { language: "sv", query: "tröj" },
  { language: "fi", query: "neul" },
  { language: "en", query: "hood" },
];

// --- the platform, started and stopped on one data folder ----------------------------------

function startPlatform(dataDir) {
  const child = spawn("node", ["apps/platform/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: BENCH_SECRET,
      KASSA_DEMO_ACCOUNTS: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (chunk) => process.stderr.write(`[platform] ${chunk}`));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    url: `http://127.0.0.1:${PORT}`,
    ready: waitFor(`http://127.0.0.1:${PORT}/health`, 600_000),
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// --- synthetic products ---------------------------------------------------------------------

/**
 * Fills the catalogue up to `total` product parents with the seed's synthetic products
 * (`seed-cli --products`, apps/platform/src/seed/synthetic-products.ts: the seed's product types
 * and colours, a made-up line name from 8,000 syllable combinations, two colour variants each,
 * prices in both markets and store groups, stock; search documents built as they go in).
 */
async function addSyntheticProducts(dataDir, total) {
  const started = Date.now();
  await new Promise((resolve, reject) => {
    const child = spawn("node", ["apps/platform/dist/seed-cli.js", "--products", String(total)], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SESSION_SECRET: BENCH_SECRET,
        KASSA_DEMO_ACCOUNTS: "false",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed: ${code}`))));
  });
  const seconds = (Date.now() - started) / 1000;
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  const { rows } = await db.query("select count(*)::int as n from product_parents");
  const lexicon = await db.query("select count(*)::int as n from search_lexicon");
  await db.close();
  return { products: rows[0].n, lexicon: lexicon.rows[0].n, seconds };
}

// --- timing -----------------------------------------------------------------------------------

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function call(url, path, body) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
  return { ms: performance.now() - started, json };
}

async function timeCalls(url, path, cases, extra) {
  const times = [];
  const totals = {};
  for (const { language, query } of cases) {
    const body = { storeGroupSlug: "default", market: "SE", language, query, ...extra };
    for (let i = 0; i < WARMUP; i++) await call(url, path, body);
    for (let i = 0; i < RUNS; i++) {
      const { ms, json } = await call(url, path, body);
      times.push(ms);
      totals[`${language}:${query}`] = json.total;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), totals };
}

async function explain(dataDir) {
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  const plans = {};
  const text = async (sql) =>
    (await db.query(`explain (analyze, costs off, timing on) ${sql}`)).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");
  plans.fullText = await text(
    `select product_parent_id, ts_rank(document_sv, q) from product_search,
       to_tsquery('swedish', kassa_search_fold('tröjor') || ':*') as q
     where document_sv @@ q`,
  );
  plans.trigram = await text(
    `select lexeme, word from search_lexicon
     where language = 'sv' and (lexeme % 'troij' or 'troij' <% lexeme)
     order by greatest(similarity(lexeme, 'troij'), word_similarity('troij', lexeme)) desc limit 3`,
  );
  await db.close();
  return plans;
}

// --- one catalogue size ---------------------------------------------------------------------

async function measure(total) {
  const dataDir = mkdtempSync(join(tmpdir(), "kassa-bench-search-"));
  try {
    let platform = startPlatform(dataDir);
    await platform.ready;
    const seeded = (
      await call(platform.url, "/enad/search-products/", {
        storeGroupSlug: "default",
        market: "SE",
        language: "sv",
        query: "KS10",
        per_page: 1,
      })
    ).json.total;
    let added = null;
    if (total) {
      await platform.stop();
      added = await addSyntheticProducts(dataDir, total);
      platform = startPlatform(dataDir);
      await platform.ready;
    }
    const search = await timeCalls(platform.url, "/enad/search-products/", SEARCHES, {
      per_page: 24,
    });
    const suggest = await timeCalls(platform.url, "/enad/search-suggestions/", SUGGESTIONS, {
      limit: 6,
    });
    await platform.stop();
    const plans = total >= 100_000 ? await explain(dataDir) : null;
    return {
      label: total ? `${added.products.toLocaleString("en")} products` : "seed catalogue",
      seedProducts: seeded,
      added,
      search,
      suggest,
      plans,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const total of SIZES.length ? SIZES : [0, 1000, 100_000]) {
  console.error(`[bench] measuring ${total || "the seed catalogue"} …`);
  const result = await measure(total);
  results.push(result);
  if (result.added) {
    console.error(
      `[bench] ${result.added.products} products, ${result.added.lexicon} lexicon entries, inserted and indexed in ${result.added.seconds.toFixed(1)} s`,
    );
  }
  console.error(`[bench] totals: ${JSON.stringify(result.search.totals)}`);
}

console.log(`\n| Catalogue | search p50 | search p95 | suggestions p50 | suggestions p95 |`);
console.log(`|---|---|---|---|---|`);
for (const { label, search, suggest } of results) {
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `| ${label} | ${ms(search.p50)} | ${ms(search.p95)} | ${ms(suggest.p50)} | ${ms(suggest.p95)} |`,
  );
}
for (const { label, plans } of results) {
  if (!plans) continue;
  console.log(`\nEXPLAIN ANALYZE at ${label}, the full-text match ("tröjor"):\n`);
  console.log(plans.fullText);
  console.log(`\nEXPLAIN ANALYZE at ${label}, the trigram lookup of the lexicon ("tröija"):\n`);
  console.log(plans.trigram);
}
