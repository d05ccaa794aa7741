// The TypeScript project references must follow the package.json files: the root tsconfig.json
// lists every package and app that has a tsconfig.json, and each of those lists, under
// `references`, exactly the workspace packages it depends on. `tsc -b` then checks the projects
// in dependency order. Run alone (`node scripts/project-references.mjs`) or from
// `scripts/check-packages.mjs`.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function readTsconfig(path) {
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return config;
}

/** `[{ name, dir }]` of every workspace package and app with a tsconfig.json. */
function workspaceProjects() {
  const projects = [];
  for (const parent of ["packages", "apps"]) {
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const dir = join(root, parent, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, "package.json"))) continue;
      const { name } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      projects.push({ name, dir, isProject: existsSync(join(dir, "tsconfig.json")) });
    }
  }
  return projects;
}

function referencedDirs(tsconfigPath) {
  const references = readTsconfig(tsconfigPath).references ?? [];
  return references.map((reference) => resolve(dirname(tsconfigPath), reference.path));
}

function compare(where, actual, expected) {
  const show = (dirs) => dirs.map((dir) => relative(root, dir)).join(", ");
  const missing = expected.filter((dir) => !actual.includes(dir));
  const extra = actual.filter((dir) => !expected.includes(dir));
  const problems = [];
  if (missing.length > 0) problems.push(`${where}: add references to ${show(missing)}`);
  if (extra.length > 0) problems.push(`${where}: remove references to ${show(extra)}`);
  return problems;
}

/** The problems found, one sentence each; empty when the references are right. */
export function projectReferenceProblems() {
  const all = workspaceProjects();
  const projects = all.filter((project) => project.isProject);
  const byName = new Map(all.map((project) => [project.name, project]));
  const problems = compare(
    "tsconfig.json",
    referencedDirs(join(root, "tsconfig.json")),
    projects.map((project) => project.dir),
  );
  for (const project of projects) {
    const manifest = JSON.parse(readFileSync(join(project.dir, "package.json"), "utf8"));
    const dependencies = {
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    };
    const expected = Object.entries(dependencies)
      .filter(([, spec]) => String(spec).startsWith("workspace:"))
      .map(([name]) => byName.get(name))
      .filter((dependency) => dependency?.isProject)
      .map((dependency) => dependency.dir);
    problems.push(
      ...compare(
        relative(root, join(project.dir, "tsconfig.json")),
        referencedDirs(join(project.dir, "tsconfig.json")),
        expected,
      ),
    );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = projectReferenceProblems();
  for (const problem of problems) console.error(`✖ ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log("✔ the TypeScript project references follow the package.json files");
}
