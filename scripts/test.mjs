#!/usr/bin/env node
// `npm test`: installs what is needed (workspace packages, and Debian's Chromium, Ghostscript and
// Varnish when missing) and runs every test: changesets and workflows, unit and platform tests,
// typecheck, lint and API reports per package, the packages as another app installs them, a dry
// release to a local registry, and the browser tests with JavaScript on and off (Chromium), then
// the cross-engine flows in WebKit and Firefox.
//
// Two cores, so the order matters (docs/testing.md has the timings). The browser tests are the
// longest phase, so they start as soon as the build is ready; everything else runs beside them in
// two lanes at a lower priority, longest first, in the time the browsers leave.
// At the end: each phase's wall time and the number of tests per suite.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { installDependencies, pnpmVersion, root } from "./lib.mjs";
import { envWithNode, nodeBinary } from "./node-versions.mjs";
import { ensureSystemDependencies } from "./system-deps.mjs";
import {
  countTests,
  ENGINES_REPORT,
  formatCounts,
  PLAYWRIGHT_REPORT,
  VITEST_POSTGRES_REPORT,
  VITEST_REPORT,
  vitestReportArgs,
} from "./test-counts.mjs";
import { clock, createTimeline } from "./timeline.mjs";

const started = Date.now();
ensureSystemDependencies();
installDependencies();
// The apps run on Node 20 (this machine's), 22 and 24 (ADR 0046); 24 and 22 come from the npm
// registry's `node` package into node_modules/.cache, once.
const node24 = nodeBinary(24);
nodeBinary(22);
const installsTook = Date.now() - started;

// Reports of an earlier run would be counted as this run's.
for (const folder of ["packages", "apps"]) {
  for (const name of readdirSync(join(root, folder))) {
    rmSync(join(root, folder, name, "test-reports"), { recursive: true, force: true });
  }
}
rmSync(join(root, PLAYWRIGHT_REPORT), { force: true });
rmSync(join(root, ENGINES_REPORT), { force: true });

/**
 * A PostgreSQL server to run the platform's database suites on as well (`.ci/run` sets it); the
 * default run needs none.
 */
const postgresUrl = process.env.KASSA_TEST_POSTGRES_URL;

const timeline = createTimeline();
const pnpmArgs = ["--yes", `pnpm@${pnpmVersion}`];
/** `turbo run …` through the workspace's pnpm. */
const turbo = (exec, args) => exec("npx", [...pnpmArgs, "exec", "turbo", "run", ...args]);
/** Runs a phase's commands at a lower CPU priority than the browser tests beside them. */
const yielding = (exec) => (command, args, options) =>
  exec("nice", ["-n", "10", command, ...args], options);
/**
 * `count` lanes that each run the next of `jobs` (functions that start a phase) when free, in the
 * order given: one promise per lane, settled when the list is done.
 */
function lanes(count, jobs) {
  const queue = [...jobs];
  return Array.from({ length: count }, async () => {
    while (queue.length > 0) await queue.shift()();
  });
}
/**
 * `turbo run … --only`: the named tasks without the builds they depend on, which the build phase
 * has made. Without it each turbo beside another restores those builds from its cache again,
 * rewriting `dist/` under the other's running servers and tests.
 */
const turboOnly = (exec, args, passThrough = []) =>
  turbo(exec, [...args, "--only", ...(passThrough.length ? ["--", ...passThrough] : [])]);
/**
 * A package's script through pnpm, on Node 24 (first on PATH, so vitest and its workers run on
 * it). Not through turbo: its cache does not know the Node version, and would replay the run on
 * this machine's Node as this one's.
 */
const onNode24 = (exec, filter, script, passThrough, env = process.env) =>
  yielding(exec)("npx", [...pnpmArgs, "--filter", filter, "run", script, ...passThrough], {
    env: envWithNode(node24, env),
  });

try {
  await timeline.together(
    timeline.phase("static checks", async (exec) => {
      // Formatting and lint of the whole tree (scripts, bench and configs too), warnings included.
      await exec("npx", [...pnpmArgs, "exec", "biome", "check", "--error-on-warnings", "."]);
      await exec(process.execPath, ["scripts/check-changesets.mjs"]); // one package per changeset
      // The GitHub workflows against GitHub's schema (they run nowhere else before they are pushed).
      for (const workflow of readdirSync(join(root, ".github", "workflows"))) {
        await exec("npx", [
          ...pnpmArgs,
          "exec",
          "action-validator",
          join(".github", "workflows", workflow),
        ]);
      }
    }),
    timeline.phase("build", (exec) => turbo(exec, ["build", "--concurrency=2"])),
  );

  await timeline.together(
    (async () => {
      try {
        await timeline.phase("browser tests", (exec) =>
          turboOnly(exec, ["e2e", "--concurrency=1"]),
        );
      } finally {
        // Then the flows again in WebKit and Firefox (ADR 0052), once the Chromium run has given
        // back its two browsers: side by side, the two suites each ran past their time.
        await timeline.phase("browser tests in WebKit and Firefox", (exec) =>
          exec("npx", [...pnpmArgs, "--filter", "@kassa/storefront", "run", "e2e:engines"]),
        );
      }
    })(),
    // Two lanes beside the browsers, so that both cores stay busy to the end, each at a lower
    // priority (`nice`): the browser tests are the longest phase and keep the CPU they need, and
    // the lanes take what the browsers leave while they wait on the servers (ADR 0036). Each lane
    // takes the next phase from one list, longest first, when it is free: whichever suite grows,
    // the lanes stay even and no phase waits for one it does not need.
    ...lanes(2, [
      // The apps' suites run once, on Node 24, the runtime the shop is deployed on (ADR 0046,
      // amended): Node 20 is past its end of life, still runs both apps under every browser test
      // here, and runs their suites on GitHub (20, 22 and 24). A second pass on this machine's
      // Node was a fifth of the run's CPU on two cores that are the limit.
      () =>
        timeline.phase("platform tests (Node 24)", (exec) =>
          onNode24(exec, "@kassa/platform", "test", vitestReportArgs()),
        ),
      () =>
        timeline.phase("storefront tests (Node 24)", (exec) =>
          onNode24(exec, "@kassa/storefront", "test", vitestReportArgs()),
        ),
      async () => {
        // The packed libraries in scratch apps outside the workspace.
        await timeline.phase("packages as installed", (exec) =>
          yielding(exec)(process.execPath, ["scripts/check-packages.mjs", "--built"]),
        );
        // The release (changeset version, changelogs, changeset publish to a local registry, npm
        // view and the published tarballs); its apps are skipped, check-packages has just run
        // them (and the two would race for the local registry's port side by side).
        await timeline.phase("release dry run", (exec) =>
          yielding(exec)(process.execPath, ["scripts/release-dry-run.mjs", "--skip-apps"]),
        );
      },
      () =>
        timeline.phase("library tests", (exec) =>
          turboOnly(yielding(exec), ["test", "--filter=./packages/*"], vitestReportArgs()),
        ),
      () =>
        timeline.phase("typecheck, lint, API", (exec) =>
          turboOnly(yielding(exec), ["typecheck", "lint", "api", "--concurrency=1"]),
        ),
      // `.ci/run` names a PostgreSQL server: the platform's whole suite again on it (the unit
      // files open no database and cost little), on Node 24 as the shop is deployed (and as
      // CI's PostgreSQL job runs them).
      ...(postgresUrl
        ? [
            () =>
              timeline.phase("platform tests on PostgreSQL", (exec) =>
                onNode24(
                  exec,
                  "@kassa/platform",
                  "test",
                  vitestReportArgs(VITEST_POSTGRES_REPORT),
                  { ...process.env, DATABASE_URL: postgresUrl },
                ),
              ),
          ]
        : []),
      // The production build started and asked for its pages on Node 24 and 22 (scripts/smoke.mjs).
      () =>
        timeline.phase("smoke on Node 24 and 22", (exec) =>
          yielding(exec)(process.execPath, ["scripts/smoke.mjs", "24", "22"]),
        ),
    ]),
  );
} catch {
  // The failed phase has said why; the timings and counts below still help to see where.
}

console.log(`\nSystem packages and installs: ${clock(installsTook)}`);
console.log(timeline.report());
console.log(
  formatCounts(
    countTests({
      reports: [VITEST_REPORT, ...(postgresUrl ? [VITEST_POSTGRES_REPORT] : [])],
    }),
  ),
);
if (timeline.failed) {
  console.error(`\n✖ ${timeline.failed} failed`);
  process.exit(1);
}
console.log("\n✔ every test passed (unit, platform, browser)");
