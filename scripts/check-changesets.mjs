#!/usr/bin/env node
// The changesets a release will be made from, checked before they reach a changelog:
//   - each names exactly one package (or none: `changeset --empty`), so every package's changelog
//     gets an entry written for that package alone, never another package's text pasted in;
//   - the package is a publishable workspace package, with a bump of patch, minor or major;
//   - the text is not empty.
// With `--since <git ref>` (a pull request's base), it also fails when a publishable package
// changed since that ref without a changeset added since then that names it, or an empty one:
// a change its users would notice must say so. Changes to a package's tests, API report or
// lint settings alone count too (add `changeset --empty` for those), as `changeset status` does.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib.mjs";

const BUMPS = new Set(["patch", "minor", "major"]);
const changesetDir = join(root, ".changeset");

/** Publishable workspace packages by name, with their folder. */
function publishablePackages() {
  const packages = new Map();
  for (const entry of readdirSync(join(root, "packages"), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const manifest = JSON.parse(
      readFileSync(join(root, "packages", entry.name, "package.json"), "utf8"),
    );
    if (!manifest.private) packages.set(manifest.name, `packages/${entry.name}`);
  }
  return packages;
}

/** `{ releases: [{ name, bump }], summary }` of one changeset file, or a problem text. */
export function parseChangeset(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { problem: "has no front matter between --- lines" };
  const releases = [];
  for (const line of match[1].split(/\r?\n/).filter((line) => line.trim())) {
    const release = /^\s*["']?([^"':]+)["']?\s*:\s*(\w+)\s*$/.exec(line);
    if (!release) return { problem: `cannot read the line ${JSON.stringify(line)}` };
    releases.push({ name: release[1], bump: release[2] });
  }
  return { releases, summary: match[2].trim() };
}

function changesetFiles() {
  return readdirSync(changesetDir).filter((file) => file.endsWith(".md") && file !== "README.md");
}

const packages = publishablePackages();
const problems = [];
const named = new Map(); // changeset file → package it names ("" for an empty changeset)

for (const file of changesetFiles()) {
  const parsed = parseChangeset(readFileSync(join(changesetDir, file), "utf8"));
  const where = `.changeset/${file}`;
  if (parsed.problem) {
    problems.push(`${where} ${parsed.problem}`);
    continue;
  }
  const { releases, summary } = parsed;
  if (releases.length > 1) {
    problems.push(
      `${where} names ${releases.length} packages (${releases.map((r) => r.name).join(", ")}): write one changeset per package, each saying what changed in that package`,
    );
  }
  for (const { name, bump } of releases) {
    if (!packages.has(name)) problems.push(`${where} names ${name}, not a published package`);
    if (!BUMPS.has(bump)) problems.push(`${where} gives ${name} the bump "${bump}"`);
  }
  if (releases.length > 0 && !summary) problems.push(`${where} says nothing`);
  named.set(file, releases[0]?.name ?? "");
}

const sinceAt = process.argv.indexOf("--since");
if (sinceAt !== -1) {
  const since = process.argv[sinceAt + 1];
  if (!since) problems.push("--since needs a git ref");
  else {
    const git = (...args) => {
      const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
      if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
      return result.stdout.split("\n").filter(Boolean);
    };
    const base = git("merge-base", since, "HEAD")[0];
    const changed = git("diff", "--name-only", base, "--");
    const untracked = git("ls-files", "--others", "--exclude-standard");
    const files = [...changed, ...untracked];
    const added = new Set(
      files.filter((file) => file.startsWith(".changeset/")).map((file) => file.slice(11)),
    );
    const covered = new Set(
      [...added].map((file) => named.get(file)).filter((n) => n !== undefined),
    );
    for (const [name, dir] of packages) {
      if (!files.some((file) => file.startsWith(`${dir}/`))) continue;
      if (!covered.has(name) && !covered.has("")) {
        problems.push(
          `${name} changed since ${since} without a changeset: run \`npx pnpm@10.34.9 changeset\` (or \`changeset --empty\` for a change its users cannot notice)`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log(`✔ ${named.size} changesets, each for one published package`);
