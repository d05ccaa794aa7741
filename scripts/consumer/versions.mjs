// The peer versions a consumer may pair the packages with, read from the packages'
// `peerDependencies` (never written down a second time): the newest and the oldest version that
// every declared range accepts. The newest must also accept the running Node in its
// `engines.node` (i18next 27 wants Node 22: on Node 20 the newest usable is 26.x); the oldest is
// the floor a range promises, engines or not. A peer that the package types with `@types/<name>`
// (a devDependency) comes with `@types/<name>` of the same major.
import semver from "semver";
import { exec, fail, LIBRARIES, manifest } from "./util.mjs";

let registryUrl;

async function packument(name) {
  registryUrl ??= (await exec("npm", ["config", "get", "registry"])).trim().replace(/\/?$/, "/");
  const response = await fetch(`${registryUrl}${name.replace("/", "%2f")}`, {
    headers: { accept: "application/vnd.npm.install-v1+json" },
  });
  if (!response.ok) fail(`the registry has no ${name} (${response.status})`);
  return response.json();
}

/**
 * `{ newest, oldest }`, each `{ dependencies, devDependencies, label }` for a scratch app's
 * package.json: the peers at exact versions, their `@types/*` at the peer's major.
 */
export async function peerVersions() {
  const ranges = new Map();
  const typed = new Set();
  for (const library of LIBRARIES) {
    const pkg = manifest(`packages/${library}`);
    for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
      ranges.set(name, [...(ranges.get(name) ?? []), range]);
      if (pkg.devDependencies?.[`@types/${name}`]) typed.add(name);
    }
  }
  const newest = { dependencies: {}, devDependencies: {}, label: [] };
  const oldest = { dependencies: {}, devDependencies: {}, label: [] };
  await Promise.all(
    [...ranges].map(async ([name, declared]) => {
      const { versions } = await packument(name);
      const accepted = Object.keys(versions)
        .filter((version) => !semver.prerelease(version))
        .filter((version) => declared.every((range) => semver.satisfies(version, range)))
        .sort(semver.compare);
      const runs = accepted.filter((version) => {
        const node = versions[version].engines?.node;
        return !node || semver.satisfies(process.version, node);
      });
      if (accepted.length === 0) fail(`no published ${name} satisfies ${declared.join(" and ")}`);
      if (runs.length === 0)
        fail(`no ${name} in ${declared.join(" and ")} runs on ${process.version}`);
      const pairs = [
        [newest, runs.at(-1)],
        [oldest, accepted[0]],
      ];
      for (const [app, version] of pairs) {
        app.dependencies[name] = version;
        app.label.push(`${name} ${version}`);
        if (typed.has(name)) app.devDependencies[`@types/${name}`] = `^${semver.major(version)}`;
      }
    }),
  );
  for (const app of [newest, oldest]) app.label = app.label.sort().join(", ");
  return { newest, oldest };
}
