import cluster, { type Worker } from "node:cluster";
import { logger } from "../app/modules/http/logger.server";
import { aggregateWorkerMetrics } from "./cluster-metrics";

/**
 * The cluster's primary (`WEB_CONCURRENCY` above 1): Node's own `cluster`, the standard way to
 * spread one port over several processes, with what a runner adds around it and no more: a worker
 * that dies unexpectedly is replaced (after a growing pause when replacements keep dying young,
 * so a crash loop does not spin), SIGTERM and SIGINT are passed to every worker, and the primary
 * exits once the last worker is gone, or kills the ones still there a little after their own
 * shutdown deadline. It also sums the workers' metrics for `/metrics` (`cluster-metrics.ts`).
 * Every worker is a whole storefront (`serve.ts`); they share nothing but the port (sessions are
 * signed cookies, the data cache is only a cache).
 */
export interface SuperviseOptions {
  /** How many workers to keep running. */
  count: number;
  /** A worker that lived this long before dying is replaced at once (default 10 s). */
  stableAfterMs?: number;
  /** The workers' own shutdown deadline (`KASSA_SHUTDOWN_TIMEOUT_MS`, default 10 s). */
  shutdownTimeoutMs?: number;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

/**
 * How long past the workers' own deadline the primary waits for them to exit after SIGTERM: a
 * worker cuts its last connections at the deadline and exits at once, so only a stuck one (a busy
 * loop, a hung handle) is still there to be killed.
 */
export const WORKER_EXIT_GRACE_MS = 5000;

/** The longest pause before a replacement: a worker that keeps crashing is retried twice a minute. */
export const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The pause before replacing a worker, given how many workers in its place died young in a row:
 * none (it had been serving a while) → at once; then 1 s, 2 s, 4 s … up to 30 s.
 */
export function restartDelay(youngDeaths: number): number {
  if (youngDeaths <= 0) return 0;
  return Math.min(1000 * 2 ** (youngDeaths - 1), MAX_RESTART_DELAY_MS);
}

export function superviseWorkers(options: SuperviseOptions): void {
  const {
    count,
    stableAfterMs = 10_000,
    shutdownTimeoutMs = 10_000,
    log = (message) => logger().info(message),
    warn = (message) => logger().error(message),
  } = options;
  const alive = new Set<Worker>();
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;
  // Until one worker has listened, a dying worker means the server cannot start here (the port
  // is taken, the build is missing): stop, as a single process would, rather than retry forever.
  let served = false;
  /** Set when workers had to be killed after the shutdown deadline: the exit code says so. */
  let killed = false;

  const exitWhenEmpty = () => {
    if (alive.size === 0 && pending.size === 0) process.exit(served && !killed ? 0 : 1);
  };

  /** One worker in `slot`; its replacement takes the same slot (and its count of young deaths). */
  const fork = (slot: { youngDeaths: number }) => {
    const worker = cluster.fork();
    const started = Date.now();
    alive.add(worker);
    worker.once("listening", () => {
      served = true;
    });
    worker.once("exit", (code, signal) => {
      alive.delete(worker);
      const how = signal ?? `code ${code}`;
      if (stopping) return exitWhenEmpty();
      if (!served) {
        warn(`worker ${worker.process.pid} exited (${how}) before serving; stopping`);
        stop("SIGTERM");
        return;
      }
      slot.youngDeaths = Date.now() - started < stableAfterMs ? slot.youngDeaths + 1 : 0;
      const delay = restartDelay(slot.youngDeaths);
      warn(
        `worker ${worker.process.pid} exited (${how}); starting another${delay ? ` in ${delay / 1000} s` : ""}`,
      );
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!stopping) fork(slot);
      }, delay);
      pending.add(timer);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal while the workers finish their requests: stop them now (as a second
      // Ctrl-C stops a single process at once).
      for (const worker of alive) worker.process.kill("SIGKILL");
      return;
    }
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    log(`${signal}: stopping ${alive.size} workers`);
    for (const worker of alive) worker.process.kill(signal);
    const deadline = setTimeout(() => {
      if (alive.size === 0) return;
      killed = true;
      warn(`${alive.size} workers still running after the shutdown deadline: killed`);
      for (const worker of alive) worker.process.kill("SIGKILL");
    }, shutdownTimeoutMs + WORKER_EXIT_GRACE_MS);
    deadline.unref();
    exitWhenEmpty();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  aggregateWorkerMetrics();
  log(`primary (pid ${process.pid}) starting ${count} workers`);
  for (let index = 0; index < count; index++) fork({ youngDeaths: 0 });
}
