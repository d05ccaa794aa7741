#!/usr/bin/env node
// Checkout throughput of the platform: how many checkouts start per second, and how many whole
// purchases (session, line, checkout, payment with the Klarna sandbox, order placed with its stock
// draw and confirmation mail) complete per second, with their latencies. Starts its own platform
// (fresh embedded PGlite, seeded; or the PostgreSQL server given with --database-url), measures
// with a fixed number of concurrent shoppers for a fixed time, prints a table, and stops.
//
//   npm run build && node bench/checkout.mjs                      (PGlite)
//   node bench/checkout.mjs --database-url postgres://root@127.0.0.1:5432/bench_checkout
import { parseArgs } from "node:util";
import { startPlatform, stopAll } from "./processes.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: "4310" },
    "database-url": { type: "string" },
  },
});
const durationMs = Number(options.duration) * 1000;
const connections = Number(options.connections);
const VARIANT = "pv-1039-01"; // Emaljmugg Koli: one variant, sold in SE
const storefront = "http://storefront.bench";

const platformUrl = await startPlatform({
  port: options.port,
  env: {
    ...(options["database-url"] ? { DATABASE_URL: options["database-url"] } : {}),
    STOREFRONT_URL: storefront,
    KASSA_PAYMENT_PROVIDERS: "*:*=KlarnaCheckout",
    KASSA_DEV_MAIL: "true",
  },
});

// Enough stock that the run never sells out (the /dev lever, on with KASSA_DEV_MAIL).
await call("PUT", `/dev/stocks/${VARIANT}/SE`, { body: { stockQuantity: 1_000_000 } });

let addressCounter = 0;
/** Each shopper comes from its own address, as real ones do (session starts are limited per address). */
function nextAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function call(method, path, { body, token, address, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers["x-forwarded-for"] = address;
  let payload;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${platformUrl}${path}`, {
    method,
    headers,
    body: payload,
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status >= 400)
    throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return { status: response.status, json: text.startsWith("{") ? JSON.parse(text) : null };
}

async function cartWithOneLine() {
  const address = nextAddress();
  const started = await call("POST", "/shopper/sessions/start", {
    body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
    address,
  });
  const token = started.json.token;
  await call("POST", "/shopper/sessions/items", {
    token,
    body: { productVariantId: VARIANT, quantity: 1 },
  });
  return token;
}

const startBody = { paymentProvider: "KlarnaCheckout", shippingProvider: "PostNord" };

async function purchase() {
  const token = await cartWithOneLine();
  const checkout = await call("POST", "/shopper/sessions/checkout/start", {
    token,
    body: startBody,
  });
  const order = await call("POST", "/shopper-kco/orders", {
    token: checkout.json.token,
    body: {
      merchant_urls: {
        terms: `${storefront}/sv-se/kopvillkor`,
        checkout: `${storefront}/checkout`,
        confirmation: `${storefront}/checkout/confirmation?provider=klarna&order_id={checkout.order.id}`,
      },
    },
  });
  const payStarted = performance.now();
  const paid = await call("POST", new URL(order.json.hosted_payment_page_url).pathname, {
    form: {
      givenName: "Bench",
      familyName: "Shopper",
      email: "bench@example.se",
      telephoneNumber: "+46701234567",
      streetAddress: "Storgatan 1",
      postalCode: "11122",
      city: "Stockholm",
      country: "SE",
      outcome: "approve",
    },
  });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
  return performance.now() - payStarted;
}

/** Runs `work` on `connections` concurrent loops for the duration; answers counts and latencies. */
async function measure(work) {
  const latencies = [];
  const extra = [];
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const inner = await work();
        latencies.push(performance.now() - started);
        if (typeof inner === "number") extra.push(inner);
      }
    }),
  );
  const percentile = (list, p) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };
  return {
    count: latencies.length,
    perSecond: latencies.length / (durationMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    innerP50: percentile(extra, 50),
    innerP99: percentile(extra, 99),
  };
}

// Warm up: JIT, connection pools, the first queries.
for (let i = 0; i < 5; i++) await purchase();

// Checkout start: carts prepared beforehand, so only the start is measured.
const carts = await Promise.all(Array.from({ length: 50 }, () => cartWithOneLine()));
let next = 0;
const starts = await measure(async () => {
  const token = carts[next++ % carts.length];
  await call("POST", "/shopper/sessions/checkout/start", { token, body: startBody });
});
const purchases = await measure(purchase);

stopAll();

const database = options["database-url"] ? "PostgreSQL server" : "PGlite (embedded)";
console.log(
  `\nPlatform on ${database}, ${connections} concurrent shoppers, ${options.duration} s each\n`,
);
console.log("| measured | per second | p50 ms | p99 ms |");
console.log("|---|---:|---:|---:|");
const ms = (value) => value.toFixed(1);
console.log(
  `| checkout start | ${starts.perSecond.toFixed(0)} | ${ms(starts.p50)} | ${ms(starts.p99)} |`,
);
console.log(
  `| whole purchase (session, line, checkout, Klarna order, pay → order) | ${purchases.perSecond.toFixed(1)} | ${ms(purchases.p50)} | ${ms(purchases.p99)} |`,
);
console.log(
  `| of which: pay → order placed (stock drawn, order written, mail stored) | – | ${ms(purchases.innerP50)} | ${ms(purchases.innerP99)} |`,
);
process.exit(0);
