#!/usr/bin/env node
// `npm test`: installs what is needed (workspace packages, and Debian's Chromium, Ghostscript and
// Varnish when missing) and runs every test: changesets and workflows, unit and platform tests,
// typecheck, lint and API reports per package, the packages as another app installs them, a dry
// release to a local registry, then the browser tests with JavaScript on and off.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { installDependencies, pnpm, root, run } from "./lib.mjs";
import { ensureSystemDependencies } from "./system-deps.mjs";

ensureSystemDependencies();
installDependencies();
// Formatting and lint of the whole tree (scripts, bench and configs too), warnings included.
pnpm(["exec", "biome", "check", "--error-on-warnings", "."]);
run(process.execPath, ["scripts/check-changesets.mjs"]); // one package per changeset
// The GitHub workflows against GitHub's schema (they run nowhere else before they are pushed).
for (const workflow of readdirSync(join(root, ".github", "workflows"))) {
  pnpm(["exec", "action-validator", join(".github", "workflows", workflow)]);
}
// Two cores: more parallel suites only make each of them slower.
pnpm(["exec", "turbo", "run", "build", "typecheck", "lint", "test", "api", "--concurrency=2"]);
await import("./check-packages.mjs"); // the packed libraries in scratch apps outside the workspace
// The release (changeset version, changelogs, changeset publish to a local registry, npm view and
// the published tarballs); its apps are skipped here, check-packages has just run the same ones.
run(process.execPath, ["scripts/release-dry-run.mjs", "--skip-apps"]);
pnpm(["exec", "turbo", "run", "e2e", "--concurrency=1"]);
console.log("\n✔ every test passed (unit, platform, browser)");
