// Product search latency (docs/performance.md, "Search"): the platform's search and suggestion
// calls, timed over HTTP, p50 and p95, at the seeded catalogue, at 1,000 and at 100,000 products.
// The larger catalogues are the seed plus synthetic product parents bulk-inserted in SQL into a
// data folder of their own (the default seed stays as it is). Finally EXPLAIN ANALYZE shows the
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
 * Adds `count` product parents after the seed's, in SQL: names from the seed's product types and
 * colours and a made-up line name (20³ syllable combinations, so the vocabulary grows like a real
 * catalogue's), two colour variants each, prices in both markets and store groups, and stock.
 */
async function addSyntheticProducts(dataDir, count) {
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  const started = Date.now();
  await db.exec(`
    create temporary table types (n int, category text, sv text, fi text, en text);
    insert into types values
      (0, 'cat-trojor', 'Ulltröja', 'Villaneule', 'Wool sweater'),
      (1, 'cat-trojor', 'Kofta', 'Neuletakki', 'Cardigan'),
      (2, 'cat-trojor', 'Huvtröja', 'Huppari', 'Hoodie'),
      (3, 'cat-mossor-och-vantar', 'Mössa', 'Pipo', 'Beanie'),
      (4, 'cat-mossor-och-vantar', 'Vantar', 'Lapaset', 'Mittens'),
      (5, 'cat-strumpor', 'Ullsockor', 'Villasukat', 'Wool socks'),
      (6, 'cat-vaskor', 'Ryggsäck', 'Reppu', 'Backpack'),
      (7, 'cat-vaskor', 'Tygkasse', 'Kangaskassi', 'Tote bag'),
      (8, 'cat-textilier', 'Pläd', 'Torkkupeitto', 'Throw blanket'),
      (9, 'cat-textilier', 'Handduk', 'Pyyhe', 'Towel'),
      (10, 'cat-kok', 'Emaljmugg', 'Emalimuki', 'Enamel mug'),
      (11, 'cat-kok', 'Ljuslykta', 'Lyhty', 'Lantern');
    create temporary table colours (n int, code text, sv text, fi text, en text, hex text);
    insert into colours values
      (0, 'NAV', 'Marinblå', 'Laivastonsininen', 'Navy', '#1d3557'),
      (1, 'GRN', 'Skogsgrön', 'Metsänvihreä', 'Forest green', '#2d6a4f'),
      (2, 'RST', 'Rostbrun', 'Ruosteenruskea', 'Rust brown', '#a0522d'),
      (3, 'GRY', 'Gråmelerad', 'Harmaameleerattu', 'Grey melange', '#9e9e9e'),
      (4, 'OWH', 'Naturvit', 'Luonnonvalkoinen', 'Off-white', '#f1ece1'),
      (5, 'BLK', 'Svart', 'Musta', 'Black', '#1b1b1b'),
      (6, 'MUS', 'Senapsgul', 'Sinapinkeltainen', 'Mustard', '#d4a017'),
      (7, 'BUR', 'Vinröd', 'Viininpunainen', 'Burgundy', '#7b1e3a'),
      (8, 'LBL', 'Ljusblå', 'Vaaleansininen', 'Light blue', '#a8c8e8'),
      (9, 'RED', 'Röd', 'Punainen', 'Red', '#c0392b');
    create temporary table syllables (n int, s text);
    insert into syllables
      select n - 1, s from unnest(array['ka','lo','mi','ne','ru','sa','ti','vo','hel','jär',
        'kun','lin','mor','nor','pal','rik','sol','tor','vik','ås']) with ordinality as t(s, n);
    create temporary table synthetic as
      select i, 'pps-' || i as id, t.category, t.sv, t.fi, t.en,
        initcap(a.s || b.s || c.s) as line
      from generate_series(1, ${count}) as i
      join types t on t.n = i % 12
      join syllables a on a.n = (i / 12) % 20
      join syllables b on b.n = (i / 240) % 20
      join syllables c on c.n = (i / 4800) % 20;
  `);
  await db.exec(`
    insert into product_parents (id, slug, brand, name, description, tags, is_active, is_listed,
      image_shape, image_color_hex, sort_order, created_at)
    select id, 'syn-' || i,
      (array['Ullfabriken','Nordvik','Saimaa Design','Skog Studio','Kivi & Co','Fjällbruk'])[1 + i % 6],
      jsonb_build_object('sv', sv || ' ' || line, 'fi', fi || ' ' || line, 'en', en || ' ' || line),
      jsonb_build_object('sv', '', 'fi', '', 'en', ''), '{}', true, true, 'sweater', '#9e9e9e',
      100000 + i, now()
    from synthetic;
    insert into product_parent_categories (product_parent_id, category_id)
      select id, category from synthetic;
    create temporary table synthetic_variants as
      select s.id as parent_id, 'pvs-' || s.i || '-' || k as id, 'SY' || s.i || '-' || (k + 1) || '-' || c.code as sku,
        c.sv, c.fi, c.en, c.hex, k
      from synthetic s
      cross join generate_series(0, 1) as k
      join colours c on c.n = (s.i * (3 + 4 * k)) % 10;
    insert into product_variants (id, product_parent_id, sku, color, color_hex, size, sort_order)
      select id, parent_id, sku, jsonb_build_object('sv', sv, 'fi', fi, 'en', en), hex, null, k
      from synthetic_variants;
    insert into variant_prices (product_variant_id, store_group_id, country_code, currency_code,
      base_price_amount, sale_price_amount, tax_percentage)
      select v.id, g.id, m.country, m.currency, m.amount, m.amount, m.vat
      from synthetic_variants v
      cross join (values ('default'), ('business')) as g(id)
      cross join (values ('SE', 'SEK', 49900, 2500), ('FI', 'EUR', 4990, 2550)) as m(country, currency, amount, vat);
    insert into variant_stocks (product_variant_id, country_code, stock_quantity, reserved_quantity)
      select v.id, m.country, 20, 0
      from synthetic_variants v cross join (values ('SE'), ('FI')) as m(country);
    analyze;
  `);
  const { rows } = await db.query("select count(*)::int as n from product_parents");
  const lexicon = await db.query("select count(*)::int as n from search_lexicon");
  await db.close();
  return {
    products: rows[0].n,
    lexicon: lexicon.rows[0].n,
    seconds: (Date.now() - started) / 1000,
  };
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
      added = await addSyntheticProducts(dataDir, Math.max(0, total - 49));
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
