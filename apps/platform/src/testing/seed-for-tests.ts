import type { DatabaseHandle } from "../db/open-database.js";
import { passwordHashCost, usePasswordHashCost } from "../modules/accounts/password-hash.js";
import type { MediaStore } from "../modules/media/media-store.js";
import { type SeedResult, seed } from "../seed/seed.js";

/**
 * Migrates an empty database and seeds it as every test platform's starts: catalogue, demo
 * accounts, orders and print files (their bytes into `media`). The demo password is hashed at
 * `cost`, which is part of what a seeded snapshot is keyed by; the process's own cost is put back
 * afterwards, so building a snapshot does not change what the caller's signups hash at.
 */
export async function migrateAndSeed(
  database: DatabaseHandle,
  media: MediaStore,
  cost: "standard" | "test",
): Promise<SeedResult> {
  const before = passwordHashCost();
  usePasswordHashCost(cost);
  try {
    await database.migrate();
    return await seed(database.db, { demoAccounts: true, media });
  } finally {
    usePasswordHashCost(before);
  }
}
