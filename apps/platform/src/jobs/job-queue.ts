import PgBoss from "pg-boss";
import type { Database } from "../db/database.js";
import { type BossDatabase, bossDatabase } from "./boss-database.js";

/**
 * The platform's job queue (DESIGN §9, ADR 0007): slow or unreliable work (mail today; print-file
 * conversion and payment-provider notifications later) runs outside the request, in a worker,
 * with retries and backoff. The queue is pg-boss on the platform's own database: jobs are rows in
 * the `pgboss` schema, claimed with `FOR UPDATE SKIP LOCKED`, so any number of platform processes
 * on one PostgreSQL server share them and each job runs in one of them at a time; PGlite, with
 * one process, works the same way.
 */

/** How one kind of job is retried. */
export interface QueuePolicy {
  /** Tries after the first one; the job fails for good after `retryLimit + 1` tries. */
  retryLimit: number;
  /**
   * The wait before the first retry, in seconds. With `retryBackoff` each retry waits twice as
   * long as the one before, plus up to the same again at random (pg-boss's backoff): 30 s gives
   * 30–60 s, 1–2 min, 2–4 min, 4–8 min, 8–16 min.
   */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * The lease: a job still running after this long counts as failed (its worker died or hung)
   * and is retried by the next maintenance run. Longer than the job can take.
   */
  expireInSeconds: number;
}

/**
 * Every kind of job there is, with its retry policy. A new kind of job is added here (its queue
 * is created by `installJobQueue` on the next start) and its handler registered with the worker.
 */
export const JOB_QUEUES = {
  /** `{ mailId }`: sends one outbox mail through SMTP (`src/modules/mail/send-mail.ts`). */
  "send-mail": {
    // Six tries over 15–30 minutes: a mail server that restarts or is briefly down is waited
    // for; one that refuses for longer leaves the mail unsent with its error in the outbox row.
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // SMTP gives up after 10 s per step (connect, greeting, each reply).
    expireInSeconds: 5 * 60,
  },
  /**
   * `{ url }`: one Walley notification of a completed purchase to the shop's notification URI
   * (`src/modules/payments/walley/notifications.ts`). Retried like Walley's own: soon, then later.
   */
  "walley-notification": {
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  /**
   * `{ orderId }`: mails the company's agents a customer's decision on an order, with its reason
   * (`src/modules/orders/agent-notification.ts`). Queued 3 s after the decision.
   */
  "notify-order-agents": {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  /** `{}`: deletes idempotency keys past their expiry (`src/http/idempotency.ts`); hourly. */
  "purge-idempotency-keys": {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  },
} as const satisfies Record<string, QueuePolicy>;

export type JobName = keyof typeof JOB_QUEUES;

export const JOB_NAMES = Object.keys(JOB_QUEUES) as JobName[];

/** pg-boss's schema; the platform's own tables stay in `public`. */
export const JOB_SCHEMA = "pgboss";

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  startAfter?: Date;
  /** Higher runs first; default 0. */
  priority?: number;
}

/**
 * pg-boss instance used only to send: each call names its own database (the caller's
 * transaction), so this one is never started and holds no connection or timer.
 */
const sender = new PgBoss({
  schema: JOB_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error("Pass the database to enqueue()")),
  },
});

/**
 * Puts a job on the queue. Pass the transaction that writes the rows the job needs: the job is
 * then stored with them or not at all, and no worker can see it before they are committed.
 * Resolves to the job's id.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   const [mail] = await tx.insert(mailOutbox).values(row).returning();
 *   await enqueue(tx, "send-mail", { mailId: mail.id });
 * });
 */
export async function enqueue(
  db: Database,
  name: JobName,
  payload: object,
  options: EnqueueOptions = {},
): Promise<string> {
  const sendOptions: PgBoss.SendOptions = { db: bossDatabase(db) as PgBoss.Db };
  if (options.startAfter) sendOptions.startAfter = options.startAfter;
  if (options.priority !== undefined) sendOptions.priority = options.priority;
  const id = await sender.send(name, payload, sendOptions);
  // pg-boss inserts nothing for a queue that does not exist.
  if (!id) throw new Error(`No job queue "${name}": has installJobQueue() run?`);
  return id;
}

/** The pg-boss settings every instance of the platform shares. */
export function bossOptions(db: BossDatabase): PgBoss.ConstructorOptions {
  return { schema: JOB_SCHEMA, db: db as PgBoss.Db };
}

/**
 * Creates or updates pg-boss's schema and the platform's queues, with their retry policies.
 * Runs with the migrations (`DatabaseHandle.migrate()`), before any request can enqueue. Safe
 * to run from several processes at once: pg-boss migrates under an advisory lock, and creating a
 * queue that exists does nothing.
 */
export async function installJobQueue(db: Database): Promise<void> {
  const boss = new PgBoss({
    ...bossOptions(bossDatabase(db)),
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    for (const name of JOB_NAMES) {
      const policy: QueuePolicy = JOB_QUEUES[name];
      const options = {
        name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.expireInSeconds,
      };
      await boss.createQueue(name, options);
      // A queue made by an older version keeps its old policy unless it is updated.
      await boss.updateQueue(name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
