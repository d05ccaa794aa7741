import { preparePgliteSnapshot, RUN_SNAPSHOT_VARIABLE } from "../../src/testing/pglite-snapshot.js";
import { createPostgresTemplate } from "../../src/testing/postgres-template.js";

/**
 * vitest's global setup: seeds once per run, before any test file starts, the database every file
 * then gets a copy of (`copySeededTestDatabase`). On PGlite: the snapshot of this code (kept
 * between runs, keyed so a stale one is never used). On a PostgreSQL server (DATABASE_URL): a
 * template database of this run, dropped when the run ends. The workers learn where it is through
 * the environment, which they inherit from this process.
 */

const TEMPLATE_VARIABLE = "KASSA_SEEDED_TEMPLATE";
const TEMPLATE_MEDIA_VARIABLE = "KASSA_SEEDED_TEMPLATE_MEDIA";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // At the test cost, as `password-cost.ts` sets it in every test file.
    process.env[RUN_SNAPSHOT_VARIABLE] = (await preparePgliteSnapshot("test")).dir;
    return undefined;
  }
  const template = await createPostgresTemplate(serverUrl, "test");
  process.env[TEMPLATE_VARIABLE] = template.name;
  process.env[TEMPLATE_MEDIA_VARIABLE] = template.mediaDir;
  return () => template.drop();
}

/** The run's template on DATABASE_URL's server (at the test cost), when the global setup made one. */
export function runPostgresTemplate(): { name: string; mediaDir: string } | null {
  const name = process.env[TEMPLATE_VARIABLE];
  const mediaDir = process.env[TEMPLATE_MEDIA_VARIABLE];
  return name && mediaDir ? { name, mediaDir } : null;
}
