import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/open-database.js";
import { diskMediaStore } from "../modules/media/media-store.js";
import {
  adminQuery,
  createDatabase,
  databaseUrlFor,
  dropDatabase,
  waitForNoConnections,
} from "./postgres-databases.js";
import { migrateAndSeed } from "./seed-for-tests.js";
import { seededSnapshotKey } from "./snapshot-key.js";

/**
 * A migrated, seeded database on a PostgreSQL server that each test file's database is created
 * from (`CREATE DATABASE … TEMPLATE`, well under a second, where migrating and seeding take
 * several), with the seeded media folder each copy needs a copy of too.
 */
export interface PostgresTemplate {
  /** The template database's name: `kassa_seeded_<key>_<run>`. */
  name: string;
  /** The demo print files' bytes the seed wrote; each copy copies the folder. */
  mediaDir: string;
  /** Drops the template and removes its media folder. */
  drop(): Promise<void>;
}

/**
 * Makes the template for one test run. The name carries the snapshot key (so a stale one is
 * recognisable) and a part of its own: two runs against the same server at once (two worktrees)
 * each drop only their own. The template is dropped at the end of the run rather than kept, so the
 * server is left as it was found.
 */
export async function createPostgresTemplate(
  serverUrl: string,
  cost: "standard" | "test" = "test",
): Promise<PostgresTemplate> {
  const name = `kassa_seeded_${seededSnapshotKey(cost)}_${randomBytes(4).toString("hex")}`;
  const mediaDir = await mkdtemp(join(tmpdir(), "kassa-seeded-media-"));
  const drop = async () => {
    await dropDatabase(serverUrl, name);
    await rm(mediaDir, { recursive: true, force: true });
  };
  try {
    await createDatabase(serverUrl, name);
    const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name) });
    try {
      await migrateAndSeed(database, diskMediaStore(mediaDir), cost);
    } finally {
      await database.close();
    }
    // PostgreSQL copies a template only while nobody is connected to it: wait for the pool's
    // backends to be gone (they outlive `pool.end()` a little), then refuse new connections, so no
    // stray client can block the copies.
    await waitForNoConnections(serverUrl, name, 10_000);
    await adminQuery(serverUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    return { name, mediaDir, drop };
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
}
