/**
 * `@kassa/platform/testing`: a real platform for other packages' tests.
 *
 * @example
 * import { SEED_FIXTURES, startPlatform } from "@kassa/platform/testing";
 *
 * const platform = await startPlatform();           // in-memory PGlite, migrated and seeded
 * const res = await fetch(`${platform.url}/health`);
 * // Demo accounts: SEED_USERS.customer.email / .password log in; /dev/mail.json lists the mails.
 * await platform.close();
 *
 * // In a vitest global setup: seed once for the whole run (each startPlatform() copies it).
 * export default async function setup() { await prepareSeededSnapshot(); }
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEVELOPMENT_SESSION_SECRET,
  readPaymentProviders,
  readStorefrontTokens,
} from "./config.js";
import { type DatabaseHandle, openDatabase } from "./db/open-database.js";
import { startPlatformWorker } from "./jobs/platform-jobs.js";
import { usePasswordHashCost } from "./modules/accounts/password-hash.js";
import { startCacheTagRelay } from "./modules/cache-tags/cache-tag-relay.js";
import { diskMediaStore } from "./modules/media/media-store.js";
import { createOutboundFetch } from "./outbound/outbound-fetch.js";
import { addBulkOrders } from "./seed/bulk-orders.js";
import { seedIfEmpty } from "./seed/seed.js";
import { addSyntheticProducts } from "./seed/synthetic-products.js";
import { serve } from "./server.js";
import {
  openPgliteCopy,
  preparePgliteSnapshot,
  RUN_SNAPSHOT_VARIABLE,
  runPgliteSnapshot,
} from "./testing/pglite-snapshot.js";

export { DEVELOPMENT_OAUTH_CLIENT } from "./modules/oauth/oauth-clients.js";
export {
  SEED_COMPANIES,
  SEED_FIXTURES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_PRINT_FILES,
  SEED_USERS,
  type SeedCompanies,
  type SeedFixtures,
  type SeedPrintFiles,
  type SeedUser,
  type SeedUsers,
} from "./seed/fixtures.js";
export { SEED_ORDERS } from "./seed/order-plan.js";

export interface StartPlatformOptions {
  /**
   * Folder of a PGlite database to open (created when missing; migrated, and seeded when its
   * catalogue is empty). Default: a fresh in-memory one, a copy of the seeded snapshot
   * ({@link prepareSeededSnapshot}).
   */
  dataDir?: string;
  /** Port to listen on; default 0 (any free port). */
  port?: number;
  /**
   * A PostgreSQL database to use instead of PGlite. It is migrated and, when its catalogue is
   * empty, seeded; it is neither created nor dropped.
   */
  databaseUrl?: string;
  /** Base of the links in account mails; default `http://localhost:3000`. */
  storefrontUrl?: string;
  /**
   * Payment providers per store group and market, in the notation of `KASSA_PAYMENT_PROVIDERS`
   * (`default:SE=KlarnaCheckout;business:*=WalleyCheckout`); default: the platform's defaults.
   */
  paymentProviders?: string;
  /** Cart sessions one address may start in ten minutes (`KASSA_SESSION_STARTS_PER_ADDRESS`). */
  sessionStartsPerAddress?: number;
  /**
   * The shop's own tokens (`KASSA_STOREFRONT_TOKENS`, ADR 0048): a storefront that sends one as
   * `Kassa-Storefront-Token` is the shop. Default: the environment's `KASSA_STOREFRONT_TOKENS`
   * when set, else the published development token, which a storefront outside production sends.
   */
  storefrontTokens?: string[];
  /**
   * Where the company files' bytes go (`KASSA_MEDIA_DIR`). Default: `<dataDir>/media` with a
   * `dataDir`, else a fresh temporary folder, removed by `close()`.
   */
  mediaDir?: string;
  /** The largest print file in MB (`KASSA_PRINT_FILE_MAX_MB`); default 5. */
  printFileMaxMb?: number;
  /** A Redis server the cache-tag notices are also published to (`REDIS_URL`); default none. */
  redisUrl?: string;
  /**
   * Fill the catalogue with synthetic products up to this many product parents, as
   * `pnpm seed -- --products N` does: for pages of a large catalogue. Default: the seed alone.
   */
  products?: number;
  /**
   * Give the demo company Nordtrade AB older orders until it has this many, as
   * `KASSA_SEED_BULK_ORDERS` does: for the order list of a big company. Default: the demo orders.
   */
  bulkOrders?: number;
  /**
   * The cost of password hashes in this process (ADR 0035). `test` (the default): scrypt at a cost
   * of milliseconds, so the seed and a suite's logins stay fast. `standard`: the production cost
   * (OWASP's floor, some 0.5–0.8 s a hash), for a test of the cost itself. Applies to every
   * platform this process starts.
   */
  passwordHashCost?: "test" | "standard";
}

export interface StartedPlatform {
  /** Base URL of the running platform, e.g. `http://127.0.0.1:53117` (no trailing slash). */
  url: string;
  /** Stops the server and closes the database. */
  close(): Promise<void>;
}

/**
 * Seeds a database once and keeps it, with the demo print files' bytes, as a snapshot that every
 * later `startPlatform()` without `dataDir` or `databaseUrl` starts a copy of: about 1 s instead of
 * the 6–7 s of opening, migrating and seeding an empty database. Call it from a vitest global setup
 * (`globalSetup` in vitest.config.ts), so the run seeds once before its test files start; it
 * records the snapshot in the environment, which the test workers inherit. Without it,
 * `startPlatform()` prepares the snapshot itself on first use.
 *
 * The snapshot is kept under the platform package's `node_modules/.cache`, keyed by everything its
 * data depends on (the migrations, the platform's code, the PGlite version, the password cost, the
 * day), so a stale one is never used; several processes may prepare it at once.
 * `passwordHashCost` is the cost the demo password is hashed at; default `test`, as `startPlatform`.
 * Answers the snapshot's folder.
 */
export async function prepareSeededSnapshot(
  options: { passwordHashCost?: "test" | "standard" } = {},
): Promise<string> {
  const cost = options.passwordHashCost ?? "test";
  const { dir } = await preparePgliteSnapshot(cost);
  if (cost === "test") process.env[RUN_SNAPSHOT_VARIABLE] = dir;
  return dir;
}

/**
 * Starts the platform on 127.0.0.1 with a migrated, seeded database. Session tokens are signed
 * with the development secret; passwords are hashed at the test cost unless `passwordHashCost`
 * says otherwise. Without `dataDir` or `databaseUrl` the database is an in-memory copy of the
 * seeded snapshot ({@link prepareSeededSnapshot}); PGlite still takes a second or so to start:
 * raise the hook timeout.
 */
export async function startPlatform(options: StartPlatformOptions = {}): Promise<StartedPlatform> {
  const cost = options.passwordHashCost ?? "test";
  usePasswordHashCost(cost);
  // A platform in memory gets a folder of its own for its files, gone with it.
  const temporaryMediaDir =
    options.mediaDir || options.dataDir ? undefined : await mkdtemp(join(tmpdir(), "kassa-media-"));
  const mediaDir =
    options.mediaDir ?? temporaryMediaDir ?? join(options.dataDir as string, "media");
  const removeMediaDir = async () => {
    if (temporaryMediaDir) await rm(temporaryMediaDir, { recursive: true, force: true });
  };
  const media = diskMediaStore(mediaDir);
  // The caller's own database (a folder, a server) is migrated and seeded if empty, as `main.ts`
  // does; an in-memory one starts as a copy of the seeded snapshot, with a copy of its files.
  const ownDatabase = Boolean(options.databaseUrl || options.dataDir);
  let database: DatabaseHandle;
  try {
    database = ownDatabase
      ? await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir })
      : await openPgliteCopy(
          cost === "test" ? await runPgliteSnapshot() : await preparePgliteSnapshot(cost),
          mediaDir,
        );
  } catch (error) {
    await removeMediaDir();
    throw error;
  }
  try {
    if (ownDatabase) {
      await database.migrate();
      await seedIfEmpty(database.db, { demoAccounts: true, media });
    }
    if (options.products) await addSyntheticProducts(database.db, options.products);
    if (options.bulkOrders) await addBulkOrders(database.db, options.bulkOrders);
    const cacheTags = await startCacheTagRelay({ database, redisUrl: options.redisUrl });
    const server = await serve({
      cacheTags: { hub: cacheTags.hub },
      db: database.db,
      // The outbox pages are on (`/dev/mail.json`), so tests can follow verify and reset links.
      config: {
        sessionSecret: process.env.SESSION_SECRET || DEVELOPMENT_SESSION_SECRET,
        storefrontUrl: options.storefrontUrl,
        devMail: true,
        paymentProviders: readPaymentProviders(options.paymentProviders),
        sessionStartsPerAddress: options.sessionStartsPerAddress,
        storefrontTokens:
          options.storefrontTokens ??
          readStorefrontTokens(process.env.KASSA_STOREFRONT_TOKENS, false),
        mediaDir,
        printFileMaxMb: options.printFileMaxMb,
      },
      media: { store: media },
      port: options.port ?? 0,
      host: "127.0.0.1",
    });
    // The job worker, as `main.ts` runs it (no SMTP here: mails stay in the outbox).
    const worker = await startPlatformWorker({
      db: database.db,
      orders: {
        storefrontUrl: options.storefrontUrl ?? "http://localhost:3000",
        orderDeskEmail: "order@kassa.test",
      },
      // Walley's notifications go to this platform, on 127.0.0.1: a configured origin.
      outbound: createOutboundFetch({ trustedOrigins: [server.url] }),
    });
    return {
      url: server.url,
      close: async () => {
        await server.close();
        await worker.stop();
        await cacheTags.stop();
        await database.close();
        await removeMediaDir();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    await removeMediaDir();
    throw error;
  }
}
