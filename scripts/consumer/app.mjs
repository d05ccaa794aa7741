// A scratch app outside the workspace (in the OS temp folder) that installs `@kassa/*` from a
// registry, with npm or with pnpm, as a team outside this repository would. Only the `@kassa`
// scope points at that registry (`.npmrc`); everything else comes from the npm registry with the
// package manager's cache. The tools the checks use are the workspace's own versions.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pnpmVersion, root } from "../lib.mjs";
import { checkApp } from "./checks.mjs";
import { startPlatform } from "./platform.mjs";
import { exec, execPnpm, fail, LIBRARIES, manifest } from "./util.mjs";

/**
 * Creates and installs an app. `manager` is "npm" or "pnpm"; `peers` comes from
 * `peerVersions()`; `versions` maps `@kassa/<library>` to the version to install.
 * Resolves to `{ dir, manager, name, label }`.
 */
export async function createApp({ name, manager, registry, versions, peers }) {
  const dir = mkdtempSync(join(tmpdir(), `kassa-consumer-${name}-`));
  if (!relative(root, dir).startsWith("..")) fail(`the scratch app ${dir} is inside the workspace`);
  const storefront = manifest("apps/storefront");
  const workspace = manifest(".");
  const nodeMajor = process.versions.node.split(".")[0];
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify(
      {
        name: `kassa-consumer-${name}`,
        private: true,
        type: "module",
        dependencies: {
          ...Object.fromEntries(
            LIBRARIES.map((library) => [`@kassa/${library}`, versions[library]]),
          ),
          ...peers.dependencies,
        },
        devDependencies: {
          ...peers.devDependencies,
          "@types/node": `^${nodeMajor}`,
          typescript: workspace.devDependencies.typescript,
          tailwindcss: storefront.devDependencies.tailwindcss,
          "@tailwindcss/cli": storefront.devDependencies.tailwindcss,
        },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(dir, ".npmrc"), `@kassa:registry=${registry.url}\n`);
  const app = { dir, manager, name, label: `${name} (${manager}; ${peers.label})` };
  if (manager === "npm") {
    const args = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
    await exec("npm", args, { cwd: dir, what: `${app.label}: npm install failed` });
    // A second install (a teammate's `npm install` on the lockfile) must not hit ERESOLVE.
    await exec("npm", args, { cwd: dir, what: `${app.label}: a second npm install failed` });
  } else {
    // Its own workspace file: pnpm neither looks further up nor takes settings from elsewhere.
    // Peers the packages declare must be met as declared, not only warned about. Its own
    // metadata cache: pnpm files cached metadata by registry host and port, not path, so the
    // shared one could answer with an earlier run's @kassa packages (and their tarballs, from
    // the store); packages themselves still come from the shared store.
    writeFileSync(
      join(dir, "pnpm-workspace.yaml"),
      "packages: []\nstrictPeerDependencies: true\nautoInstallPeers: false\ncacheDir: .pnpm-cache\n",
    );
    await execPnpm(["install", "--prefer-offline", "--reporter=append-only"], {
      cwd: dir,
      what: `${app.label}: pnpm@${pnpmVersion} install failed`,
    });
  }
  return app;
}

/**
 * The two apps every run checks, side by side: A with npm and the newest peers that run on this
 * Node, B with pnpm (strict peers) and the oldest peers the ranges accept. Both install
 * `versions` of `@kassa/*` from `registry` and pass the checks of ./checks.mjs; the api-client
 * README example talks to a platform started from `workspace` while they install. What must be
 * cleaned up (the apps' folders, the platform) is put in `resources` as it starts, so a failure
 * midway still finds it.
 */
export async function checkConsumerApps({ workspace, registry, versions, peers, resources }) {
  const platformReady = startPlatform(workspace).then((started) => {
    resources.platform = started;
    return started;
  });
  platformReady.catch(() => {}); // awaited, and reported, by the apps
  await Promise.all(
    [
      { name: "A", manager: "npm", peers: peers.newest },
      { name: "B", manager: "pnpm", peers: peers.oldest },
    ].map(async (options) => {
      const app = await createApp({ ...options, registry, versions });
      resources.dirs.push(app.dir);
      console.log(`✔ app ${app.label} installed @kassa/* from ${registry.url} in ${app.dir}`);
      await checkApp(app, { platformUrl: (await platformReady).url });
    }),
  );
}
