// A big synthetic catalogue for the benchmarks (bench/catalogue-size.mjs, bench/sitemap.mjs):
// the seed plus generated products up to a size, in a data folder kept between runs while the
// seed code and the migrations are unchanged, and a production platform started on it.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCH_SECRET, BENCH_STOREFRONT_TOKEN, root, waitFor } from "./processes.mjs";

/** Where the seeded folders live (one per size), shared by the benchmarks. */
export const CATALOGUE_DATA_ROOT =
  process.env.BENCH_CATALOGUE_DATA ?? join(tmpdir(), "kassa-bench-catalogue-size");

/** What a seeded folder depends on: the seed code and the migrations. */
function seedVersion() {
  const hash = createHash("sha256");
  const seedDir = join(root, "apps/platform/src/seed");
  for (const file of readdirSync(seedDir).sort()) hash.update(readFileSync(join(seedDir, file)));
  const migrations = join(root, "apps/platform/drizzle");
  for (const file of readdirSync(migrations).sort()) {
    if (file.endsWith(".sql")) hash.update(readFileSync(join(migrations, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn("node", args, { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => process.stderr.write(`[seed] ${chunk}`));
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`seed exited with ${code}: ${output}`)),
    );
  });
}

const platformEnv = (dataDir) => ({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SESSION_SECRET: BENCH_SECRET,
  KASSA_STOREFRONT_TOKENS: BENCH_STOREFRONT_TOKEN,
  KASSA_DEMO_ACCOUNTS: "false",
});

/** A data folder holding the seed plus synthetic products up to `size`, seeded if need be. */
export async function seededFolder(dataRoot, size) {
  const dataDir = join(dataRoot, String(size));
  const marker = join(dataDir, "kassa-bench.json");
  const version = seedVersion();
  if (existsSync(marker)) {
    const seeded = JSON.parse(readFileSync(marker, "utf8"));
    if (seeded.version === version && seeded.size === size) return { dataDir, seconds: null };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  console.error(`[bench] seeding ${size.toLocaleString("en")} products into ${dataDir} …`);
  const started = performance.now();
  const output = await run(
    ["apps/platform/dist/seed-cli.js", "--products", String(size)],
    platformEnv(dataDir),
  );
  const seconds = (performance.now() - started) / 1000;
  process.stderr.write(output.replace(/^/gm, "[seed] "));
  writeFileSync(marker, JSON.stringify({ size, version, seconds }));
  return { dataDir, seconds };
}

/** A production platform on one data folder, with its process id for the RSS. */
export async function startPlatformOn(dataDir, port) {
  const child = spawn("node", ["apps/platform/dist/main.js"], {
    cwd: root,
    env: { ...process.env, ...platformEnv(dataDir), PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (chunk) => process.stderr.write(`[platform] ${chunk}`));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, 600_000);
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
