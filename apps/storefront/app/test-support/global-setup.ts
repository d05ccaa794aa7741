import { prepareSeededSnapshot } from "@kassa/platform/testing";

/**
 * vitest's global setup: the seeded platform database is made once per run (or found from an
 * earlier run of the same platform build), before any test file starts; each file's
 * `startPlatform()` (`withPlatform`) then opens a copy of it in about a second instead of seeding
 * its own (see the platform README, "Testing other packages").
 */
export default async function setup(): Promise<void> {
  await prepareSeededSnapshot();
}
