#!/usr/bin/env node
// The library packages as a team outside this repository gets them. Proves, for @kassa/domain,
// @kassa/api-client, @kassa/i18n and @kassa/ui as this working tree would publish them:
//   0. the TypeScript project references follow the package.json files;
//   1. each `pnpm pack` tarball passes publint --strict and are-the-types-wrong
//      (`--profile esm-only`), carries the root LICENSE unchanged and README.md, and holds no
//      sources, tests or `workspace:` ranges (scripts/consumer/tarballs.mjs);
//   2. published to a throwaway local registry (scripts/registry.mjs, Verdaccio), the packages
//      install in two apps outside the workspace, from that registry, with the peer versions
//      read from their peerDependencies (scripts/consumer/versions.mjs):
//        A. npm, the newest peers that run on this Node (React 19, and i18next 26 on Node 20 as
//           i18next 27 wants Node 22), a second `npm install` included (no ERESOLVE);
//        B. pnpm (strict peers), the oldest peers the ranges accept (React 18.2.0, the i18next
//           floor);
//   3. in both apps (scripts/consumer/checks.mjs): a file importing every package and every README
//      `ts example` / `tsx example` block typecheck with bundler and with node16 resolution
//      (skipLibCheck off); require() loads each package from CommonJS; the README examples run
//      as written (the api-client one against a platform started for it,
//      scripts/consumer/platform.mjs); Tailwind, set up with the ui README's CSS, builds every
//      class @kassa/ui renders, from the installed package alone.
// scripts/release-dry-run.mjs does the same on the versions `changeset version` makes.
// Needs the npm registry (npm's and pnpm's caches are reused). `--keep` leaves the scratch apps
// and tarballs for a look; `--built` skips the build. Any failure ends with one `✖` line.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkConsumerApps } from "./consumer/app.mjs";
import { checkLicenseFiles, lintTarball, packLibraries } from "./consumer/tarballs.mjs";
import {
  buildLibraries,
  cleanUp,
  exec,
  fail,
  LIBRARIES,
  manifest,
  runScript,
  seconds,
} from "./consumer/util.mjs";
import { peerVersions } from "./consumer/versions.mjs";
import { root } from "./lib.mjs";
import { projectReferenceProblems } from "./project-references.mjs";
import { startRegistry } from "./registry.mjs";

const keep = process.argv.includes("--keep");
/**
 * `--built`: the libraries are built already (`npm test` builds everything first). turbo would
 * restore them from its cache again, rewriting `dist/` under the browser tests running beside.
 */
const built = process.argv.includes("--built");
const started = Date.now();
/** What the end of the run removes (or keeps, with `--keep` or after a failure). */
const resources = { dirs: [], platform: undefined, registry: undefined };

/** Publishes the tarballs to the registry with a token from the environment, as CI would. */
async function publishTarballs(registry, tarballs, dir) {
  writeFileSync(join(dir, ".npmrc"), `${registry.host}:_authToken=\${NODE_AUTH_TOKEN}\n`);
  for (const library of LIBRARIES) {
    await exec(
      "npm",
      ["publish", tarballs[library], "--registry", registry.url, "--provenance=false"],
      {
        cwd: dir,
        env: { NODE_AUTH_TOKEN: registry.token },
        what: `npm publish of @kassa/${library} to the local registry failed`,
      },
    );
  }
}

async function main() {
  const problems = projectReferenceProblems();
  if (problems.length > 0) fail(problems.join("; "));
  console.log("✔ the TypeScript project references follow the package.json files");

  checkLicenseFiles();
  if (!built) await buildLibraries();
  const work = mkdtempSync(join(tmpdir(), "kassa-packages-"));
  resources.dirs.push(work);
  const tarballs = await packLibraries(undefined, join(work, "tarballs"));
  for (const library of LIBRARIES) {
    const files = await lintTarball(library, tarballs[library]);
    console.log(
      `✔ @kassa/${library}: publint --strict, attw (esm-only), LICENSE, README; ${files} files`,
    );
  }

  const [peers, registry] = await Promise.all([peerVersions(), startRegistry()]);
  resources.registry = registry;
  await publishTarballs(registry, tarballs, work);
  const versions = Object.fromEntries(
    LIBRARIES.map((library) => [library, manifest(`packages/${library}`).version]),
  );
  console.log(`✔ published the tarballs to the local registry ${registry.url}`);

  await checkConsumerApps({ workspace: root, registry, versions, peers, resources });
  console.log(`\n✔ the packed packages work in apps outside the workspace (${seconds(started)})`);
}

await runScript(main, (failed) => cleanUp(resources, { keep: keep || failed }));
