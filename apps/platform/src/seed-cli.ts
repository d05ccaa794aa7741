/**
 * `pnpm seed`: loads the seed catalogue into the configured database (same environment as the
 * server: DATABASE_URL or DATA_DIR) when it has none, and adds the demo accounts that are missing.
 * `--reset` first wipes the catalogue, every shopper session and every account, organisation,
 * outbox mail and company file (with its bytes under KASSA_MEDIA_DIR). `--products N` (or
 * `KASSA_SEED_PRODUCTS=N`) then fills the catalogue with synthetic products up to N product
 * parents (`src/seed/synthetic-products.ts`). `--bulk-orders N` (or `KASSA_SEED_BULK_ORDERS=N`)
 * gives the demo company Nordtrade AB older orders until it has N (`src/seed/bulk-orders.ts`,
 * with the demo accounts). Stop the server before seeding an embedded (PGlite)
 * database: only one process can open its folder.
 */
import { readSeedBulkOrders, readSeedProducts, readServerConfig } from "./config.js";
import { openDatabase } from "./db/open-database.js";
import { describeError } from "./http/error-log.js";
import { diskMediaStore } from "./modules/media/media-store.js";
import { addBulkOrders } from "./seed/bulk-orders.js";
import { seed, seedIfEmpty, wipe } from "./seed/seed.js";
import { addSyntheticProducts } from "./seed/synthetic-products.js";

/** `--products 100000` or `--products=100000` (and the same for another `flag`). */
function productsArgument(argv: readonly string[], flag = "--products"): string | undefined {
  const index = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index < 0) return undefined;
  const arg = argv[index] as string;
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[index + 1] ?? "");
}

async function main() {
  const reset = process.argv.includes("--reset");
  const config = readServerConfig();
  const products =
    readSeedProducts(productsArgument(process.argv), "--products") ?? config.seedProducts;
  const bulkOrders =
    readSeedBulkOrders(productsArgument(process.argv, "--bulk-orders"), "--bulk-orders") ??
    config.seedBulkOrders;
  const database = await openDatabase(config);
  try {
    console.log(`[seed] database: ${database.description}`);
    // Not while a platform process starting beside it migrates or seeds.
    await database.whileStarting(async () => {
      await database.migrate();
      const media = diskMediaStore(config.mediaDir);
      if (reset) {
        await wipe(database.db, media);
        console.log(
          "[seed] wiped the catalogue, all shopper sessions, all accounts and their files",
        );
        const result = await seed(database.db, { demoAccounts: config.demoAccounts, media });
        console.log(`[seed] seeded ${result.summary}`);
      } else {
        const result = await seedIfEmpty(database.db, { demoAccounts: config.demoAccounts, media });
        console.log(
          result
            ? `[seed] seeded ${result.summary}`
            : "[seed] the catalogue and the demo accounts are there; nothing to do (use --reset to reseed)",
        );
      }
      if (products) {
        const synthetic = await addSyntheticProducts(database.db, products);
        console.log(
          synthetic.added
            ? `[seed] added ${synthetic.added} synthetic products (${synthetic.total} in all) in ${synthetic.seconds.toFixed(1)} s`
            : `[seed] the catalogue has ${synthetic.total} products already; no synthetic products added`,
        );
      }
      if (bulkOrders && config.demoAccounts) {
        const bulk = await addBulkOrders(database.db, bulkOrders);
        console.log(
          bulk.added
            ? `[seed] added ${bulk.added} bulk orders to Nordtrade AB (${bulk.total} in all) in ${bulk.seconds.toFixed(1)} s`
            : `[seed] Nordtrade AB has ${bulk.total} orders already; no bulk orders added`,
        );
      }
    });
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // Not the error object: a failed insert would print its params (demo emails and hashes).
  console.error(`[seed] failed: ${describeError(error)}`);
  process.exit(1);
});
