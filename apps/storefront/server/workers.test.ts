import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { get } from "node:http";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_RESTART_DELAY_MS, restartDelay } from "./workers";

/**
 * `WEB_CONCURRENCY`: the production build (`pnpm build` first) started as the shop starts it,
 * `node build/express/main.js`, with its real workers on a real port. Each request goes on a new
 * connection, as the cluster hands out connections, not requests. The pages asked for need no
 * platform (`/healthz`, `/healthz/process`), so none is started.
 */
const storefrontDir = fileURLToPath(new URL("..", import.meta.url));
const mainFile = `${storefrontDir}build/express/main.js`;
const PORT = Number(process.env.WORKERS_TEST_PORT ?? 3711);
const base = `http://127.0.0.1:${PORT}`;

interface ProcessReport {
  pid: number;
  ppid: number;
  rssBytes: number;
}

let running: ChildProcess | undefined;
let blocker: Server | undefined;

beforeAll(() => {
  if (!existsSync(mainFile)) throw new Error(`${mainFile} is missing: build the storefront first`);
});

afterEach(async () => {
  if (running && running.exitCode === null && running.signalCode === null) {
    running.kill("SIGKILL");
  }
  running = undefined;
  await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()));
  blocker = undefined;
});

function startStorefront(env: Record<string, string>): ChildProcess {
  running = spawn(process.execPath, [mainFile], {
    cwd: storefrontDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SESSION_SECRET: "workers-test-secret-0123456789abcdef",
      KASSA_STOREFRONT_TOKEN: "workers-test-storefront-token-0123456789",
      // No platform here: nothing to follow.
      KASSA_CACHE_TAGS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The log (standard output, one line per request too) is read by `logLine` and otherwise let
  // run, so the pipe never fills and stalls the server.
  running.stdout?.resume();
  return running;
}

/** One GET on a connection of its own; rejects when nothing answers. */
function getOnce(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${path}`, { agent: false, timeout: 5_000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}

async function processReport(): Promise<ProcessReport> {
  const answer = await getOnce("/healthz/process");
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as ProcessReport;
}

// Generous: on a loaded 2-core machine a worker took 13-25 s to load the build.
async function waitUntilServing(timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await getOnce("/healthz")).status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the storefront did not come up");
}

/** Asks until `count` different processes have answered (or gives up). */
async function answeringPids(count: number, tries = 60): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let attempt = 0; attempt < tries && pids.size < count; attempt++) {
    pids.add((await processReport()).pid);
  }
  return pids;
}

function exited(child: ChildProcess, timeoutMs = 60_000): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("did not exit")), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Resolves once the process logs a line matching `pattern` (its log is standard output). */
function logLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve) => {
    let seen = "";
    const listen = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        child.stdout?.off("data", listen);
        resolve();
      }
    };
    child.stdout?.on("data", listen);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("WEB_CONCURRENCY", () => {
  it("runs two workers on one port, replaces one that dies, and stops them all on SIGTERM", async () => {
    const primary = startStorefront({ WEB_CONCURRENCY: "2" });
    await waitUntilServing();

    // The second worker may still be loading the build when the first answers.
    const first = new Set<number>();
    const bothUntil = Date.now() + 90_000;
    while (first.size < 2 && Date.now() < bothUntil) {
      for (const pid of await answeringPids(2, 10)) first.add(pid);
    }
    expect(first.size).toBe(2);
    for (const pid of first) {
      expect(pid).not.toBe(primary.pid);
      expect((await processReport()).ppid).toBe(primary.pid);
    }

    // A worker dies as a crash would kill it: the other one keeps the port answering meanwhile.
    const [victim, survivor] = [...first] as [number, number];
    const noticed = logLine(primary, new RegExp(`worker ${victim} exited`));
    process.kill(victim, "SIGKILL");
    await noticed;
    for (let i = 0; i < 10; i++) {
      expect((await processReport()).pid).toBe(survivor);
    }
    // The replacement comes after the young-death pause (it had lived under 10 s): 1 s.
    let replaced = new Set<number>();
    const until = Date.now() + 20_000;
    while (replaced.size < 2 && Date.now() < until) {
      replaced = await answeringPids(2, 10);
      replaced.delete(victim);
    }
    expect(replaced.has(survivor)).toBe(true);
    expect(replaced.size).toBe(2);
    expect(isAlive(victim)).toBe(false);

    primary.kill("SIGTERM");
    expect(await exited(primary)).toBe(0);
    for (const pid of replaced) expect(isAlive(pid)).toBe(false);
    await expect(getOnce("/healthz")).rejects.toThrow();
  }, 180_000);

  it("answers the process report to loopback callers only", async () => {
    startStorefront({ WEB_CONCURRENCY: "2" });
    await waitUntilServing();
    // The peer is loopback, a trusted proxy: the client is the address it forwards.
    const answer = await new Promise<number>((resolve, reject) => {
      get(
        `${base}/healthz/process`,
        { agent: false, headers: { "x-forwarded-for": "203.0.113.9" } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      ).on("error", reject);
    });
    expect(answer).toBe(404);
  }, 150_000);

  it("stays one process, with no primary, when unset", async () => {
    const single = startStorefront({});
    await waitUntilServing();
    const pids = await answeringPids(2, 10);
    expect([...pids]).toEqual([single.pid]);
    single.kill("SIGTERM");
    expect(await exited(single)).toBe(0);
  }, 150_000);

  it("stops, rather than restarting workers forever, when no worker can serve", async () => {
    // The port is taken: every worker's listen fails before it has served anything.
    blocker = createServer();
    await new Promise<void>((done) => blocker?.listen(PORT, "127.0.0.1", done));
    const primary = startStorefront({ WEB_CONCURRENCY: "2" });
    expect(await exited(primary, 90_000)).toBe(1);
  }, 150_000);
});

describe("restartDelay", () => {
  it("replaces a worker that had been serving at once, and backs off while replacements die young", () => {
    expect(restartDelay(0)).toBe(0);
    expect([1, 2, 3, 4].map(restartDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(restartDelay(10)).toBe(MAX_RESTART_DELAY_MS);
  });
});
