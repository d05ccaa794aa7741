#!/usr/bin/env node
// Page throughput and latency of the storefront's production build, beside a trivial route of the
// same server (`/healthz`, which touches no backend) and a page that is only the layout (a shop
// page: the root loader, header, menu and footer around static text). Starts its own platform
// (fresh embedded database, seeded) and storefront on loopback ports, measures with autocannon,
// prints a table, the ratios and the goals, and stops everything. Bounded: a few seconds
// per route, loopback only. `measure()` is what `bench/speed.mjs` runs.
//
//   npm run build && npm run bench:pages     (or: node bench/pages.mjs --duration 10 --connections 10)
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { root, startPlatform, startStorefront, stopAll } from "./processes.mjs";

const require = createRequire(join(root, "apps/storefront/package.json"));
const autocannon = require("autocannon");

/** The layout-only page: root loader, header, menu and footer around static text, no backend call. */
export const LAYOUT_PATH = "/sv-se/integritetspolicy";
const PRODUCT_PATH = "/sv-se/produkt/ulltroja-fjall";

/** Goals of issue 15 ("Speed"), as ratios of throughput. */
export const GOALS = { layoutVsTrivial: 0.35, pageVsLayout: 0.8 };

/**
 * Measures every route; answers the rows of the table and the figures of the goals
 * (`{ figure, value, goal, met }`). Stops the processes it started.
 */
export async function measure({
  duration = 8,
  connections = 10,
  platformPort = 4300,
  storefrontPort = 3300,
  accountPages = true,
} = {}) {
  // The demo users and their orders are seeded, for the account pages below (a loopback-only platform).
  const platformUrl = await startPlatform({ port: platformPort });
  const storefrontUrl = await startStorefront({ port: storefrontPort, platformUrl });

  // A product that is in stock, and a cart holding it (the cookie a shopper's browser would send).
  const productPath = PRODUCT_PATH;
  const added = await fetch(`${storefrontUrl}${productPath}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "add", productVariantId: "pv-1001-01", quantity: "2" }),
    redirect: "manual",
  });
  const cartCookie = added.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair.startsWith("cartToken="))
    .join("; ");
  if (!cartCookie) throw new Error(`adding to the cart failed (${added.status})`);

  // A company buyer's login (Nordtrade AB, 166 orders): the account's order list and one order.
  const loggedIn = await fetch(`${storefrontUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({
      intent: "log-in",
      email: "inkopare@nordtrade.test",
      password: "Kassa12345!",
    }),
    redirect: "manual",
  });
  const loginCookie = loggedIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  if (loggedIn.status !== 303 || !loginCookie.includes("userToken=")) {
    throw new Error(`logging in failed (${loggedIn.status})`);
  }

  const targets = [
    { name: "trivial route (/healthz)", path: "/healthz", headers: {} },
    { name: `layout-only page (${LAYOUT_PATH})`, path: LAYOUT_PATH, headers: {} },
    { name: "home page (/)", path: "/", headers: {} },
    { name: `product page (${productPath})`, path: productPath, headers: {} },
    { name: "cart page (/cart, 1 line)", path: "/cart", headers: { cookie: cartCookie } },
    ...(accountPages ? accountTargets(loginCookie) : []),
  ];
  return finish(await run(storefrontUrl, targets, { duration, connections }), {
    duration,
    connections,
  });
}

function accountTargets(loginCookie) {
  return [
    {
      name: "order list (/my-account/orders/, 166 orders, 3 lookups)",
      path: "/my-account/orders/",
      headers: { cookie: loginCookie },
    },
    {
      name: "order page (/my-account/orders/{id})",
      path: "/my-account/orders/ord-seed-decide-01",
      headers: { cookie: loginCookie },
    },
  ];
}

async function run(storefrontUrl, targets, { duration, connections }) {
  const results = [];
  for (const target of targets) {
    // Warm up (JIT, connection pools), then measure.
    await autocannon({
      url: `${storefrontUrl}${target.path}`,
      headers: target.headers,
      connections,
      duration: 2,
    });
    const result = await autocannon({
      url: `${storefrontUrl}${target.path}`,
      headers: target.headers,
      connections,
      duration,
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${target.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    results.push({
      name: target.name,
      requestsPerSecond: result.requests.average,
      latencyP50: result.latency.p50,
      latencyP99: result.latency.p99,
      requests: result.requests.total,
    });
  }
  stopAll();
  return results;
}

function finish(results, { duration, connections }) {
  const trivial = results[0].requestsPerSecond;
  const rows = results.map((row) => ({
    ...row,
    ratio: row.requestsPerSecond / trivial,
  }));
  console.log(
    `\nStorefront production build, ${connections} connections, ${duration} s per route\n`,
  );
  console.log("| route | req/s | p50 ms | p99 ms | vs trivial |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.requestsPerSecond.toFixed(0)} | ${row.latencyP50} | ${row.latencyP99} | ${(row.ratio * 100).toFixed(1)} % |`,
    );
  }
  const rate = (prefix) => rows.find((row) => row.name.startsWith(prefix)).requestsPerSecond;
  const layout = rate("layout-only");
  const figures = [
    {
      figure: "layout-only page ÷ /healthz (req/s)",
      value: (layout / trivial).toFixed(2),
      goal: `≥ ${GOALS.layoutVsTrivial}`,
      met: layout / trivial >= GOALS.layoutVsTrivial,
    },
    ...["product page", "cart page"].map((page) => {
      const ratio = rate(page) / layout;
      return {
        figure: `${page} ÷ layout-only page (req/s)`,
        value: ratio.toFixed(2),
        goal: `≥ ${GOALS.pageVsLayout}`,
        met: ratio >= GOALS.pageVsLayout,
      };
    }),
  ];
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(
    join(root, "bench/results", `pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
    JSON.stringify({ connections, duration, rows, figures }, null, 2),
  );
  return { rows, figures };
}

/** Prints the figures beside their goals (also used by `bench/speed.mjs`). */
export function printFigures(figures) {
  console.log("| figure | value | goal | met |");
  console.log("|---|---:|---|---|");
  for (const { figure, value, goal, met } of figures) {
    console.log(`| ${figure} | ${value} | ${goal} | ${met ? "yes" : "**no**"} |`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: options } = parseArgs({
    options: {
      duration: { type: "string", default: "8" },
      connections: { type: "string", default: "10" },
      "platform-port": { type: "string", default: "4300" },
      "storefront-port": { type: "string", default: "3300" },
    },
  });
  const { figures } = await measure({
    duration: Number(options.duration),
    connections: Number(options.connections),
    platformPort: Number(options["platform-port"]),
    storefrontPort: Number(options["storefront-port"]),
  });
  console.log("");
  printFigures(figures);
  process.exit(0);
}
