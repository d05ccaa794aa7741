#!/usr/bin/env node
// A big company's order list (issue 32, docs/performance.md "A big company's order list"): the
// account's order list (first page), a filtered list, an order-number search and an order page,
// timed for a company with about 100 orders and for one with 10,000, and the ratio of the two.
// Each size is a production platform seeded afresh (embedded PGlite in a temporary folder, the demo
// accounts, `seed-cli --bulk-orders N`: Nordtrade AB gets older orders until it has N; the demo
// gives it 166, so the small size is the demo's 166) and a production storefront, started one
// after the other on the same two ports (so the bench needs two ports only), each timed one
// request at a time, logged in as Nordtrade's buyer (lookups ref2, email and Nordtrade's ref1).
// The platform's `get-orders-page` is timed too. The ratio of the p50s is the figure (goal ≤ 1.3).
// As a control less moved by a loaded machine, each platform also serves Fjällhandel Oy's buyer
// (80 orders, the same three lookups), the two buyers' requests alternating: on the 10,000-order
// platform, Nordtrade ÷ Fjällhandel is the same comparison without a second seed.
//
//   npm run build && npm run bench:order-list
//   node bench/order-list.mjs --sizes 100,10000 --runs 60 --platform-port 4331 --storefront-port 3331
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BENCH_SECRET, launchPlatform, launchStorefront, root } from "./processes.mjs";

const RATIO_GOAL = 1.3;
/** Nordtrade AB's buyer (the company that grows) and Fjällhandel Oy's (80 orders: the control). */
const BUYERS = {
  nordtrade: {
    email: "inkopare@nordtrade.test",
    id: "usr-nordtrade-inkopare",
    organisationNumber: "5566778899",
  },
  fjallhandel: {
    email: "ostaja@fjallhandel.test",
    id: "usr-fjallhandel-ostaja",
    organisationNumber: "12345678",
  },
};
const PASSWORD = "Kassa12345!";

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function page(url, path, cookie, expect) {
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const html = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  if (expect && !html.includes(expect)) throw new Error(`${path} does not show "${expect}"`);
  return html;
}

async function api(url, path, token, body) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
  return json.data;
}

async function logInToStorefront(storefrontUrl, buyer) {
  const answer = await fetch(`${storefrontUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "log-in", email: buyer.email, password: PASSWORD }),
    redirect: "manual",
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((each) => each.split(";")[0])
    .join("; ");
  if (answer.status !== 303 || !cookie.includes("userToken=")) {
    throw new Error(`logging in failed (${answer.status})`);
  }
  return cookie;
}

async function logInToPlatform(platformUrl, buyer) {
  const answer = await fetch(`${platformUrl}/enad/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: buyer.email, password: PASSWORD }),
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(`platform login failed (${answer.status})`);
  return body.access_token;
}

/** The count line of the list, e.g. "166 ordrar · Sida 1 av 9". */
function countOf(html) {
  return html
    .match(/data-testid="order-count"[^>]*>([^<]*(?:<!-- -->[^<]*)*)</)?.[1]
    ?.replaceAll("<!-- -->", "");
}

/**
 * Times one request of each buyer, their requests alternating (Nordtrade, Fjällhandel, …), so
 * that whatever else the machine does weighs on both alike.
 */
async function timeInterleaved(requests, { warmup, runs }) {
  for (let i = 0; i < warmup; i++) for (const request of requests) await request();
  const times = requests.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, request] of requests.entries()) {
      const begun = performance.now();
      await request();
      times[index].push(performance.now() - begun);
    }
  }
  return times.map((list) => {
    const sorted = list.sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
}

/** What one buyer's pages and calls are, on a started platform and storefront. */
async function targetsOf(platformUrl, storefrontUrl, buyer) {
  const cookie = await logInToStorefront(storefrontUrl, buyer);
  const token = await logInToPlatform(platformUrl, buyer);
  const first = await page(storefrontUrl, "/my-account/orders/", cookie);
  const ids = [...first.matchAll(/href="\/my-account\/orders\/(ord-[^"/?]+)"/g)].map((m) => m[1]);
  const references = [...first.matchAll(/>(\d{6,})</g)].map((m) => m[1]);
  const orderId = ids[0];
  const reference = references[3] ?? references[0];
  if (!orderId || !reference) throw new Error("the order list shows no orders");
  const lookups = [
    { source: "ref2", ref: buyer.id },
    { source: "email", email: buyer.email },
    { source: "ref1", ref: buyer.organisationNumber },
  ];
  const listed = await api(platformUrl, "/brink/get-orders-page/", token, { lookups });
  return {
    orders: listed.total,
    count: countOf(first),
    orderId,
    reference,
    requests: {
      list: () => page(storefrontUrl, "/my-account/orders/", cookie),
      filtered: () => page(storefrontUrl, "/my-account/orders/?status=CANCELLED", cookie),
      search: () => page(storefrontUrl, `/my-account/orders/?q=${reference}`, cookie, reference),
      order: () => page(storefrontUrl, `/my-account/orders/${orderId}`, cookie),
      apiList: () => api(platformUrl, "/brink/get-orders-page/", token, { lookups }),
      apiFiltered: () =>
        api(platformUrl, "/brink/get-orders-page/", token, { lookups, status: "CANCELLED" }),
      apiSearch: () =>
        api(platformUrl, "/brink/get-orders-page/", token, {
          lookups: [...lookups, { source: "order", ref: reference }],
          q: reference,
        }),
      apiOrder: () => api(platformUrl, "/brink/get-order-by-id/", token, { orderId }),
    },
  };
}

/**
 * Seeds a fresh embedded database with the demo and Nordtrade's history (`seed-cli --bulk-orders`:
 * a platform's start waits at most two minutes for its health, and 10,000 orders on a loaded
 * machine can take longer).
 */
function seed(dataDir, size) {
  return new Promise((resolve, reject) => {
    const child = spawn("node", ["apps/platform/dist/seed-cli.js", "--bulk-orders", String(size)], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        SESSION_SECRET: BENCH_SECRET,
        KASSA_DEMO_ACCOUNTS: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => process.stderr.write(`[seed] ${chunk}`));
    child.stderr.on("data", (chunk) => process.stderr.write(`[seed] ${chunk}`));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))));
  });
}

/** Seeds one size, starts its platform and storefront, times everything, and stops them. */
async function measureSize(size, settings) {
  console.error(
    `[bench] seeding and starting: Nordtrade AB with ${size.toLocaleString("en")} orders …`,
  );
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), "kassa-bench-orders-"));
  await seed(dataDir, size);
  const platform = await launchPlatform({
    port: settings.platformPort,
    env: { DATA_DIR: dataDir },
  });
  const startSeconds = (performance.now() - started) / 1000;
  const storefront = await launchStorefront({
    port: settings.storefrontPort,
    platformUrl: platform.url,
  });
  try {
    const nordtrade = await targetsOf(platform.url, storefront.url, BUYERS.nordtrade);
    const fjallhandel = await targetsOf(platform.url, storefront.url, BUYERS.fjallhandel);
    const results = {};
    const control = {};
    for (const name of Object.keys(nordtrade.requests)) {
      [results[name], control[name]] = await timeInterleaved(
        [nordtrade.requests[name], fjallhandel.requests[name]],
        settings,
      );
    }
    return {
      size,
      orders: nordtrade.orders,
      controlOrders: fjallhandel.orders,
      count: nordtrade.count,
      startSeconds,
      targets: { orderId: nordtrade.orderId, reference: nordtrade.reference },
      results,
      control,
    };
  } finally {
    await storefront.stop();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const LABELS = {
  list: "order list, first page (/my-account/orders/)",
  filtered: "filtered list (?status=CANCELLED)",
  search: "order-number search (?q=<number>)",
  order: "order page (/my-account/orders/{id})",
  apiList: "platform: get-orders-page, first page",
  apiFiltered: "platform: get-orders-page, CANCELLED",
  apiSearch: "platform: get-orders-page, search",
  apiOrder: "platform: get-order-by-id",
};
const STOREFRONT = ["list", "filtered", "search", "order"];

const ms = (value) => `${value.toFixed(1)} ms`;

export async function measure(options = {}) {
  const settings = {
    sizes: options.sizes ?? [100, 10_000],
    runs: options.runs ?? 60,
    warmup: options.warmup ?? 10,
    platformPort: options.platformPort ?? 4640,
    storefrontPort: options.storefrontPort ?? 3640,
  };
  const measured = [];
  for (const size of settings.sizes) measured.push(await measureSize(size, settings));
  const small = measured[0];
  const large = measured[measured.length - 1];
  const rows = Object.keys(LABELS).map((name) => {
    const ratio = large.results[name].p50 / small.results[name].p50;
    return {
      figure: `Order list: ${LABELS[name]} p50, ${large.orders.toLocaleString("en")} ÷ ${small.orders.toLocaleString("en")} orders`,
      value: `${ratio.toFixed(2)} (${ms(small.results[name].p50)} → ${ms(large.results[name].p50)})`,
      goal: STOREFRONT.includes(name) ? `≤ ${RATIO_GOAL}` : "",
      met: !STOREFRONT.includes(name) || ratio <= RATIO_GOAL,
    };
  });
  // The same platform's two companies, their requests alternating: the figure least moved by load.
  for (const name of STOREFRONT) {
    const ratio = large.results[name].p50 / large.control[name].p50;
    rows.push({
      figure: `Order list: ${LABELS[name]} p50, Nordtrade (${large.orders.toLocaleString("en")}) ÷ Fjällhandel (${large.controlOrders}) on one platform, alternating`,
      value: `${ratio.toFixed(2)} (${ms(large.control[name].p50)} → ${ms(large.results[name].p50)})`,
      goal: `≤ ${RATIO_GOAL}`,
      met: ratio <= RATIO_GOAL,
    });
  }
  rows.results = measured;
  return rows;
}

function printTables(measured, rows) {
  console.log(
    `\n| lookup (p50 / p95) | ${measured.map((m) => `${m.orders.toLocaleString("en")} orders`).join(" | ")} | ratio of p50 |`,
  );
  console.log(`|---|${measured.map(() => "---:").join("|")}|---:|`);
  for (const name of Object.keys(LABELS)) {
    const ratio = measured.at(-1).results[name].p50 / measured[0].results[name].p50;
    console.log(
      `| ${LABELS[name]} | ${measured.map((m) => `${ms(m.results[name].p50)} / ${ms(m.results[name].p95)}`).join(" | ")} | ${ratio.toFixed(2)} |`,
    );
  }
  console.log("");
  for (const m of measured) {
    console.log(
      `KASSA_SEED_BULK_ORDERS=${m.size}: the buyer's list holds ${m.orders} orders ("${m.count}"); search ?q=${m.targets.reference}, order ${m.targets.orderId}; seeded and started in ${m.startSeconds.toFixed(1)} s`,
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
    },
  });
  const rows = await measure({
    sizes: values.sizes?.split(",").map((size) => Number(size.replaceAll("_", ""))),
    runs: values.runs ? Number(values.runs) : undefined,
    platformPort: values["platform-port"] ? Number(values["platform-port"]) : undefined,
    storefrontPort: values["storefront-port"] ? Number(values["storefront-port"]) : undefined,
  });
  printTables(rows.results, rows);
  const out = join(root, "bench/results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, `order-list-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
    JSON.stringify({ rows, results: rows.results }, null, 2),
  );
}
