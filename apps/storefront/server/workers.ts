import cluster, { type Worker } from "node:cluster";

/**
 * The cluster's primary (`WEB_CONCURRENCY` above 1): Node's own `cluster`, the standard way to
 * spread one port over several processes, with what a runner adds around it and no more: a worker
 * that dies unexpectedly is replaced (after a growing pause when replacements keep dying young,
 * so a crash loop does not spin), SIGTERM and SIGINT are passed to every worker, and the primary
 * exits once the last worker is gone. Every worker is a whole storefront (`serve.ts`); they share
 * nothing but the port (sessions are signed cookies, the data cache is only a cache).
 */
export interface SuperviseOptions {
  /** How many workers to keep running. */
  count: number;
  /** A worker that lived this long before dying is replaced at once (default 10 s). */
  stableAfterMs?: number;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

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
  const { count, stableAfterMs = 10_000, log = console.log, warn = console.error } = options;
  const alive = new Set<Worker>();
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;
  // Until one worker has listened, a dying worker means the server cannot start here (the port
  // is taken, the build is missing): stop, as a single process would, rather than retry forever.
  let served = false;

  const exitWhenEmpty = () => {
    if (alive.size === 0 && pending.size === 0) process.exit(served ? 0 : 1);
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
        warn(`[storefront] worker ${worker.process.pid} exited (${how}) before serving; stopping`);
        stop("SIGTERM");
        return;
      }
      slot.youngDeaths = Date.now() - started < stableAfterMs ? slot.youngDeaths + 1 : 0;
      const delay = restartDelay(slot.youngDeaths);
      warn(
        `[storefront] worker ${worker.process.pid} exited (${how}); starting another${delay ? ` in ${delay / 1000} s` : ""}`,
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
    log(`[storefront] ${signal}: stopping ${alive.size} workers`);
    for (const worker of alive) worker.process.kill(signal);
    exitWhenEmpty();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  log(`[storefront] primary (pid ${process.pid}) starting ${count} workers`);
  for (let index = 0; index < count; index++) fork({ youngDeaths: 0 });
}
