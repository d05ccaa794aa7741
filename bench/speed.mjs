#!/usr/bin/env node
// Every figure of the speed issue (docs/performance.md) beside its goal, in one run: the layout and
// the pages (bench/pages.mjs), the storefront's price and stock cache (bench/cache.mjs), what the
// browser loads and Lighthouse's score (bench/browser.mjs), and the catalogue at 1,000 and 100,000
// products (bench/catalogue-size.mjs). Each part starts and stops its own processes; the whole run
// takes about 15 minutes, most of it seeding 100,000 products. Skip parts with `--skip`.
//
//   npm run build && npm run bench
//   node bench/speed.mjs --skip catalogue-size,browser
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { printFigures } from "./pages.mjs";
import { root } from "./processes.mjs";

const PARTS = ["pages", "cache", "browser", "catalogue-size"];

const { values: options } = parseArgs({
  options: { skip: { type: "string", default: "" } },
});
const skipped = new Set(options.skip.split(",").filter(Boolean));

const figures = [];
for (const part of PARTS) {
  if (skipped.has(part)) continue;
  console.log(`\n## ${part}\n`);
  const { measure } = await import(`./${part}.mjs`);
  const result = await measure({ accountPages: false });
  // bench/pages.mjs answers { rows, figures }; the others answer their figures.
  const rows = Array.isArray(result) ? result : result.figures;
  figures.push(...rows.map((row) => ({ part, ...row })));
}

console.log("\n## Every figure beside its goal\n");
printFigures(figures);
const short = figures.filter((figure) => !figure.met);
console.log(
  short.length === 0
    ? "\nEvery goal is met."
    : `\n${short.length} of ${figures.length} goals are not met; docs/performance.md says why.`,
);
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(
  join(root, "bench/results", `speed-${new Date().toISOString().replace(/[:.]/g, "-")}.json`),
  JSON.stringify(figures, null, 2),
);
process.exit(0);
