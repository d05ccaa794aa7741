// The browser's side of the shop (issue 15, docs/performance.md "The browser"): the JavaScript the
// product page's first load downloads (the module preloads and entry of the served HTML, counted
// as the server sends them, gzip), and the Lighthouse mobile performance score of the home page, a
// category, the product page and a cart with one line (median of a few runs).
//
//   npm run build && npm run bench:browser
//   node bench/browser.mjs --runs 5          # more Lighthouse runs per page
//   node bench/browser.mjs --no-lighthouse   # the JavaScript figure alone
//
// Lighthouse is not a dependency of the project (`npm test` never needs it): it is fetched by
// `npx --yes lighthouse@<LIGHTHOUSE_VERSION>` on the first run and drives Debian's Chromium
// (`CHROME_PATH`, default /usr/bin/chromium).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startPlatform, startStorefront, stopAll } from "./processes.mjs";

/** The last release that runs on Node 20 (13.x needs Node 22). */
export const LIGHTHOUSE_VERSION = "12.8.2";
export const JS_BUDGET_BYTES = 100 * 1024;
const PRODUCT_PATH = "/sv-se/produkt/ulltroja-fjall";
const PAGES = [
  { name: "home", path: "/" },
  { name: "category", path: "/sv-se/kategori/klader" },
  { name: "product", path: PRODUCT_PATH },
  { name: "cart (1 line)", path: "/cart", withCart: true },
];

/** GET as a browser would, accepting gzip; the body's bytes as sent (still compressed). */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}

async function html(url, headers) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/**
 * The scripts a first load of `url` downloads: every `<link rel="modulepreload">`, the entry the
 * inline module imports, and any `<script src>` of the same site. Each is fetched as the server
 * sends it (gzip); the sizes are of the compressed bodies.
 */
export async function firstLoadJs(url) {
  const page = await html(url);
  const scripts = new Set();
  for (const match of page.matchAll(/<link rel="modulepreload" href="([^"]+)"/g))
    scripts.add(match[1]);
  for (const match of page.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(match[1]);
  for (const match of page.matchAll(/<script[^>]* src="([^"]+)"/g)) scripts.add(match[1]);
  const files = [];
  for (const src of scripts) {
    const address = new URL(src, url);
    if (address.origin !== new URL(url).origin) continue;
    const response = await get(address);
    if (response.status !== 200) throw new Error(`${address}: ${response.status}`);
    files.push({
      path: address.pathname,
      bytes: response.body.length,
      encoding: response.headers["content-encoding"] ?? "identity",
    });
  }
  const translations = page.match(/<link rel="preload" as="fetch" href="([^"]+)"/)?.[1];
  const json = translations ? await get(new URL(translations.replaceAll("&amp;", "&"), url)) : null;
  return {
    total: files.reduce((sum, file) => sum + file.bytes, 0),
    files: files.sort((a, b) => b.bytes - a.bytes),
    translationsBytes: json?.body.length ?? 0,
  };
}

/** A cart with one line: the product page's add form, posted as a browser without scripts would. */
async function cartCookie(storefront) {
  const page = await html(`${storefront}${PRODUCT_PATH}`);
  const field = (name) => page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? "";
  const response = await fetch(`${storefront}${PRODUCT_PATH}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: storefront },
    body: new URLSearchParams({
      intent: "add",
      productVariantId: field("productVariantId"),
      productParentId: field("productParentId"),
      quantity: "1",
    }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const cookie = cookies.join("; ");
  const cart = await html(`${storefront}/cart`, { cookie });
  if (!cart.includes(field("productVariantId")) && !/data-testid="cart-line/.test(cart)) {
    process.stderr.write("warning: the cart page may not show the added line\n");
  }
  return cookie;
}

/**
 * One Lighthouse run (mobile) of `url` in `category` (`performance`, `seo`): the category's score
 * and the performance timings, with the report's failed audits of that category.
 */
export function lighthouse(url, { cookie, outputPath, category = "performance" }) {
  const args = [
    "--yes",
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${outputPath}`,
    `--only-categories=${category}`,
    "--chrome-flags=--headless --no-sandbox --disable-gpu",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  return new Promise((resolve, reject) => {
    execFile(
      "npx",
      args,
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
        maxBuffer: 1 << 26,
      },
      (error, _stdout, stderr) => {
        if (error) return reject(new Error(`lighthouse ${url}: ${stderr || error.message}`));
        const report = JSON.parse(readFileSync(outputPath, "utf8"));
        const failed = report.categories[category].auditRefs
          .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        resolve({
          score: Math.round((report.categories[category].score ?? 0) * 100),
          failed,
          lcp: report.audits["largest-contentful-paint"]?.numericValue,
          fcp: report.audits["first-contentful-paint"]?.numericValue,
          tbt: report.audits["total-blocking-time"]?.numericValue,
        });
      },
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Starts the production build (its own ports), measures, stops it. Rows for the lead's
 * orchestrator: `{ figure, value, goal, met }`.
 */
export async function measure({
  runs = 3,
  withLighthouse = true,
  platformPort = Number(process.env.BENCH_BROWSER_PLATFORM_PORT ?? 4628),
  storefrontPort = Number(process.env.BENCH_BROWSER_STOREFRONT_PORT ?? 3628),
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const platformUrl = await startPlatform({ port: platformPort });
  // Loopback as `localhost`, as a shopper's browser would name the shop.
  const storefront = (await startStorefront({ port: storefrontPort, platformUrl })).replace(
    "127.0.0.1",
    "localhost",
  );
  try {
    const js = await firstLoadJs(`${storefront}${PRODUCT_PATH}`);
    log(`product page first-load JS: ${kb(js.total)} in ${js.files.length} files`);
    for (const file of js.files)
      log(`  ${kb(file.bytes).padStart(9)}  ${file.path} (${file.encoding})`);
    log(`  translations (JSON, one language, not JS): ${kb(js.translationsBytes)}`);
    const rows = [
      {
        figure: "product page first-load JS (gzip, as served)",
        value: `${kb(js.total)} in ${js.files.length} files`,
        goal: "≤ 100 KB",
        met: js.total <= JS_BUDGET_BYTES,
      },
    ];
    if (!withLighthouse) return rows;

    const cookie = await cartCookie(storefront);
    const folder = mkdtempSync(join(tmpdir(), "kassa-lighthouse-"));
    try {
      for (const page of PAGES) {
        const results = [];
        for (let run = 0; run < runs; run++) {
          results.push(
            await lighthouse(`${storefront}${page.path}`, {
              cookie: page.withCart ? cookie : undefined,
              outputPath: join(folder, `report-${run}.json`),
            }),
          );
        }
        const score = median(results.map((result) => result.score));
        log(
          `Lighthouse mobile ${page.name}: ${results.map((r) => r.score).join(", ")} → median ${score}` +
            ` (LCP ${Math.round(median(results.map((r) => r.lcp)))} ms,` +
            ` FCP ${Math.round(median(results.map((r) => r.fcp)))} ms,` +
            ` TBT ${Math.round(median(results.map((r) => r.tbt)))} ms)`,
        );
        rows.push({
          figure: `Lighthouse mobile performance, ${page.name} (${page.path}), median of ${runs}`,
          value: String(score),
          goal: "100",
          met: score >= 100,
        });
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    return rows;
  } finally {
    stopAll();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const runsAt = argv.indexOf("--runs");
  const rows = await measure({
    runs: runsAt >= 0 ? Number(argv[runsAt + 1]) : 3,
    withLighthouse: !argv.includes("--no-lighthouse"),
  });
  console.log("");
  for (const row of rows) {
    console.log(`${row.met ? "✓" : "✗"} ${row.figure}: ${row.value} (goal ${row.goal})`);
  }
  process.exit(0);
}
