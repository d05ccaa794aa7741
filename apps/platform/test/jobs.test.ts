import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/open-database.js";
import { mailOutbox } from "../src/db/schema.js";
import { enqueue } from "../src/jobs/job-queue.js";
import { platformJobHandlers } from "../src/jobs/platform-jobs.js";
import {
  createJobHandlers,
  type JobContext,
  type JobWorker,
  startWorker,
} from "../src/jobs/worker.js";
import { createMailer } from "../src/modules/mail/send-mail.js";
import { smtpTransport } from "../src/modules/mail/smtp-transport.js";
import { passQueueTime, storedJobs } from "./support/job-queue.js";
import { captureLogs } from "./support/log-capture.js";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.js";
import { createTestClock } from "./support/test-clock.js";
import { createTestDatabase, type TestDatabase } from "./support/test-database.js";

let database: TestDatabase;
const clock = createTestClock();
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await database.handle.migrate();
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await database?.dispose();
});

/**
 * A worker whose only job is the test's handler, on the `send-mail` queue (any queue would do;
 * its policy is six tries, 30 s backoff, a 5-minute lease).
 */
async function workerWith(
  handler: (payload: { n: number }, context: JobContext) => Promise<void>,
  options: { pollMs?: number; concurrency?: number } = {},
) {
  const handlers = createJobHandlers();
  handlers.registerHandler("send-mail", handler);
  const worker = await startWorker({
    db: database.handle.db,
    handlers,
    clock: clock.clock,
    pollMs: options.pollMs ?? 0,
    concurrency: options.concurrency,
  });
  workers.push(worker);
  return worker;
}

/** Runs the handlers of earlier tests' leftovers too: each test looks at its own payloads. */
const mine = (marker: number) => (job: { data: Record<string, unknown> }) => job.data.n === marker;

function marker() {
  return Math.floor(Math.random() * 1e9);
}

describe("enqueue", () => {
  it("stores a job with the caller's transaction, and not at all when it rolls back", async () => {
    const kept = marker();
    const dropped = marker();
    const { db } = database.handle;
    await db.transaction(async (tx) => {
      await enqueue(tx, "send-mail", { n: kept });
    });
    await db
      .transaction(async (tx) => {
        await enqueue(tx, "send-mail", { n: dropped });
        tx.rollback();
      })
      .catch(() => {});

    const seen: number[] = [];
    const worker = await workerWith(async ({ n }) => {
      seen.push(n);
    });
    await worker.runDueJobs();
    expect(seen).toContain(kept);
    expect(seen).not.toContain(dropped);
    const jobs = await storedJobs(db, "send-mail");
    expect(jobs.filter(mine(kept)).map((job) => job.state)).toEqual(["completed"]);
    expect(jobs.filter(mine(dropped))).toEqual([]);
  });

  it("waits for startAfter", async () => {
    const n = marker();
    // The database's clock decides; a minute ahead of it is not due yet.
    await enqueue(
      database.handle.db,
      "send-mail",
      { n },
      { startAfter: new Date(Date.now() + 60_000) },
    );
    const seen: number[] = [];
    const worker = await workerWith(async (payload) => {
      seen.push(payload.n);
    });
    await worker.runDueJobs();
    expect(seen).not.toContain(n);
    await passQueueTime(database.handle.db, 61);
    await worker.runDueJobs();
    expect(seen).toContain(n);
  });
});

describe("retries", () => {
  it("retries a failed job with backoff and tells the handler which try it is", async () => {
    const n = marker();
    await enqueue(database.handle.db, "send-mail", { n });
    const tries: Array<[number, number]> = [];
    const log = captureLogs();
    const worker = await workerWith(async (payload, { attempt, maxAttempts }) => {
      if (payload.n !== n) return;
      tries.push([attempt, maxAttempts]);
      if (attempt < 3) throw new Error(`try ${attempt} failed`);
    });
    try {
      await worker.runDueJobs();
      let [job] = (await storedJobs(database.handle.db, "send-mail")).filter(mine(n));
      expect(job?.state).toBe("retry");
      expect(job?.output?.message).toBe("try 1 failed");
      expect(log.text()).toContain("try 1 of 6");
      // Not due again before its backoff is over.
      expect(await worker.runDueJobs()).toBe(0);
      await passQueueTime(database.handle.db, 60);
      await worker.runDueJobs();
      await passQueueTime(database.handle.db, 120);
      await worker.runDueJobs();
      [job] = (await storedJobs(database.handle.db, "send-mail")).filter(mine(n));
      expect(job?.state).toBe("completed");
      expect(tries).toEqual([
        [1, 6],
        [2, 6],
        [3, 6],
      ]);
    } finally {
      log.stop();
    }
  });

  it("runs again the job of a worker that died, once its lease is over", async () => {
    const n = marker();
    await enqueue(database.handle.db, "send-mail", { n });
    // The first worker takes the job and never finishes it (its process is gone).
    let started!: () => void;
    const taken = new Promise<void>((resolve) => {
      started = resolve;
    });
    const dying = await workerWith(async (payload) => {
      if (payload.n !== n) return;
      started();
      await new Promise(() => {});
    });
    void dying.runDueJobs();
    await taken;
    expect((await storedJobs(database.handle.db, "send-mail")).filter(mine(n))[0]?.state).toBe(
      "active",
    );

    const seen: number[] = [];
    const other = await workerWith(async (payload) => {
      seen.push(payload.n);
    });
    // Within the lease (5 minutes) the job is nobody else's.
    await other.runMaintenance();
    expect(await other.runDueJobs()).toBe(0);
    await passQueueTime(database.handle.db, 5 * 60 + 1);
    await other.runMaintenance();
    const [job] = (await storedJobs(database.handle.db, "send-mail")).filter(mine(n));
    expect(job?.state).toBe("retry");
    await passQueueTime(database.handle.db, 60);
    await other.runDueJobs();
    expect(seen).toEqual([n]);
    workers.splice(workers.indexOf(dying), 1);
  });
});

describe("a polling worker", () => {
  it("picks up new jobs by itself and finishes the job in hand when stopped", async () => {
    const n = marker();
    let finish!: () => void;
    const finished: number[] = [];
    let running!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      running = resolve;
    });
    const worker = await workerWith(
      async (payload) => {
        if (payload.n !== n) return;
        running();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        finished.push(payload.n);
      },
      { pollMs: 20, concurrency: 2 },
    );
    await enqueue(database.handle.db, "send-mail", { n });
    await isRunning;
    const stopped = worker.stop();
    let stopDone = false;
    void stopped.then(() => {
      stopDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopDone).toBe(false);
    finish();
    await stopped;
    expect(finished).toEqual([n]);
    const [job] = (await storedJobs(database.handle.db, "send-mail")).filter(mine(n));
    expect(job?.state).toBe("completed");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two platform processes on one PostgreSQL", () => {
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });

  afterAll(async () => {
    await sink?.close();
  });

  it("send each mail once", async () => {
    if (!database.databaseUrl) throw new Error("expected a PostgreSQL test database");
    // Two connection pools, as two processes have; the first is the test's.
    const second = await openDatabase({ databaseUrl: database.databaseUrl });
    try {
      const mailer = createMailer({ db: database.handle.db, deliver: true, clock: clock.clock });
      const addresses = Array.from({ length: 40 }, () => `two-${randomUUID()}@example.test`);
      for (const to of addresses) {
        await mailer.send({ to, subject: "Hej", text: "Hej", html: "<p>Hej</p>" });
      }
      const transport = smtpTransport(sink.url(), "Kassa <no-reply@kassa.test>");
      const start = (db: typeof database.handle.db) =>
        startWorker({
          db,
          clock: clock.clock,
          pollMs: 10,
          concurrency: 4,
          handlers: platformJobHandlers({ mailTransport: transport }),
        });
      const [one, two] = await Promise.all([start(database.handle.db), start(second.db)]);
      try {
        for (let waited = 0; waited < 20_000; waited += 50) {
          const rows = await database.handle.db.select().from(mailOutbox);
          if (rows.filter((row) => addresses.includes(row.to)).every((row) => row.sentAt)) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
      const received = sink.received.flatMap((mail) => mail.to);
      for (const to of addresses) {
        expect(received.filter((address) => address === to)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
