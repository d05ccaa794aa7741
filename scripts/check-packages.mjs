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
// and tarballs for a look. Any failure ends with one `✖` line.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "./consumer/app.mjs";
import { checkApp } from "./consumer/checks.mjs";
import { startPlatform } from "./consumer/platform.mjs";
import { checkLicenseFiles, lintTarball, packLibraries } from "./consumer/tarballs.mjs";
import { exec, execPnpm, fail, LIBRARIES, manifest, runScript, seconds } from "./consumer/util.mjs";
import { peerVersions } from "./consumer/versions.mjs";
import { root } from "./lib.mjs";
import { projectReferenceProblems } from "./project-references.mjs";
import { startRegistry } from "./registry.mjs";

const keep = process.argv.includes("--keep");
const started = Date.now();
const scratch = [];
let registry;
let platform;

/** Publishes the tarballs to the registry with a token from the environment, as CI would. */
async function publishTarballs(tarballs, dir) {
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
  await execPnpm(
    // The platform too: the api-client README example runs against it.
    [
      "exec",
      "turbo",
      "run",
      "build",
      "--filter=./packages/*",
      "--filter=@kassa/platform",
      "--output-logs=errors-only",
    ],
    {
      what: "building the libraries failed",
    },
  );
  const work = mkdtempSync(join(tmpdir(), "kassa-packages-"));
  scratch.push(work);
  const tarballs = await packLibraries(undefined, join(work, "tarballs"));
  for (const library of LIBRARIES) {
    const files = await lintTarball(library, tarballs[library]);
    console.log(
      `✔ @kassa/${library}: publint --strict, attw (esm-only), LICENSE, README; ${files} files`,
    );
  }

  const [peers, started_] = await Promise.all([peerVersions(), startRegistry()]);
  registry = started_;
  await publishTarballs(tarballs, work);
  const versions = Object.fromEntries(
    LIBRARIES.map((library) => [library, manifest(`packages/${library}`).version]),
  );
  console.log(`✔ published the tarballs to the local registry ${registry.url}`);

  // The platform the api-client README example talks to, started while the apps install.
  const platformReady = startPlatform(root).then((started) => {
    platform = started;
    return started;
  });
  platformReady.catch(() => {}); // awaited, and reported, by the apps
  await Promise.all(
    [
      { name: "A", manager: "npm", peers: peers.newest },
      { name: "B", manager: "pnpm", peers: peers.oldest },
    ].map(async (options) => {
      const app = await createApp({ ...options, registry, versions });
      scratch.push(app.dir);
      console.log(`✔ app ${app.label} installed @kassa/* from the registry in ${app.dir}`);
      await checkApp(app, { platformUrl: (await platformReady).url });
    }),
  );
  console.log(`\n✔ the packed packages work in apps outside the workspace (${seconds(started)})`);
}

await runScript(main, async (failed) => {
  await Promise.all([registry?.stop({ keep: keep || failed }), platform?.stop()]);
  if (keep || failed) {
    for (const dir of scratch) console.log(`  kept ${dir}`);
  } else {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
});
