// What the benchmark scripts share: the platform and the storefront started from their production
// builds on loopback ports, each with its output prefixed, waited for, and stopped on exit; and
// what each such process (and its children: the storefront's workers) holds in memory.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_SECRET = "bench-only-secret-0123456789abcdef";
/**
 * The shop's own token (ADR 0048): every bench platform takes it and every bench storefront sends
 * it, as a deployment pairs them.
 */
export const BENCH_STOREFRONT_TOKEN = "bench-only-storefront-token-0123456789abcdef";
/** The cache-tag stream's shared secret, for a storefront that reaches it through a proxy. */
export const BENCH_CACHE_TAGS_SECRET = "bench-only-cache-tags-secret-0123456789";

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

/**
 * A started process: its URL, the child, and `stop()`, which sends SIGTERM and resolves when it
 * has exited (so its port is free for the next one).
 */
function launched(url, child) {
  return {
    url,
    child,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // A process that does not stop within 20 s is killed: a bench must never hang on one.
        const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/**
 * A platform: by default freshly seeded on embedded PGlite in a temporary folder, with the demo
 * accounts; `DATABASE_URL` in `env` puts it on a PostgreSQL database instead (migrated, and seeded
 * when empty). `name` prefixes its log lines (`platform 2`).
 */
export async function launchPlatform({ port, env = {}, name = "platform" }) {
  const dataDir = mkdtempSync(join(tmpdir(), "kassa-bench-"));
  folders.push(dataDir);
  const child = start(name, ["apps/platform/dist/main.js"], root, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: BENCH_SECRET,
    KASSA_STOREFRONT_TOKENS: BENCH_STOREFRONT_TOKEN,
    KASSA_DEMO_ACCOUNTS: "true",
    // The benches pay on the sandboxes' own pages, which production mounts only when asked.
    KASSA_PAYMENT_SANDBOXES: "true",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`);
  return launched(url, child);
}

/** A freshly seeded platform (embedded PGlite in a temporary folder) with the demo accounts. */
export async function startPlatform(options) {
  return (await launchPlatform(options)).url;
}

/**
 * The storefront's production server, pointed at `platformUrl` for every backend;
 * `WEB_CONCURRENCY` in `env` runs that many workers behind its port.
 */
export async function launchStorefront({ port, platformUrl, env = {}, name = "storefront" }) {
  const child = start(name, ["build/express/main.js"], join(root, "apps/storefront"), {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    KASSA_SHOPPER_API_URL: platformUrl,
    KASSA_PRODUCT_API_URL: platformUrl,
    KASSA_ACCOUNT_API_URL: platformUrl,
    KASSA_ORDER_API_URL: platformUrl,
    KASSA_MEDIA_API_URL: platformUrl,
    KASSA_MARKETING_API_URL: platformUrl,
    SESSION_SECRET: BENCH_SECRET,
    KASSA_STOREFRONT_TOKEN: BENCH_STOREFRONT_TOKEN,
    KASSA_COOKIE_SECURE: "false",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return launched(url, child);
}

/** The storefront's production server, pointed at `platformUrl` for every backend. */
export async function startStorefront(options) {
  return (await launchStorefront(options)).url;
}

/**
 * The bench's round-robin balancer (`balancer.mjs`) on `port`, spreading requests over
 * `upstreams`: what a load balancer in front of several platform processes does.
 */
export async function launchBalancer({ port, upstreams, name = "balancer" }) {
  const child = start(
    name,
    ["bench/balancer.mjs", "--port", String(port), "--upstreams", upstreams.join(",")],
    root,
    {},
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/balancer/health`);
  return launched(url, child);
}

/** A process's resident memory in bytes (Linux: `/proc/<pid>/status`); undefined once it is gone. */
export function rssOf(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The direct children of a process (the storefront primary's workers), by pid. */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Processes whose command line holds `text` (varnishd's manager and cache worker, found by their
 * work folder), by pid.
 */
export function pidsWithArgument(text) {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (args.includes(text)) found.push(Number(entry));
    } catch {}
  }
  return found.sort((a, b) => a - b);
}
