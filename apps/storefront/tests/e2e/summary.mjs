// Prints, per Playwright project, how many browser tests passed, failed, were flaky or skipped and
// how long they took, from the JSON reports a run writes (test-results/e2e-results*.json, one per
// shard): the count a change must keep (no test may quietly stop running) without reading the
// whole log. `--slowest=N` adds the N slowest tests.
//
//   node tests/e2e/summary.mjs [report.json …] [--slowest=15]
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { testsOfReport } from "./report.mjs";

const args = process.argv.slice(2);
const slowest = Number(args.find((arg) => arg.startsWith("--slowest="))?.split("=")[1] ?? 0);
const resultsDir = join(dirname(fileURLToPath(import.meta.url)), "../../test-results");
let files = args.filter((arg) => !arg.startsWith("--"));
if (files.length === 0) {
  try {
    files = readdirSync(resultsDir)
      .filter((name) => /^e2e-results.*\.json$/.test(name))
      .map((name) => join(resultsDir, name));
  } catch {
    files = [];
  }
}
if (files.length === 0) {
  console.error(`no e2e-results*.json in ${resultsDir}`);
  process.exit(1);
}

const projects = new Map();
const timed = [];
for (const file of files) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  for (const { file: specFile, title, test } of testsOfReport(report)) {
    const counts = projects.get(test.projectName) ?? {
      expected: 0,
      unexpected: 0,
      flaky: 0,
      skipped: 0,
      ms: 0,
      start: Number.POSITIVE_INFINITY,
      end: 0,
    };
    counts[test.status] += 1;
    for (const result of test.results) {
      const start = Date.parse(result.startTime);
      counts.ms += result.duration;
      counts.start = Math.min(counts.start, start);
      counts.end = Math.max(counts.end, start + result.duration);
    }
    projects.set(test.projectName, counts);
    if (test.status !== "skipped") {
      const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
      timed.push({ ms, name: `[${test.projectName}] ${specFile} › ${title}` });
    }
  }
}

const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};
console.log(`Browser tests (${files.length} report${files.length === 1 ? "" : "s"}):`);
for (const [name, c] of projects) {
  const ran = c.expected + c.unexpected + c.flaky;
  console.log(
    `  ${name}: ${ran} ran (${c.expected} passed, ${c.unexpected} failed, ${c.flaky} flaky), ` +
      `${c.skipped} skipped; tests' time ${clock(c.ms)}, first start to last end ${clock(c.end - c.start)}`,
  );
}
if (slowest > 0) {
  console.log(`The ${slowest} slowest (all attempts):`);
  for (const { ms, name } of timed.sort((a, b) => b.ms - a.ms).slice(0, slowest)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  }
}
