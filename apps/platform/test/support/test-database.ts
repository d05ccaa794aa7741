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
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
