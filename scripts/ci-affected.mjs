#!/usr/bin/env node
// Which workspace packages a CI run must test, as the job matrix of `.github/workflows/ci.yml`:
// the packages turbo finds changed between the base and this commit, plus every package that
// depends on one of them (a change to @kassa/domain retests @kassa/ui and both apps). The
// base is `TURBO_SCM_BASE` (the workflow sets the pushed-over commit, or the pull request's base);
// without it everything is tested. Every package runs on every Node version it supports: the
// libraries for their users' apps, the apps because they may be deployed on any of them (24 is the
// recommended one, ADR 0046).
//
//   node scripts/ci-affected.mjs            # prints the outputs
//   node scripts/ci-affected.mjs >> "$GITHUB_OUTPUT"
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pnpmVersion, root } from "./lib.mjs";

export const LIBRARY_NODE_VERSIONS = [20, 22, 24];
/**
 * The apps' supported Node versions (`engines` says `>=20.19`). 20 reached its end of life on
 * 2026-04-30 but stays while the floor does: an app job is a few minutes on a runner of its own,
 * beside the others, so the third version costs runner minutes, not wall time.
 */
export const APP_NODE_VERSIONS = [20, 22, 24];
/** The Debian packages a package's own tests use (scripts/system-deps.mjs names). */
const SYSTEM_DEPENDENCIES = {
  "@kassa/platform": ["ghostscript", "prlimit"],
  "@kassa/storefront": ["ghostscript", "prlimit", "varnish", "varnish-modules"],
};

function affectedPackages() {
  const args = ["--yes", `pnpm@${pnpmVersion}`, "exec", "turbo", "ls", "--output=json"];
  if (process.env.TURBO_SCM_BASE) args.push("--affected");
  const result = spawnSync("npx", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) {
    console.error(result.stderr);
    process.exit(1);
  }
  const listed = JSON.parse(result.stdout.slice(result.stdout.indexOf("{")));
  return listed.packages.items.map((item) => ({ name: item.name, path: item.path }));
}

/** `{ include: [{ package, node, library, system }] }`: each package × its supported Node versions. */
export function matrixOf(packages) {
  const include = [];
  for (const { name, path } of packages) {
    const manifest = JSON.parse(readFileSync(join(root, path, "package.json"), "utf8"));
    if (!manifest.scripts?.test) continue; // shared settings only (@kassa/tsconfig)
    const library = !manifest.private;
    const versions = library ? LIBRARY_NODE_VERSIONS : APP_NODE_VERSIONS;
    const system = (SYSTEM_DEPENDENCIES[name] ?? []).join(" ");
    for (const node of versions) include.push({ package: name, node, library, system });
  }
  return { include };
}

const packages = affectedPackages();
const matrix = matrixOf(packages);
const names = new Set(matrix.include.map((entry) => entry.package));
const outputs = {
  matrix: JSON.stringify(matrix),
  any: String(names.size > 0),
  // a published package changed: the consumer check and the release dry run must run
  libraries: String(matrix.include.some((entry) => entry.library)),
  platform: String(names.has("@kassa/platform")),
};
for (const [key, value] of Object.entries(outputs)) console.log(`${key}=${value}`);
