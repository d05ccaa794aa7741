#!/usr/bin/env node
// Print files (issue 12): how long the platform takes to draw an EPS as a PNG, and how many
// conversions may run at once before the shop's pages suffer. Starts a platform and the storefront
// (production builds, fresh embedded database), then:
//
// 1. converts a logo-sized EPS one at a time (`POST /api/eps-convert`) and reports the latency;
// 2. measures the product page with autocannon alone, then again while 1, 2, 4 and 8 admins keep
//    converting without pause, and reports the page's throughput and latency beside the
//    conversions done and refused (503: the platform's wait queue was full).
//
//   npm run build && node bench/conversion.mjs
//   node bench/conversion.mjs --conversions-at-once 2 --duration 10
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root, startPlatform, startStorefront, stopAll } from "./processes.mjs";

const require = createRequire(join(root, "apps/storefront/package.json"));
const autocannon = require("autocannon");

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    serial: { type: "string", default: "12" },
    loads: { type: "string", default: "1,2,4,8" },
    "conversions-at-once": { type: "string" },
    "platform-port": { type: "string", default: "4320" },
    "storefront-port": { type: "string", default: "3320" },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const loads = options.loads.split(",").map(Number);

/**
 * A logo as a designer's EPS has it: a 400 × 200 pt artboard of filled and stroked Bézier shapes
 * (a rosette of 180 petals over bands of colour) and type in a standard font.
 */
function logoEps() {
  const lines = [
    "%!PS-Adobe-3.0 EPSF-3.0",
    "%%BoundingBox: 0 0 400 200",
    "%%Title: bench logo",
    "%%EndComments",
  ];
  for (let band = 0; band < 20; band++) {
    lines.push(`${(band / 20).toFixed(3)} 0.45 0.35 setrgbcolor 0 ${band * 10} 400 10 rectfill`);
  }
  lines.push("gsave 100 100 translate");
  for (let petal = 0; petal < 180; petal++) {
    const hue = (petal % 12) / 12;
    lines.push(
      `gsave ${petal * 2} rotate ${hue.toFixed(3)} 0.6 0.9 sethsbcolor`,
      "0 0 moveto 20 30 60 30 80 0 curveto 60 -12 20 -12 0 0 curveto closepath fill",
      "0 0 0 setrgbcolor 0.3 setlinewidth 0 0 moveto 20 30 60 30 80 0 curveto stroke grestore",
    );
  }
  lines.push(
    "grestore",
    "/Helvetica-Bold findfont 36 scalefont setfont 1 1 1 setrgbcolor",
    "200 80 moveto (Nordtrade) show",
    "/Helvetica findfont 14 scalefont setfont 210 60 moveto (Tryckfil, bench) show",
    "showpage",
    "%%EOF",
  );
  return Buffer.from(`${lines.join("\n")}\n`, "latin1");
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const platformUrl = await startPlatform({
  port: options["platform-port"],
  env: options["conversions-at-once"]
    ? { KASSA_CONVERSIONS_AT_ONCE: options["conversions-at-once"] }
    : {},
});
const storefrontUrl = await startStorefront({ port: options["storefront-port"], platformUrl });

// A company admin may convert (ADR 0014).
const login = await fetch(`${platformUrl}/enad/login/`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "admin@nordtrade.test", password: "Kassa12345!" }),
});
if (!login.ok) throw new Error(`logging in failed (${login.status})`);
const { access_token: token } = await login.json();
const eps = logoEps();

/** One conversion: its status and milliseconds. */
async function convert() {
  const form = new FormData();
  form.set("file", new Blob([eps]), "logo.eps");
  const started = performance.now();
  const response = await fetch(`${platformUrl}/api/eps-convert`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const png = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status === 200 && png.readUInt32BE(0) !== 0x89504e47) {
    throw new Error("the converter answered 200 with something that is not a PNG");
  }
  return { status: response.status, ms, width: response.status === 200 ? png.readUInt32BE(16) : 0 };
}

// 1. One at a time.
await convert(); // warm up
const serial = [];
let width = 0;
for (let index = 0; index < Number(options.serial); index++) {
  const result = await convert();
  if (result.status !== 200) throw new Error(`conversion answered ${result.status}`);
  serial.push(result.ms);
  width = result.width;
}
serial.sort((a, b) => a - b);

// 2. The product page, alone and beside conversions that never pause.
const page = `${storefrontUrl}/sv-se/produkt/ulltroja-fjall`;
async function measurePage() {
  const result = await autocannon({ url: page, connections, duration });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`the product page failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
await autocannon({ url: page, connections, duration: 2 }); // warm up
const rows = [{ converters: 0, ...(await measurePage()), done: 0, refused: 0, convP50: 0 }];
for (const converters of loads) {
  let running = true;
  const times = [];
  let refused = 0;
  const workers = Array.from({ length: converters }, async () => {
    while (running) {
      const result = await convert();
      if (result.status === 200) times.push(result.ms);
      else if (result.status === 503) {
        refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      } else throw new Error(`conversion answered ${result.status}`);
    }
  });
  const measured = await measurePage();
  running = false;
  await Promise.all(workers);
  times.sort((a, b) => a - b);
  rows.push({
    converters,
    ...measured,
    done: times.length / duration,
    refused,
    convP50: quantile(times, 0.5) ?? 0,
  });
}
stopAll();

console.log(
  `\nEPS → PNG (${eps.length} bytes, 400 × 200 pt → ${width} px wide at 150 dpi), one at a time, ${serial.length} runs:`,
);
console.log(
  `p50 ${quantile(serial, 0.5).toFixed(0)} ms, p95 ${quantile(serial, 0.95).toFixed(0)} ms, max ${serial.at(-1).toFixed(0)} ms\n`,
);
console.log(
  `Product page (${connections} connections, ${duration} s) while admins convert without pause; ${cpus().length} cores, KASSA_CONVERSIONS_AT_ONCE=${options["conversions-at-once"] ?? "default"}\n`,
);
console.log(
  "| converting admins | page req/s | vs alone | page p50 ms | page p99 ms | conversions/s | conversion p50 ms | refused (503) |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
const alone = rows[0].rps;
for (const row of rows) {
  console.log(
    `| ${row.converters} | ${row.rps.toFixed(0)} | ${((row.rps / alone) * 100).toFixed(0)} % | ${row.p50} | ${row.p99} | ${row.done.toFixed(1)} | ${row.convP50.toFixed(0)} | ${row.refused} |`,
  );
}
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(
  join(root, "bench/results", `conversion-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
  JSON.stringify({ duration, connections, serial, rows }, null, 2),
);
process.exit(0);
