// What the benchmark scripts share: the platform and the storefront started from their production
// builds on loopback ports, each with its output prefixed, waited for, and stopped on exit.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_SECRET = "bench-only-secret-0123456789abcdef";

const children = [];
const folders = [];

function stopAll() {
  for (const child of children) child.kill("SIGTERM");
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  children.length = 0;
  folders.length = 0;
}
process.on("exit", stopAll);

export { stopAll };

function start(name, args, cwd, env) {
  const child = spawn("node", args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  children.push(child);
  return child;
}

export async function waitFor(url, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** A freshly seeded platform (embedded PGlite in a temporary folder) with the demo accounts. */
export async function startPlatform({ port, env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), "kassa-bench-"));
  folders.push(dataDir);
  start("platform", ["apps/platform/dist/main.js"], root, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: BENCH_SECRET,
    KASSA_DEMO_ACCOUNTS: "true",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`);
  return url;
}

/** The storefront's production server, pointed at `platformUrl` for every backend. */
export async function startStorefront({ port, platformUrl, env = {} }) {
  start("storefront", ["build/express/main.js"], join(root, "apps/storefront"), {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    KASSA_SHOPPER_API_URL: platformUrl,
    KASSA_PRODUCT_API_URL: platformUrl,
    KASSA_ACCOUNT_API_URL: platformUrl,
    KASSA_ORDER_API_URL: platformUrl,
    KASSA_MEDIA_API_URL: platformUrl,
    SESSION_SECRET: BENCH_SECRET,
    KASSA_COOKIE_SECURE: "false",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return url;
}
