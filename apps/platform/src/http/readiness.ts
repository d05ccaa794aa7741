import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/database.js";
import { logger } from "../logging/logger.js";
import type { AppEnv } from "./app-env.js";

/** What `/readyz` needs beyond the database: whether this process is on its way out. */
export interface Readiness {
  /** Set on SIGTERM (`main.ts`): a load balancer stops sending new requests here. */
  shuttingDown: boolean;
}

/** How long `select 1` may take before the database counts as unreachable. */
export const READINESS_DEADLINE_MS = 2_000;

/**
 * `GET /readyz` (API.md): 200 `{"ok":true}` while this process can serve, 503 with `reason` while
 * the database does not answer `select 1` within {@link READINESS_DEADLINE_MS} or the process is
 * shutting down. `/health` stays a liveness check: it answers as long as the process does, so a
 * database outage makes the load balancer wait rather than an orchestrator restart every process.
 */
export function readinessRoutes({ db, readiness }: { db: Database; readiness: Readiness }) {
  const app = new Hono<AppEnv>({ strict: false });
  app.get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    if (readiness.shuttingDown) {
      return c.json({ ok: false, reason: "shutting down" }, 503);
    }
    if (!(await databaseAnswers(db))) {
      return c.json({ ok: false, reason: "database unreachable" }, 503);
    }
    return c.json({ ok: true });
  });
  return app;
}

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_DEADLINE_MS);
  });
  const answered = db.execute(sql`select 1`).then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, "readiness: the database did not answer select 1");
      return false;
    },
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
