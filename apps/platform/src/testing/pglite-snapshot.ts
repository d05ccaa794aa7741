import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase } from "../db/open-database.js";
import { diskMediaStore } from "../modules/media/media-store.js";
import { packageRoot } from "../package-root.js";
import { migrateAndSeed } from "./seed-for-tests.js";
import { seededSnapshotKey } from "./snapshot-key.js";

/**
 * A migrated, seeded PGlite database kept on disk, which each test file starts a copy of: opening
 * an empty PGlite (initdb), migrating and seeding take some 6.5 s on two cores, loading the dump
 * about one. The folder holds the dump of the data folder and the seeded media folder (the demo
 * print files' bytes), which each copy needs too.
 */
export interface PgliteSnapshot {
  /** The snapshot's folder: `data.tar` and `media/`. */
  dir: string;
}

const DATA_FILE = "data.tar";
const MEDIA_DIR = "media";

/**
 * Where the snapshots live: outside the repository's tracked files, beside the platform's
 * dependencies (a fresh `pnpm install` clears them), one folder per key.
 */
function snapshotsRoot(): string {
  return join(packageRoot(), "node_modules", ".cache", "kassa-seeded-snapshots");
}

/**
 * A snapshot unused for this long goes when another is made: keys change with the code and the
 * day, and each is some 50 MB. Every use touches its folder, so one a run still uses stays.
 */
const UNUSED_FOR_MS = 60 * 60_000;

/**
 * The snapshot for this code and `cost`, made when there is none. Several processes may ask at
 * once (test workers without a global setup, two suites run together): each builds in a folder
 * of its own and renames it into place, which is atomic, so none ever reads a half-made snapshot;
 * the one that loses the race drops its copy and uses the winner's.
 */
export async function preparePgliteSnapshot(
  cost: "standard" | "test" = "test",
): Promise<PgliteSnapshot> {
  const root = snapshotsRoot();
  const dir = join(root, seededSnapshotKey(cost));
  if (existsSync(dir)) {
    await touch(dir);
    return { dir };
  }
  await mkdir(root, { recursive: true });
  const building = `${dir}.building-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await build(building, cost);
    await rename(building, dir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    // Another process put the same snapshot in place first: theirs is as good as ours.
    if (!existsSync(dir)) throw error;
  }
  await removeUnused(root, dir);
  return { dir };
}

async function build(dir: string, cost: "standard" | "test"): Promise<void> {
  const mediaDir = join(dir, MEDIA_DIR);
  await mkdir(mediaDir, { recursive: true });
  const database = await openDatabase({});
  try {
    await migrateAndSeed(database, diskMediaStore(mediaDir), cost);
    const dump = await (database.dumpDataDir as () => Promise<Blob>)();
    await writeFile(join(dir, DATA_FILE), new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * A new in-memory database holding the snapshot's data, and its own copy of the snapshot's media
 * folder at `mediaDir` (an existing, empty folder). Nothing the copy does reaches the snapshot or
 * another copy. Not migrated again: the snapshot's key covers the migrations.
 */
export async function openPgliteCopy(
  snapshot: PgliteSnapshot,
  mediaDir: string,
): Promise<DatabaseHandle> {
  await touch(snapshot.dir);
  const [data] = await Promise.all([
    readFile(join(snapshot.dir, DATA_FILE)),
    cp(join(snapshot.dir, MEDIA_DIR), mediaDir, { recursive: true }),
  ]);
  return openDatabase({ pgliteLoadDataDir: new Blob([data]) });
}

async function touch(dir: string): Promise<void> {
  const now = new Date();
  await utimes(dir, now, now).catch(() => {});
}

/** Removes the other snapshots (and leftovers of builds that died) nobody used for a while. */
async function removeUnused(root: string, keep: string): Promise<void> {
  const cutoff = Date.now() - UNUSED_FOR_MS;
  for (const name of await readdir(root)) {
    const path = join(root, name);
    if (path === keep) continue;
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
  }
}

/**
 * The environment variable a test run's global setup names its snapshot (at the test cost) in, so
 * its workers use that one rather than each working the key out again (a run across midnight
 * would otherwise build a second).
 */
export const RUN_SNAPSHOT_VARIABLE = "KASSA_SEEDED_SNAPSHOT";

/** The test-cost snapshot the run's global setup prepared, or, without one, one prepared now. */
export async function runPgliteSnapshot(): Promise<PgliteSnapshot> {
  const dir = process.env[RUN_SNAPSHOT_VARIABLE];
  if (dir && existsSync(join(dir, DATA_FILE))) return { dir };
  return preparePgliteSnapshot("test");
}
