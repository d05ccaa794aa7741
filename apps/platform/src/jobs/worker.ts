import PgBoss from "pg-boss";
import { type Clock, systemClock } from "../clock.js";
import type { Database } from "../db/database.js";
import { isDatabaseUnavailable } from "../db/database-unavailable.js";
import { redactMessage } from "../http/error-log.js";
import { logger } from "../logging/logger.js";
import type { PlatformMetrics } from "../metrics/platform-metrics.js";
import { bossDatabase } from "./boss-database.js";
import { bossOptions, JOB_QUEUES, type JobName } from "./job-queue.js";

/** What a handler gets besides its payload. */
export interface JobContext {
  db: Database;
  clock: Clock;
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  /** When `attempt` reaches this, a failure is final. */
  maxAttempts: number;
}

/**
 * Does one job. Resolving completes it; rejecting fails this try, and the queue retries it with
 * backoff until its policy's tries are used up. A job may run more than once (a worker can die
 * after the work and before marking it done): a handler checks whether its work is already done.
 */
export type JobHandler<Payload = unknown> = (
  payload: Payload,
  context: JobContext,
) => Promise<void>;

export interface JobHandlers {
  registerHandler<Payload>(name: JobName, handler: JobHandler<Payload>): void;
  /** The kinds of job that have a handler: a worker claims only these. */
  names(): JobName[];
  get(name: JobName): JobHandler | undefined;
}

export function createJobHandlers(): JobHandlers {
  const handlers = new Map<JobName, JobHandler>();
  return {
    registerHandler(name, handler) {
      if (!(name in JOB_QUEUES)) throw new Error(`No job queue "${name}" in JOB_QUEUES`);
      handlers.set(name, handler as JobHandler);
    },
    names: () => [...handlers.keys()],
    get: (name) => handlers.get(name),
  };
}

export interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  /** Given to handlers (timestamps they write). Due times and backoff are the database's time. */
  clock?: Clock;
  /**
   * How long an idle worker waits before asking for due jobs again, in milliseconds. `0`: it
   * never polls and runs no maintenance or schedules; the caller drives it with `runDueJobs()`
   * (tests).
   * @default 1000
   */
  pollMs?: number;
  /**
   * Jobs this process runs at the same time.
   * @default 4
   */
  concurrency?: number;
  /**
   * Jobs sent by the clock, as cron expressions in UTC (`"17 * * * *"`: hourly at :17). Several
   * processes may all have them: pg-boss sends each due one once. Only when polling.
   */
  schedules?: Partial<Record<JobName, string>>;
  /** Counts each failed try (`kassa_platform_job_failures_total`, ADR 0039). */
  metrics?: Pick<PlatformMetrics, "countJobFailure">;
}

export interface JobWorker {
  /**
   * Claims the jobs that are due now, `concurrency` at a time, and runs them, until none is due
   * (at most 1000 per call). Resolves to how many ran. Jobs waiting for a retry are not due.
   */
  runDueJobs(): Promise<number>;
  /**
   * pg-boss's maintenance, which a polling worker runs every minute: a job whose lease
   * (`expireInSeconds`) ran out, because its worker died or hung, fails that try and is retried;
   * old finished jobs are archived and then deleted.
   */
  runMaintenance(): Promise<void>;
  /** Stops polling, waits for the jobs in hand to finish, and stops pg-boss's timers. */
  stop(): Promise<void>;
}

/** Waits between tries of recording a job's outcome while the database is away. */
const FIRST_OUTCOME_RETRY_MS = 250;
const LAST_OUTCOME_RETRY_MS = 4000;

/** A crashed worker's job is retried after its lease (`expireInSeconds`) plus at most this. */
const MAINTENANCE_INTERVAL_SECONDS = 60;
const MAX_JOBS_PER_RUN = 1000;

/**
 * Starts a worker over the platform's job queue (`job-queue.ts`): `concurrency` loops that each
 * claim one due job at a time (`FOR UPDATE SKIP LOCKED`: no two workers, in this process or
 * another, get the same job) and run its handler. pg-boss's maintenance retries jobs whose worker
 * died (past their lease) and removes old finished ones; its timekeeper sends `schedules`.
 * `installJobQueue` (run by `DatabaseHandle.migrate()`) must have run first.
 */
export async function startWorker({
  db,
  handlers,
  clock = systemClock,
  pollMs = 1000,
  concurrency = 4,
  schedules = {},
  metrics,
}: WorkerOptions): Promise<JobWorker> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`concurrency must be a whole number from 1, got ${concurrency}`);
  }
  const polling = pollMs > 0;
  const scheduled = Object.entries(schedules) as [JobName, string][];
  const boss = new PgBoss({
    ...bossOptions(bossDatabase(db)),
    migrate: false,
    supervise: polling,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    schedule: polling && scheduled.length > 0,
  });
  // pg-boss reports failures of its own timers here; without a listener they would crash Node.
  boss.on("error", (error) => logger.error({ err: error }, "job queue"));
  await boss.start();
  if (polling) {
    for (const [name, cron] of scheduled) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }

  async function runJob(name: JobName, job: PgBoss.JobWithMetadata): Promise<void> {
    const handler = handlers.get(name);
    if (!handler) return;
    const attempt = job.retryCount + 1;
    const maxAttempts = job.retryLimit + 1;
    try {
      await handler(job.data, { db, clock, jobId: job.id, attempt, maxAttempts });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      metrics?.countJobFailure(name);
      // One line, no stack: a refused mail is an expected event, not a fault to trace.
      logger.error(
        { job: name, jobId: job.id, attempt, maxAttempts },
        `job ${name} ${job.id} failed (try ${attempt} of ${maxAttempts}): ${redactMessage(reason)}`,
      );
      await recordOutcome(name, job, () =>
        boss.fail(name, job.id, { message: reason.slice(0, 2000) }),
      );
      return;
    }
    await recordOutcome(name, job, () => boss.complete(name, job.id));
  }

  /**
   * Marks a job done or failed. When the database is away at that moment (restarting), the job
   * would stay `active` until its lease ran out and the maintenance after that retried it: its
   * outcome is recorded instead as soon as the database is back, tried again with backoff for as
   * long as the lease lasts (ADR 0045).
   */
  async function recordOutcome(
    name: JobName,
    job: PgBoss.JobWithMetadata,
    record: () => Promise<unknown>,
  ): Promise<void> {
    try {
      await record();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logger.error(
        { job: name, jobId: job.id },
        "recording a job's outcome failed, retrying once the database is back",
      );
      const giveUpAt = Date.now() + job.expireInSeconds * 1000;
      const retry = (waitMs: number) => {
        if (stopping || Date.now() + waitMs > giveUpAt) return;
        setTimeout(() => {
          record().catch((again: unknown) => {
            if (isDatabaseUnavailable(again)) retry(Math.min(waitMs * 2, LAST_OUTCOME_RETRY_MS));
          });
        }, waitMs).unref();
      };
      retry(FIRST_OUTCOME_RETRY_MS);
    }
  }

  /** Claims up to `batchSize` due jobs of each kind and runs them; resolves to how many ran. */
  async function claimAndRun(batchSize: number): Promise<number> {
    let ran = 0;
    for (const name of handlers.names()) {
      const jobs = await boss.fetch<object>(name, { batchSize, includeMetadata: true });
      await Promise.all(jobs.map((job) => runJob(name, job)));
      ran += jobs.length;
    }
    return ran;
  }

  let stopping = false;
  const wakeUps = new Set<() => void>();
  const idle = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      wakeUps.add(wake);
    });

  async function lane(): Promise<void> {
    while (!stopping) {
      let ran = 0;
      try {
        ran = await claimAndRun(1);
      } catch (error) {
        logger.error({ err: error }, "job queue");
      }
      if (ran === 0 && !stopping) await idle();
    }
  }

  const lanes = polling ? Array.from({ length: concurrency }, () => lane()) : [];

  return {
    async runDueJobs() {
      let total = 0;
      while (total < MAX_JOBS_PER_RUN) {
        const ran = await claimAndRun(concurrency);
        if (ran === 0) break;
        total += ran;
      }
      return total;
    },
    runMaintenance: () => boss.maintain(),
    async stop() {
      if (stopping) return;
      stopping = true;
      for (const wake of [...wakeUps]) wake();
      await Promise.all(lanes);
      await boss.stop({ graceful: true, wait: true, close: false });
    },
  };
}
