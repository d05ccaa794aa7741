import { PGlite } from "@electric-sql/pglite";
import { DISCOUNT_CODE_ERRORS, type DiscountCodeError } from "@kassa/api-client";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from "prom-client";
import type { Database } from "../db/database.js";
import { JOB_NAMES, JOB_SCHEMA } from "../jobs/job-queue.js";
import { logger } from "../logging/logger.js";
import { DISCOUNT_CODE_LIMIT_NAMES } from "../modules/discounts/discount-code-tries.js";

/**
 * What `/metrics` tells (Prometheus text, ADR 0039): how long requests take by route, method and
 * status; the job queue's depth and failures; the database connections in use; the refusals of
 * the rate limits and the discount-code tries that failed (ADR 0051); and the process's own
 * figures (CPU, memory, event-loop delay, garbage collection). Metric names start with
 * `kassa_platform_`, the process's with `process_` and `nodejs_` as everywhere.
 */
export interface PlatformMetrics {
  /** One answered request: its route pattern (never the URL), method, status and duration. */
  observeRequest(request: { route: string; method: string; status: number }, ms: number): void;
  /** One try of a job that failed (it may be retried), in this process. */
  countJobFailure(queue: string): void;
  /** One attempt a rate limit refused, by the limit's name (`login-address`, `discount-code-shop`). */
  countRateLimitRefusal(limit: string): void;
  /** One discount code looked up and not added, by the C§8 error it was refused for. */
  countDiscountCodeFailure(error: DiscountCodeError): void;
  /** The figures as Prometheus text, read from the database where they live there. */
  render(): Promise<{ contentType: RegistryContentType; text: string }>;
}

/**
 * The process's figures are the process's, however many apps it serves (the tests serve many):
 * collected once, into a registry of their own.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Seconds, from 5 ms to 10 s: the API's answers are mostly tens of milliseconds; a search, an
 * order or an upload's conversion takes longer.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The job states that are the queue's depth (waiting or running) and its failures. */
const COUNTED_JOB_STATES = ["created", "retry", "active", "failed"] as const;

/** How long a scrape waits for the database's figures before it answers without them. */
const DATABASE_FIGURES_DEADLINE_MS = 2_000;

export function createPlatformMetrics(db: Database): PlatformMetrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: "kassa_platform_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's head, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "kassa_platform_job_failures_total",
    help: "Tries of jobs that failed in this process (a failed try is retried until its policy's tries are used up)",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  // Every queue from the start, so a rate over it is defined before the first failure.
  for (const queue of JOB_NAMES) jobFailures.inc({ queue }, 0);

  // Other limits' series appear with their first refusal (the names are their modules' own); the
  // discount codes' are there from the start, so an alert on a guessing run sees its first 429.
  const limitRefusals = new Counter({
    name: "kassa_platform_rate_limit_refusals_total",
    help: "Attempts refused by a rate limit (429), by the limit's name; an attempt two limits refuse counts under each",
    labelNames: ["limit"] as const,
    registers: [registry],
  });
  const discountCodeFailures = new Counter({
    name: "kassa_platform_discount_code_failures_total",
    help: "Discount codes looked up and not added, by the C§8 error (MISSING_DISCOUNT_CODE: no such code); also those answered 429 by the shop-wide budget of unknown codes",
    labelNames: ["error"] as const,
    registers: [registry],
  });
  for (const limit of DISCOUNT_CODE_LIMIT_NAMES) limitRefusals.inc({ limit }, 0);
  // BAD_REQUEST is a body the schema refuses, answered before any code is looked up.
  for (const error of DISCOUNT_CODE_ERRORS) {
    if (error !== "BAD_REQUEST") discountCodeFailures.inc({ error }, 0);
  }

  new Gauge({
    name: "kassa_platform_jobs",
    help: "Jobs on the queue by state: created and retry are waiting, active are running, failed have used up their tries (kept until pg-boss deletes them)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await jobCounts(db);
      for (const queue of JOB_NAMES) {
        for (const state of COUNTED_JOB_STATES) {
          this.set({ queue, state }, counts.get(`${queue}/${state}`) ?? 0);
        }
      }
    },
  });

  new Gauge({
    name: "kassa_platform_db_connections",
    help: "Database connections: of the PostgreSQL pool, total open, idle, and requests waiting for one; of the embedded PGlite, its one connection (total)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      // Read at each scrape: the handle is the database's, and only its counts are wanted here.
      const client = (db as { $client?: unknown }).$client;
      if (client instanceof pg.Pool) {
        this.set({ state: "total" }, client.totalCount);
        this.set({ state: "idle" }, client.idleCount);
        this.set({ state: "waiting" }, client.waitingCount);
      } else if (client instanceof PGlite) {
        // One connection in this process, which queries take in turn; it tells no more.
        this.set({ state: "total" }, client.closed ? 0 : 1);
      }
    },
  });

  return {
    observeRequest({ route, method, status }, ms) {
      requestDuration.observe({ route, method, status: String(status) }, ms / 1000);
    },
    countJobFailure(queue) {
      jobFailures.inc({ queue });
    },
    countRateLimitRefusal(limit) {
      limitRefusals.inc({ limit });
    },
    countDiscountCodeFailure(error) {
      discountCodeFailures.inc({ error });
    },
    async render() {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return { contentType: registry.contentType, text: `${own}\n${process}` };
    },
  };
}

/**
 * `queue/state` → jobs, counted in pg-boss's table; an empty map when the database does not
 * answer in time (the scrape still answers, with zeros, and the failure is logged).
 */
async function jobCounts(db: Database): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  try {
    const query = db.execute(
      sql`select name, state::text as state, count(*)::int as jobs from ${sql.identifier(JOB_SCHEMA)}.job
          where state::text in ('created', 'retry', 'active', 'failed') group by name, state`,
    );
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("the database did not answer in time")),
        DATABASE_FIGURES_DEADLINE_MS,
      );
    });
    const result = (await Promise.race([query, late])) as unknown as {
      rows: Array<{ name: string; state: string; jobs: number }>;
    };
    for (const row of result.rows) counts.set(`${row.name}/${row.state}`, Number(row.jobs));
  } catch (error) {
    logger.warn({ err: error }, "metrics: counting the job queue failed");
  } finally {
    clearTimeout(timer);
  }
  return counts;
}
