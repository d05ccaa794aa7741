import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../src/db/open-database.js";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Where the database lives: `postgres` (a fresh database on DATABASE_URL's server) or `pglite`. */
  kind: "postgres" | "pglite";
  /** Connection string of the fresh PostgreSQL database, when kind is postgres. */
  databaseUrl?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a new
 * database `kassa_test_<random>` on that server, dropped again by `dispose()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    return { handle, kind: "pglite", dispose: () => handle.close() };
  }

  const name = `kassa_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await openDatabase({ databaseUrl });
  return {
    handle,
    kind: "postgres",
    databaseUrl,
    dispose: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/** Creates an empty database on DATABASE_URL's server for a test that opens it itself. */
export async function createEmptyPostgresDatabase(serverUrl: string) {
  const name = `kassa_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => dropDatabase(serverUrl, name),
  };
}

async function adminQuery(serverUrl: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its connections are gone. `pool.end()` resolves before the server
 * has closed the pool's backends; dropping `WITH (FORCE)` at once would kill a backend while its
 * client is still saying goodbye, and that client then reports an unhandled 57P01 error.
 */
async function dropDatabase(serverUrl: string, name: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await adminQuery(
      serverUrl,
      "SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    if ((rows[0] as { connections: number } | undefined)?.connections === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
