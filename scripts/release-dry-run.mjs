#!/usr/bin/env node
// The maintainer's release (`changeset version`, build, `changeset publish`), tested whole on a
// copy of this working tree (`git ls-files -co --exclude-standard`, uncommitted changes
// included) in the OS temp folder, so the real tree is never touched. Proves that:
//   1. every changeset releases exactly one package, and a pull request (a branch of the copy)
//      that changes a package fails `check-changesets.mjs --since main` until it adds one;
//   2. `changeset version` gives each package the version `changeset status --output` predicted,
//      0.1.0 for a first release (from 0.0.0); each CHANGELOG.md gains exactly one version
//      heading, holding that package's changesets and no text of another package's changeset;
//      ui's range on @kassa/domain accepts the new @kassa/domain;
//   3. `changeset publish` publishes them to a throwaway local registry (scripts/registry.mjs)
//      with the token given as CI gives it (`.npmrc`: `//host/:_authToken=${NODE_AUTH_TOKEN}`,
//      NODE_AUTH_TOKEN in the environment), provenance off; `npm view` there shows every package
//      at its new version under the `latest` tag, with no `workspace:` range;
//   4. each published tarball passes publint --strict, attw --profile esm-only and the file
//      checks, and apps outside the workspace installing `@kassa/*` from that registry with npm
//      (newest peers) and pnpm (oldest peers) pass the consumer checks of
//      scripts/check-packages.mjs (scripts/consumer/checks.mjs).
//   Each library folder holds the root LICENSE unchanged, as in scripts/check-packages.mjs.
// `--keep` leaves the copy, the registry's storage, the tarballs and the apps for a look.
// `--skip-apps` stops after step 4's tarball checks: `npm test` runs it so, right after
// scripts/check-packages.mjs has run the same apps on the same code (about 1.5 minutes instead
// of 2.5). Any failure ends with one `✖` line.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import semver from "semver";
import { checkConsumerApps } from "./consumer/app.mjs";
import { checkLicenseFiles, lintTarball } from "./consumer/tarballs.mjs";
import {
  buildLibraries,
  cleanUp,
  exec,
  execPnpm,
  fail,
  LIBRARIES,
  runScript,
  seconds,
} from "./consumer/util.mjs";
import { peerVersions } from "./consumer/versions.mjs";
import { root } from "./lib.mjs";
import { startRegistry } from "./registry.mjs";

const keep = process.argv.includes("--keep");
const skipApps = process.argv.includes("--skip-apps");
const started = Date.now();
/** What the end of the run removes (or keeps, with `--keep` or after a failure). */
const resources = { dirs: [], platform: undefined, registry: undefined };

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The version headings (`## 0.1.0`) of a CHANGELOG.md. */
function headings(changelog) {
  return [...changelog.matchAll(/^## (\S+)\s*$/gm)].map((match) => match[1]);
}

/** The text under `## version`, up to the next version heading. */
function section(changelog, version) {
  const start = changelog.search(new RegExp(`^## ${version.replaceAll(".", "\\.")}\\s*$`, "m"));
  const rest = changelog.slice(start).split("\n").slice(1).join("\n");
  const end = rest.search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end);
}

/** The lines of a changeset summary long enough to recognise it by. */
function telltaleLines(summary) {
  return summary
    .split("\n")
    .map((line) => line.trim().replace(/^[-*]\s+/, ""))
    .filter((line) => line.length >= 25);
}

/**
 * CI's rule for pull requests, on a branch of the copy: a change to a package without a changeset
 * fails `check-changesets.mjs --since main`, and passes once a changeset names the package. The
 * copy is back on main, as it was, afterwards.
 */
async function checkPullRequestRule(repo, git) {
  const check = () =>
    spawnSync(process.execPath, ["scripts/check-changesets.mjs", "--since", "main"], {
      cwd: repo,
      encoding: "utf8",
    });
  await git(["checkout", "-q", "-b", "dry-run-pull-request"]);
  const source = join(repo, "packages", "i18n", "src", "index.ts");
  writeFileSync(source, `${readFileSync(source, "utf8")}// a change its users would notice\n`);
  const without = check();
  if (without.status === 0 || !without.stderr.includes("@kassa/i18n changed since main")) {
    fail(
      `a change to @kassa/i18n without a changeset passed the pull-request check:\n${without.stdout}`,
    );
  }
  const changeset = join(repo, ".changeset", "dry-run-i18n.md");
  writeFileSync(changeset, '---\n"@kassa/i18n": patch\n---\n\nA text is clearer.\n');
  const withChangeset = check();
  if (withChangeset.status !== 0) {
    fail(
      `a change to @kassa/i18n with its changeset failed the pull-request check:\n${withChangeset.stderr}`,
    );
  }
  rmSync(changeset);
  await git(["checkout", "-q", "--", "."]);
  await git(["checkout", "-q", "main"]);
  await git(["branch", "-q", "-D", "dry-run-pull-request"]);
  console.log("✔ a pull request that changes a package fails without a changeset, passes with one");
}

/**
 * The copy: tracked and untracked-but-not-ignored files, as they are now, in a git repo of its
 * own on `main` (changesets and turbo read git), installed. Resolves to `{ repo, git }`.
 */
async function copyTree(work) {
  const repo = join(work, "repo");
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    cpSync(join(root, file), join(repo, file), { verbatimSymlinks: true });
  }
  const git = (args) => exec("git", args, { cwd: repo, what: `git ${args[0]} in the copy failed` });
  await git(["init", "-q", "-b", "main"]);
  await git(["add", "-A"]);
  await git([
    "-c",
    "user.name=dry run",
    "-c",
    "user.email=dry-run@localhost",
    "commit",
    "-qm",
    "copy",
  ]);
  await execPnpm(["install", "--frozen-lockfile", "--prefer-offline", "--reporter=append-only"], {
    cwd: repo,
    what: "pnpm install --frozen-lockfile in the copy failed",
  });
  console.log(`✔ copied ${files.length} files to ${repo} and installed (${seconds(started)})`);
  return { repo, git };
}

/**
 * `changeset version` in the copy, checked against what `changeset status` predicted: each
 * library's new version (0.1.0 for a first release), one new changelog heading holding its own
 * changesets and no other package's, and internal ranges that accept the new versions.
 * Resolves to the new versions by library.
 */
async function versionPackages(repo, work) {
  const statusFile = join(work, "status.json");
  await execPnpm(["exec", "changeset", "status", `--output=${statusFile}`], {
    cwd: repo,
    what: "changeset status failed",
  });
  const status = readJson(statusFile);
  for (const changeset of status.changesets) {
    if (changeset.releases.length !== 1) {
      const names = changeset.releases.map((release) => release.name).join(", ");
      fail(
        `.changeset/${changeset.id}.md releases ${changeset.releases.length} packages (${names}); write one changeset per package`,
      );
    }
  }
  const releases = status.releases.filter((release) =>
    LIBRARIES.some((library) => release.name === `@kassa/${library}`),
  );
  if (releases.length === 0) fail("changeset status predicts no release of a library");
  const before = Object.fromEntries(
    LIBRARIES.map((library) => {
      const path = join(repo, "packages", library, "CHANGELOG.md");
      return [library, existsSync(path) ? readFileSync(path, "utf8") : ""];
    }),
  );
  await execPnpm(["exec", "changeset", "version"], {
    cwd: repo,
    what: "changeset version failed",
  });

  const versions = {};
  for (const library of LIBRARIES) {
    const name = `@kassa/${library}`;
    const release = releases.find((entry) => entry.name === name);
    const pkg = readJson(join(repo, "packages", library, "package.json"));
    versions[library] = pkg.version;
    if (!release) fail(`${name} has no changeset: it would not be released`);
    if (pkg.version !== release.newVersion) {
      fail(`${name} became ${pkg.version}; changeset status predicted ${release.newVersion}`);
    }
    if (release.oldVersion === "0.0.0" && pkg.version !== "0.1.0") {
      fail(`${name}'s first release is ${pkg.version}, not 0.1.0`);
    }
    const changelog = readFileSync(join(repo, "packages", library, "CHANGELOG.md"), "utf8");
    const added = headings(changelog).filter(
      (heading) => !headings(before[library]).includes(heading),
    );
    if (added.length !== 1 || added[0] !== pkg.version) {
      fail(
        `${name}'s CHANGELOG.md gained the headings [${added.join(", ")}], not just ${pkg.version}`,
      );
    }
    const text = section(changelog, pkg.version);
    const own = status.changesets.filter((changeset) => release.changesets.includes(changeset.id));
    const ownLines = new Set(own.flatMap((changeset) => telltaleLines(changeset.summary)));
    for (const changeset of own) {
      const missing = telltaleLines(changeset.summary).find((line) => !text.includes(line));
      if (missing)
        fail(`${name}'s CHANGELOG.md lacks "${missing}" of .changeset/${changeset.id}.md`);
    }
    for (const changeset of status.changesets) {
      if (own.includes(changeset)) continue;
      const leaked = telltaleLines(changeset.summary).find(
        (line) => !ownLines.has(line) && text.includes(line),
      );
      if (leaked) {
        fail(
          `${name}'s CHANGELOG.md holds "${leaked}" of .changeset/${changeset.id}.md, another package's changeset`,
        );
      }
    }
  }
  checkInternalRanges(repo, versions);
  return versions;
}

/** Each library's range on another library accepts the other's new version. */
function checkInternalRanges(repo, versions) {
  for (const library of LIBRARIES) {
    const pkg = readJson(join(repo, "packages", library, "package.json"));
    for (const [dependency, range] of Object.entries(pkg.dependencies ?? {})) {
      const internal = LIBRARIES.find((other) => dependency === `@kassa/${other}`);
      if (!internal) continue;
      const effective = range
        .replace(/^workspace:/, "")
        .replace(/^([~^])$/, `$1${versions[internal]}`);
      const accepts = effective === "*" || semver.satisfies(versions[internal], effective);
      if (!accepts) {
        fail(
          `@kassa/${library} depends on ${dependency} ${range}, which rejects the new ${versions[internal]}`,
        );
      }
    }
  }
}

/**
 * Builds the copy and runs `changeset publish` to `registry`, the token given as CI gives it;
 * then `npm view` and the tarball checks on what the registry serves.
 */
async function publishRelease(repo, work, registry, versions) {
  await buildLibraries({ cwd: repo, platform: !skipApps });
  // Only the @kassa scope goes to the local registry: pnpm itself still comes from npm's.
  writeFileSync(
    join(repo, ".npmrc"),
    `@kassa:registry=${registry.url}\n${registry.host}:_authToken=\${NODE_AUTH_TOKEN}\n`,
  );
  await execPnpm(["exec", "changeset", "publish"], {
    cwd: repo,
    env: {
      NODE_AUTH_TOKEN: registry.token,
      // changesets reads the scope's registry from the environment only.
      "npm_config_@kassa:registry": registry.url,
      npm_config_provenance: "false",
    },
    what: "changeset publish to the local registry failed",
  });
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  for (const library of LIBRARIES) {
    const name = `@kassa/${library}`;
    const view = JSON.parse(
      await exec(
        "npm",
        ["view", `${name}@${versions[library]}`, "--json", "--registry", registry.url],
        {
          what: `npm view ${name}@${versions[library]} on the local registry failed`,
        },
      ),
    );
    if (view.version !== versions[library]) fail(`the registry has ${name} ${view.version}`);
    if (view["dist-tags"]?.latest !== versions[library]) {
      fail(`${name}'s latest tag is ${view["dist-tags"]?.latest}, not ${versions[library]}`);
    }
    for (const [dependency, range] of Object.entries(view.dependencies ?? {})) {
      if (range.startsWith("workspace:"))
        fail(`the published ${name} depends on ${dependency} ${range}`);
    }
    const file = join(tarballs, `${library}.tgz`);
    const response = await fetch(view.dist.tarball);
    if (!response.ok) fail(`downloading ${view.dist.tarball} failed (${response.status})`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    await lintTarball(library, file, repo);
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "kassa-release-"));
  resources.dirs.push(work);

  // 1. The copy, the license files, and the changeset rule of pull requests.
  const { repo, git } = await copyTree(work);
  checkLicenseFiles(repo);
  await checkPullRequestRule(repo, git);

  // 2. What changesets predicts, then `changeset version`.
  const versions = await versionPackages(repo, work);
  console.log(
    `✔ changeset version: ${LIBRARIES.map((library) => `@kassa/${library} ${versions[library]}`).join(", ")}, as predicted; one changelog entry each, with its own changesets only`,
  );

  // 3. Build and publish as the maintainer does, to the local registry, the token as CI gives it.
  const [peers, registry] = await Promise.all([peerVersions(), startRegistry()]);
  resources.registry = registry;
  await publishRelease(repo, work, registry, versions);
  console.log(
    `✔ changeset publish: npm view shows each package at its version under latest, no workspace: range; each tarball passes publint, attw and the file checks (${seconds(started)})`,
  );

  // 4. Apps that install the released packages from the registry.
  if (skipApps) {
    console.log(`\n✔ the release dry run passed, apps skipped (${seconds(started)})`);
    return;
  }
  await checkConsumerApps({ workspace: repo, registry, versions, peers, resources });
  console.log(`\n✔ the release dry run passed (${seconds(started)})`);
}

await runScript(main, (failed) => cleanUp(resources, { keep: keep || failed }));
