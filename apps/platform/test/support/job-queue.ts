import { sql } from "drizzle-orm";
import type { Database } from "../../src/db/open-database.js";
import { JOB_SCHEMA, type JobName } from "../../src/jobs/job-queue.js";
import { platformJobHandlers } from "../../src/jobs/platform-jobs.js";
import { type JobWorker, startWorker } from "../../src/jobs/worker.js";
import { smtpTransport } from "../../src/modules/mail/smtp-transport.js";
import type { TestClock } from "./test-clock.js";

/** A job as pg-boss stores it, for checking what the queue holds. */
export interface StoredJob {
  id: string;
  name: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  data: Record<string, unknown>;
  retry_count: number;
  /** Seconds from now (the database's) until the job is due; negative when it is. */
  due_in: number;
  output: { message?: string } | null;
}

export async function storedJobs(db: Database, name: JobName): Promise<StoredJob[]> {
  const result = (await db.execute(
    sql`SELECT id, name, state, data, retry_count, output,
          extract(epoch FROM start_after - now())::float8 AS due_in
        FROM ${sql.identifier(JOB_SCHEMA)}.job WHERE name = ${name} ORDER BY created_on`,
  )) as unknown as { rows: StoredJob[] };
  return result.rows;
}

/**
 * Lets `seconds` pass for the queue: due times and start times move back. The queue keeps time
 * by the database's clock (pg-boss), which a test cannot move; this is the same thing seen from
 * the jobs.
 */
export async function passQueueTime(db: Database, seconds: number): Promise<void> {
  await db.execute(
    sql`UPDATE ${sql.identifier(JOB_SCHEMA)}.job
        SET start_after = start_after - make_interval(secs => ${seconds}),
            started_on = started_on - make_interval(secs => ${seconds})`,
  );
}

/**
 * A platform worker that sends mail to `smtpUrl` and only runs when told (`runDueJobs()`), on
 * the test's clock.
 */
export function startMailWorker(
  db: Database,
  clock: TestClock,
  smtpUrl: string,
  mailFrom = "Kassa <no-reply@kassa.test>",
): Promise<JobWorker> {
  return startWorker({
    db,
    clock: clock.clock,
    pollMs: 0,
    handlers: platformJobHandlers({ mailTransport: smtpTransport(smtpUrl, mailFrom) }),
  });
}
