import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { packageRoot } from "../package-root.js";

/** Bump when the snapshot's layout (file names, what it holds) changes. */
const FORMAT = "kassa-seeded-snapshot-1";

/**
 * What a seeded snapshot's data depends on, as one hash: a snapshot made under any other value is
 * never used. The inputs are
 * - the migrations (`drizzle/`), which shape the tables;
 * - the code that migrates and seeds: all of `src/` when the tests run the sources, all of `dist/`
 *   when a package runs the build (`@kassa/platform/testing`). The seed reaches into many modules
 *   (accounts, orders, marketing, the job queue's schema), so naming only `src/seed/` would miss
 *   changes; a change anywhere costs one rebuild of some seconds;
 * - the versions of PGlite (its data-folder format) and pg-boss (its `pgboss.*` schema);
 * - the password hash cost the demo password is hashed at;
 * - the UTC day: the seed itself uses no clock (seed.test.ts checks that), but the rows it leaves
 *   to `DEFAULT now()` (custom states, marketing lists, pg-boss's bookkeeping) carry the time it
 *   ran, so a snapshot is not carried across days.
 */
export function seededSnapshotKey(cost: "standard" | "test"): string {
  const root = packageRoot();
  const hash = createHash("sha256");
  hash.update(`${FORMAT}\0cost=${cost}\0day=${new Date().toISOString().slice(0, 10)}\0`);
  for (const name of ["@electric-sql/pglite", "pg-boss"]) {
    hash.update(`${name}@${installedVersion(root, name)}\0`);
  }
  const runningBuild = fileURLToPath(import.meta.url).startsWith(join(root, "dist") + sep);
  const code = runningBuild
    ? { dir: join(root, "dist"), include: (file: string) => file.endsWith(".js") }
    : {
        dir: join(root, "src"),
        include: (file: string) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
      };
  for (const { dir, include } of [{ dir: join(root, "drizzle"), include: () => true }, code]) {
    for (const file of filesUnder(dir).filter(include)) {
      hash.update(`${relative(root, file)}\0`);
      hash.update(readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

function installedVersion(root: string, name: string): string {
  const manifest = join(root, "node_modules", name, "package.json");
  if (!existsSync(manifest)) return "unknown";
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version ?? "unknown";
}

/** Every file below `dir`, in a fixed order (the hash must not depend on the listing's order). */
function filesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}
