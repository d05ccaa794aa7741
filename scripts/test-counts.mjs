// How many tests each suite ran, read from the machine-readable reports the suites write
// (vitest's JSON reporter, Playwright's JSON reporter), printed at the end of a run so that a test
// that silently stopped running shows as a smaller number. `docs/testing.md` keeps the counts of
// the last full run to compare with.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { testsOfReport } from "../apps/storefront/tests/e2e/report.mjs";
import { root } from "./lib.mjs";

/** Where each workspace package's vitest run writes its report (`--outputFile.json`). */
export const VITEST_REPORT = "test-reports/vitest.json";
/** Where the PostgreSQL pass of the platform's suites writes its report. */
export const VITEST_POSTGRES_REPORT = "test-reports/vitest-postgres.json";
/** Where Playwright writes its report in an unsharded run (apps/storefront/playwright.config.ts). */
export const PLAYWRIGHT_REPORT = "apps/storefront/test-results/e2e-results.json";
/** Where the cross-engine suite (WebKit, Firefox) writes its report (playwright.engines.config.ts). */
export const ENGINES_REPORT = "apps/storefront/test-results/engines-results.json";

const PACKAGES = [
  "packages/domain",
  "packages/api-client",
  "packages/i18n",
  "packages/ui",
  "apps/platform",
  "apps/storefront",
];

/** The vitest arguments that make a run write its report where `countTests` reads it. */
export function vitestReportArgs(report = VITEST_REPORT) {
  return ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
}

/**
 * One row per suite: `{ suite, tests, passed, failed, skipped }`. A suite whose report is missing
 * is listed with `tests: undefined`, so a suite that did not run is seen too.
 */
export function countTests({ reports = [VITEST_REPORT], playwright = true } = {}) {
  const rows = [];
  for (const report of reports) {
    for (const folder of PACKAGES) {
      const file = join(root, folder, report);
      const name = report === VITEST_REPORT ? folder : `${folder} (${report})`;
      if (!existsSync(file)) {
        if (report === VITEST_REPORT) rows.push({ suite: name, tests: undefined });
        continue;
      }
      const json = JSON.parse(readFileSync(file, "utf8"));
      rows.push({
        suite: name,
        tests: json.numTotalTests,
        passed: json.numPassedTests,
        failed: json.numFailedTests,
        skipped: json.numPendingTests + json.numTodoTests,
        failures: vitestFailures(json),
      });
    }
  }
  if (playwright) {
    rows.push(...countPlaywright(join(root, PLAYWRIGHT_REPORT)));
    rows.push(...countPlaywright(join(root, ENGINES_REPORT)));
  }
  return rows;
}

/**
 * The failed tests of a vitest JSON report, as `file › test: first line of the error`, and files
 * that failed without a test (an import or a hook). A CI log keeps only its tail, so the names of
 * what failed must be in it, not only how many.
 */
function vitestFailures(json) {
  const failures = [];
  for (const file of json.testResults ?? []) {
    const name = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === "failed") {
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
  }
  return failures;
}

function firstLine(text = "") {
  return text.split("\n", 1)[0].slice(0, 300);
}

function countPlaywright(reportFile) {
  if (!existsSync(reportFile)) return [{ suite: relative(root, reportFile), tests: undefined }];
  const json = JSON.parse(readFileSync(reportFile, "utf8"));
  const perProject = new Map();
  for (const { file, title, test } of testsOfReport(json)) {
    const row = perProject.get(test.projectName) ?? {
      suite: `browser · ${test.projectName}`,
      tests: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
      failures: [],
      flaky: [],
    };
    row.tests += 1;
    // `expected` passed first time, `flaky` passed on its retry, `skipped` did not run.
    if (test.status === "expected" || test.status === "flaky") row.passed += 1;
    if (test.status === "flaky") row.flaky.push(`${file} › ${title}`);
    else if (test.status === "skipped") row.skipped += 1;
    else {
      row.failed += 1;
      row.failures.push(`${file} › ${title} (${test.status})`);
    }
    perProject.set(test.projectName, row);
  }
  return [...perProject.values()];
}

/** The rows as a table for the end of a log. */
export function formatCounts(rows) {
  const lines = ["", "Tests per suite (tests · passed · failed · skipped):"];
  let total = 0;
  for (const row of rows) {
    if (row.tests === undefined) {
      lines.push(`  ${row.suite.padEnd(44)} no report (did not run)`);
      continue;
    }
    total += row.tests;
    lines.push(
      `  ${row.suite.padEnd(44)} ${String(row.tests).padStart(5)} · ${row.passed} · ${row.failed} · ${row.skipped}`,
    );
  }
  lines.push(`  ${"total".padEnd(44)} ${String(total).padStart(5)}`);
  const failed = rows.flatMap((row) => (row.failures ?? []).map((failure) => [row.suite, failure]));
  if (failed.length > 0) {
    lines.push("", "Failed tests:");
    for (const [suite, failure] of failed) lines.push(`  ${suite}: ${failure}`);
  }
  // A test that passed only on its retry (CI retries once) is named, so a flake is seen and fixed.
  const flaky = rows.flatMap((row) => (row.flaky ?? []).map((test) => [row.suite, test]));
  if (flaky.length > 0) {
    lines.push("", "Passed only on the retry (flaky):");
    for (const [suite, test] of flaky) lines.push(`  ${suite}: ${test}`);
  }
  return lines.join("\n");
}

// `node scripts/test-counts.mjs [--postgres]`: the counts of the last run's reports.
if (import.meta.url === `file://${process.argv[1]}`) {
  const postgres = process.argv.includes("--postgres");
  console.log(
    formatCounts(
      countTests({
        reports: [VITEST_REPORT, ...(postgres ? [VITEST_POSTGRES_REPORT] : [])],
      }),
    ),
  );
}
