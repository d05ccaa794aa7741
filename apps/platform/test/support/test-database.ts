import { randomBytes } from "node:crypto";
import { cp } from "node:fs/promises";
import { type DatabaseHandle, openDatabase } from "../../src/db/open-database.js";
import { passwordHashCost } from "../../src/modules/accounts/password-hash.js";
import { openPgliteCopy, runPgliteSnapshot } from "../../src/testing/pglite-snapshot.js";
import {
  createDatabase,
  databaseUrlFor,
  dropDatabase,
} from "../../src/testing/postgres-databases.js";
import { runPostgresTemplate } from "./global-setup.js";

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
  return newTestDatabase();
}

/**
 * A fresh database for one test file that is already migrated and seeded: a copy of the run's
 * seeded snapshot (PGlite) or template (PostgreSQL), with a copy of the seeded media folder at
 * `mediaDir` (an existing, empty folder). Null when this process hashes passwords at a cost the
 * run has no snapshot for, or the run has no template: the caller seeds a fresh database then.
 */
export async function copySeededTestDatabase(mediaDir: string): Promise<TestDatabase | null> {
  if (passwordHashCost() !== "test") return null;
  if (!process.env.DATABASE_URL) {
    const handle = await openPgliteCopy(await runPgliteSnapshot(), mediaDir);
    return { handle, kind: "pglite", dispose: () => handle.close() };
  }
  const template = runPostgresTemplate();
  if (!template) return null;
  await cp(template.mediaDir, mediaDir, { recursive: true });
  return newTestDatabase(template.name);
}

async function newTestDatabase(template?: string): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    return { handle, kind: "pglite", dispose: () => handle.close() };
  }
  const name = `kassa_test_${randomBytes(6).toString("hex")}`;
  await createDatabase(serverUrl, name, template);
  const databaseUrl = databaseUrlFor(serverUrl, name);
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
  await createDatabase(serverUrl, name);
  return {
    databaseUrl: databaseUrlFor(serverUrl, name),
    drop: () => dropDatabase(serverUrl, name),
  };
}
