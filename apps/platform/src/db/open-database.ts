import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { redactMessage } from "../http/error-log.js";
import { installJobQueue } from "../jobs/job-queue.js";
import { logger } from "../logging/logger.js";
import { migrationsFolder } from "../package-root.js";
import { activeTracing } from "../telemetry/tracing.js";
import { withAdvisoryLock } from "./advisory-lock.js";
import type { Database } from "./database.js";
import { type ListenCallbacks, listenOnPostgres } from "./pg-listener.js";
import * as schema from "./schema.js";

// The type lives apart, so code that only needs it (the job queue, which this file installs)
// does not import the file that opens databases.
export type { Database, Schema } from "./database.js";

export interface DatabaseHandle {
  db: Database;
  /** `pglite (in memory)`, `pglite (<dir>)` or `postgres`; for logs. */
  description: string;
  /**
   * Applies the SQL migrations in `drizzle/` that have not run yet, then installs or upgrades the
   * job queue's own schema (pg-boss, `pgboss.*`) and its queues.
   */
  migrate(): Promise<void>;
  /**
   * `LISTEN channel`: `onPayload` gets each `NOTIFY` payload once its transaction commits (from any
   * connection, any process); `onReset` is called when a lost listening connection is back (only on
   * a PostgreSQL server: PGlite runs in this process and cannot lose one). Answers the function
   * that stops listening; `close()` stops it too.
   */
  listen(channel: string, callbacks: ListenCallbacks): Promise<() => Promise<void>>;
  /**
   * Runs `work` (the migrations and the seed of an empty database) in one process at a time. Several
   * platform processes started together on one empty PostgreSQL database would otherwise all
   * migrate (drizzle's migrator takes no lock: the second `CREATE SCHEMA` fails) and all find the
   * catalogue empty and seed it. PGlite has one process, which runs `work` at once.
   */
  whileStarting<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: the whole data folder as one tar, which `pgliteLoadDataDir` starts another
   * database from (the tests' seeded snapshot, `src/testing/pglite-snapshot.ts`).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string. When given, PGlite is not used. */
  databaseUrl?: string;
  /** Folder of the embedded PGlite database; omitted means in memory. */
  dataDir?: string;
  /** PGlite's buffer pool (`KASSA_PGLITE_SHARED_BUFFERS`, {@link DEFAULT_PGLITE_SHARED_BUFFERS}). */
  pgliteSharedBuffers?: string;
  /**
   * An in-memory PGlite that starts from this dump of another one's data folder (`dumpDataDir()`)
   * instead of an empty one: a copy of a migrated, seeded database in about a second, where initdb,
   * the migrations and the seed take several.
   */
  pgliteLoadDataDir?: Blob;
}

/**
 * PGlite's buffer pool. PostgreSQL's default (128MB) is allocated inside PGlite's WebAssembly
 * memory at start, which never shrinks: a platform process held about 440 MB resident with it
 * before serving a page. Pages the pool does not hold are read from the data folder's files,
 * which the operating system caches (docs/performance.md, "Catalogue size").
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = "32MB";

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(
        options.dataDir,
        options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS,
        options.pgliteLoadDataDir,
      );
}

async function openPglite(
  dataDir: string | undefined,
  sharedBuffers: string,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  // PGlite does not create missing parent folders itself.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm gives product search its typo tolerance; the migration creates the extension.
  const extensions = { pg_trgm };
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`];
  const client = dataDir
    ? new PGlite(dataDir, { extensions, startParams })
    : new PGlite({ extensions, startParams, loadDataDir });
  await client.waitReady;
  // With tracing on, each query made for a request is a span (`telemetry/pglite-spans.ts`).
  const db = drizzlePglite({ client: activeTracing()?.tracePglite(client) ?? client, schema });
  return {
    db,
    description: dataDir ? `pglite (${dataDir})` : "pglite (in memory)",
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      await installJobQueue(db);
    },
    listen: (channel, { onPayload }) => client.listen(channel, onPayload),
    whileStarting: (work) => work(),
    // Uncompressed: gzip would make the dump several times slower to write and to load.
    dumpDataDir: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

/** The advisory lock a starting platform (or `pnpm seed`) migrates and seeds under. */
const START_LOCK = "kassa:migrate-and-seed";

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it fails
 * with 503: a server that does not answer at all (a network cut, a host that is gone) would
 * otherwise hold each request for the operating system's TCP timeout, minutes.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // TCP keepalives find a connection whose server vanished without closing it.
    keepAlive: true,
  });
  // An idle connection the server ends (a restart, `pg_terminate_backend`, an idle timeout) is
  // reported here; node-postgres has already dropped it from the pool, which opens a new one for
  // the next query. Without a listener the pool's `error` event would end the process (ADR 0045).
  pool.on("error", (error) => {
    logger.warn(`database: an idle connection was lost: ${redactMessage(error.message)}`);
  });
  // A connection lost while it is checked out (a transaction in progress) also emits `error`, on
  // the client, which the pool listens to only while it is idle. The statement under way and any
  // later one on that client fail instead (the request answers 503), and the pool drops the client
  // when it is released: nothing more to do here but keep the event from ending the process.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  // Fail at start, not on the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    description: "postgres",
    migrate: async () => {
      await migratePg(db, { migrationsFolder: migrationsFolder() });
      await installJobQueue(db);
    },
    listen: async (channel, callbacks) => {
      const stop = await listenOnPostgres(databaseUrl, channel, callbacks);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    whileStarting: (work) => withAdvisoryLock(pool, START_LOCK, work),
    close: async () => {
      for (const stop of listeners) await stop();
      listeners.clear();
      await pool.end();
    },
  };
}
