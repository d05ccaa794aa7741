// Packs the libraries and lints what would be published, tarball by tarball:
//   - publint --strict (its warnings are errors) on the tarball itself;
//   - are-the-types-wrong on the tarball with `--profile esm-only` (the packages are ESM only on
//     purpose: require() works through Node's require(esm), so attw's CommonJS-only resolutions
//     are not asked for);
//   - the files: LICENSE byte for byte the root LICENSE, README.md, package.json without a
//     `workspace:` range, and no sources, tests or test configs.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { root } from "../lib.mjs";
import { exec, execPnpm, fail, LIBRARIES } from "./util.mjs";

/** Packs every library in `cwd` (a workspace) into `destination`: `{ library: tarballPath }`. */
export async function packLibraries(cwd, destination) {
  mkdirSync(destination, { recursive: true });
  await execPnpm(
    [
      ...LIBRARIES.flatMap((library) => ["--filter", `@kassa/${library}`]),
      "--recursive",
      "pack",
      "--pack-destination",
      destination,
    ],
    { cwd, what: "pnpm pack of the libraries failed" },
  );
  const tarballs = {};
  for (const file of readdirSync(destination)) {
    const library = LIBRARIES.find((name) => file.startsWith(`kassa-${name}-`));
    if (!library) fail(`unexpected tarball ${file}`);
    tarballs[library] = join(destination, file);
  }
  for (const library of LIBRARIES) {
    if (!tarballs[library]) fail(`pnpm pack made no tarball for @kassa/${library}`);
  }
  return tarballs;
}

const FORBIDDEN = [
  [/^src\//, "a source file"],
  [/(^|\/)(__tests__|test|tests)\//, "a test folder"],
  [/\.(test|spec)\.[cm]?[jt]sx?(\.map)?$/, "a test file"],
  [/(^|\/)(vitest|tsup)\.config\./, "a build or test config"],
  [/(^|\/)tsconfig(\.[\w-]+)?\.json$/, "a tsconfig"],
];

/**
 * Each library folder holds the root LICENSE unchanged. (`pnpm pack` would put the root's in a
 * tarball of a folder without one, but the repository's folders are what people read too.)
 */
export function checkLicenseFiles(workspace = root) {
  if (!existsSync(join(workspace, "LICENSE"))) fail("the repository has no root LICENSE");
  const rootLicense = readFileSync(join(workspace, "LICENSE"), "utf8");
  for (const library of LIBRARIES) {
    const path = join(workspace, "packages", library, "LICENSE");
    if (!existsSync(path)) fail(`packages/${library} has no LICENSE file`);
    if (readFileSync(path, "utf8") !== rootLicense) {
      fail(`packages/${library}/LICENSE differs from the root LICENSE`);
    }
  }
}

/** Lints one tarball; resolves to the number of files in it. */
export async function lintTarball(library, tarball, workspace = root) {
  const name = `@kassa/${library}`;
  const unpacked = mkdtempSync(join(tmpdir(), "kassa-tarball-"));
  try {
    await exec("tar", ["-xzf", tarball, "-C", unpacked], {
      what: `${name}: tar could not unpack ${tarball}`,
    });
    return await lintUnpacked(name, tarball, join(unpacked, "package"), workspace);
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

function filesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), base)
      : [relative(base, join(dir, entry.name))],
  );
}

async function lintUnpacked(name, tarball, dir, workspace) {
  const paths = filesUnder(dir);
  const file = (path) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path)) : undefined);
  const license = file("LICENSE");
  if (!existsSync(join(workspace, "LICENSE"))) fail("the repository has no root LICENSE");
  const rootLicense = readFileSync(join(workspace, "LICENSE"), "utf8");
  if (!license) fail(`${name}: the tarball has no LICENSE`);
  if (license.toString("utf8") !== rootLicense) {
    fail(`${name}: the tarball's LICENSE differs from the root LICENSE`);
  }
  if (!file("README.md")) fail(`${name}: the tarball has no README.md`);
  for (const path of paths) {
    const found = FORBIDDEN.find(([pattern]) => pattern.test(path));
    if (found) fail(`${name}: the tarball holds ${found[1]}, ${path}`);
  }
  const pkg = JSON.parse(file("package.json").toString("utf8"));
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [dependency, range] of Object.entries(pkg[field] ?? {})) {
      if (range.startsWith("workspace:")) fail(`${name}: ${field} ${dependency} is ${range}`);
    }
  }

  const buffer = readFileSync(tarball);
  const { messages, pkg: linted } = await publint({
    pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length) },
    strict: true,
    level: "suggestion",
  });
  const problems = messages.map((message) => `${message.type}: ${formatMessage(message, linted)}`);
  if (problems.length > 0) {
    fail(`${name}: publint --strict: ${problems.join("; ")}`);
  }

  // Stylesheets (`./styles.css`) are exports without types by nature: attw skips them.
  const stylesheets = Object.entries(pkg.exports ?? {})
    .filter(([, target]) => typeof target === "string" && target.endsWith(".css"))
    .map(([subpath]) => subpath);
  const exclude = stylesheets.length > 0 ? ["--exclude-entrypoints", ...stylesheets] : [];
  await exec(
    join(root, "node_modules", ".bin", "attw"),
    [tarball, "--profile", "esm-only", ...exclude, "--format", "table-flipped", "--no-color"],
    { cwd: workspace, what: `${name}: are-the-types-wrong (--profile esm-only) found problems` },
  );
  return paths.length;
}
