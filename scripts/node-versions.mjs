#!/usr/bin/env node
// The Node versions the apps are tested on besides the one running this script. The machines have
// one Node (20); the npm registry's `node` package ships the others' binaries, so a pinned version
// is installed from it once into a cache folder outside git (`node_modules/.cache/kassa-node/`)
// and used from there. Pinned rather than a range: a test run should not change because a new
// Node was published overnight; moving to a newer patch is a one-line change here.
//
//   node scripts/node-versions.mjs 24                    # installs when missing, prints the binary
//   node scripts/node-versions.mjs 24 npx vitest run     # runs a command with Node 24 first on PATH
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { root } from "./lib.mjs";

/** The exact version tested for each supported major (the newest each had when pinned). */
export const PINNED_NODE_VERSIONS = { 22: "22.23.3", 24: "24.21.0" };

/** The folder the binaries are kept in between runs (under node_modules/: never committed). */
export const NODE_CACHE = join(root, "node_modules", ".cache", "kassa-node");

/** Where `version`'s binary lives once installed. */
export function nodeBinaryPath(version) {
  return join(NODE_CACHE, version, "node_modules", "node", "bin", "node");
}

/** The version a binary reports (`v24.21.0` → `24.21.0`), or undefined when it does not run. */
function versionOf(binary) {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, "") : undefined;
}

/**
 * The path of the pinned Node `major`'s binary, installed from the npm registry when it is not in
 * the cache yet (about 10 s and 50 MB of download). It is installed into a folder of its own and
 * renamed into place, so a run stopped halfway, or two runs at once, never leave half a Node.
 */
export function nodeBinary(major) {
  const version = PINNED_NODE_VERSIONS[major];
  if (!version) {
    throw new Error(
      `Node ${major} is not one of the tested versions (${Object.keys(PINNED_NODE_VERSIONS).join(", ")})`,
    );
  }
  const binary = nodeBinaryPath(version);
  if (existsSync(binary) && versionOf(binary) === version) return binary;

  const staging = join(NODE_CACHE, `${version}.${process.pid}.partial`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // The `node` package's install script fetches `node-<platform>-<arch>` (the binary, from the
  // same registry) and links it to bin/node, so scripts must run for it whatever npm's settings;
  // `allowScripts` is npm 11's list of the packages reviewed to run theirs (without it, a warning).
  writeFileSync(
    join(staging, "package.json"),
    JSON.stringify({ private: true, allowScripts: { node: true } }),
  );
  // On stderr, so that stdout is the binary's path alone (`$(node scripts/node-versions.mjs 24)`).
  console.error(`▶ installing Node ${version} from the npm registry into ${NODE_CACHE}`);
  const result = spawnSync(
    "npm",
    [
      "install",
      `node@${version}`,
      "--prefix",
      staging,
      "--no-save",
      "--no-package-lock",
      "--ignore-scripts=false",
      "--no-audit",
      "--no-fund",
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  process.stderr.write(result.stdout ?? "");
  const installed = join(staging, "node_modules", "node", "bin", "node");
  if (result.status !== 0 || versionOf(installed) !== version) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install node@${version} did not give a working Node ${version}`);
  }
  // Another run may have put its copy in place meanwhile: that one serves. Otherwise what is
  // there is broken (an older layout, a killed copy) and is replaced.
  if (versionOf(binary) === version) {
    rmSync(staging, { recursive: true, force: true });
    return binary;
  }
  rmSync(join(NODE_CACHE, version), { recursive: true, force: true });
  renameSync(staging, join(NODE_CACHE, version));
  return binary;
}

/**
 * `env` with `binary`'s folder first on PATH: `node`, and whatever is started through it (npx,
 * pnpm, vitest's workers, which use `process.execPath`), runs on that Node. `npm_node_execpath`
 * and `NODE`, set by `npm test` to the Node that started it, are pointed at it too, so npm and
 * pnpm scripts started below do not fall back to the machine's.
 */
export function envWithNode(binary, env = process.env) {
  return {
    ...env,
    PATH: [dirname(binary), env.PATH].filter(Boolean).join(delimiter),
    npm_node_execpath: binary,
    NODE: binary,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [major, command, ...args] = process.argv.slice(2);
  if (!major) {
    console.error("usage: node scripts/node-versions.mjs <22|24> [command args…]");
    process.exit(2);
  }
  const binary = nodeBinary(major);
  if (!command) {
    console.log(binary);
  } else {
    const result = spawnSync(command, args, { stdio: "inherit", env: envWithNode(binary) });
    process.exit(result.status ?? 1);
  }
}
