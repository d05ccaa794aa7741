/**
 * The platform server: reads the environment, opens and migrates the database, seeds an empty
 * catalogue, and serves the API. Settings (all optional outside production):
 *
 * - `PORT` (4000), `HOST` (localhost)
 * - `PUBLIC_URL` (http://localhost:$PORT): base of the image URLs the API hands out
 * - `DATABASE_URL`: a PostgreSQL server; without it the embedded PGlite in `DATA_DIR` is used
 * - `REDIS_URL`: a Redis server; cache-tag notices are then also published there (ADR 0025)
 * - `DATA_DIR` (<repo>/.data/platform)
 * - `SESSION_SECRET`: signs shopper session and account access tokens; required, random and at
 *   least 32 characters unless NODE_ENV is development or test (or unset), which also turns the
 *   development defaults on (listed at start)
 * - `STOREFRONT_URL` (http://localhost:3000): base of the links in account mails
 * - `SMTP_URL` (smtp://user:pass@host:port): also send mails through SMTP (by the job worker,
 *   with retries); unset: outbox only
 * - `MAIL_FROM` (Kassa <no-reply@kassa.test>): the sender of every mail
 * - `KASSA_DEV_MAIL=true`: serve the outbox at /dev/mail also when NODE_ENV=production
 * - `KASSA_PAYMENT_SANDBOXES=true`: serve the payment sandboxes also when NODE_ENV=production
 * - `KASSA_STOREFRONT_ORIGINS` (the origin of STOREFRONT_URL): where provider URLs may point
 * - `KASSA_OUTBOUND_ALLOWED_NETWORKS` (none): private networks outbound calls may reach
 * - `KASSA_DEMO_ACCOUNTS` (true outside production): seed the demo users (one public password)
 * - `KASSA_SEED_BULK_ORDERS` (unset): give the demo company Nordtrade AB older orders up to this
 *   many (with the demo accounts; issue 32's big company)
 * - `KASSA_SEED_PRODUCTS` (unset): fill the catalogue with synthetic products up to this many
 * - `KASSA_PGLITE_SHARED_BUFFERS` (32MB): the embedded database's buffer pool (memory it holds)
 * - `KASSA_TRUSTED_PROXIES` (loopback): callers whose X-Forwarded-For is believed
 * - `KASSA_ORDER_DESK_EMAIL` (order@kassa.test): gets the customers' order decisions that no
 *   agent of the order's company is there for
 * - `KASSA_MEDIA_DIR` (<DATA_DIR>/media): where the company print files' bytes are kept; several
 *   platform processes must share it
 * - `KASSA_PRINT_FILE_MAX_MB` (5): the largest print file a company may upload
 * - `KASSA_CONVERSIONS_AT_ONCE` (1): Ghostscript conversions (EPS, AI, PostScript → PNG) run at
 *   once; twice as many wait, the ones after answer 503 with Retry-After
 * - `KASSA_STOREFRONT_TOKENS` (the published development token outside production, none in
 *   production): the shop's own tokens, comma-separated; a caller that sends one as
 *   `Kassa-Storefront-Token` may set a signup's status and store group and shop in any store
 *   group; anyone else gets the public defaults (ADR 0048)
 * - `KASSA_CACHE_TAGS_SECRET` (unset): the shared secret storefronts send for /cache-tags/stream;
 *   unset, only this machine may follow the stream (ADR 0034); in production a random one (ADR 0051)
 * - `LOG_LEVEL` (info), `LOG_FORMAT` (json in production, else pretty): the log (ADR 0039)
 * - `KASSA_METRICS_ALLOWED` (none), `KASSA_METRICS_TOKEN` (unset): who besides this machine may
 *   read /metrics (the token in production a random one, ADR 0051)
 * - `KASSA_SHUTDOWN_TIMEOUT_MS` (10000): how long SIGTERM waits for requests in flight
 * - `OTEL_EXPORTER_OTLP_ENDPOINT` (unset): send traces to this OTLP/HTTP collector (ADR 0043)
 */
import { readServerConfig } from "./config.js";
import { openDatabase } from "./db/open-database.js";
import { developmentDefaultsWarning, NO_STOREFRONT_TOKENS_NOTICE } from "./development-defaults.js";
import type { Readiness } from "./http/readiness.js";
import { startPlatformWorker } from "./jobs/platform-jobs.js";
import { logger } from "./logging/logger.js";
import { createPlatformMetrics } from "./metrics/platform-metrics.js";
import { startCacheTagRelay } from "./modules/cache-tags/cache-tag-relay.js";
import { smtpTransport } from "./modules/mail/smtp-transport.js";
import {
  conversionLimitsAvailable,
  ghostscriptVersion,
  PRLIMIT,
} from "./modules/media/ghostscript.js";
import { diskMediaStore } from "./modules/media/media-store.js";
import { outboundFetchOf } from "./outbound/configured-outbound.js";
import { addBulkOrders } from "./seed/bulk-orders.js";
import { seedIfEmpty } from "./seed/seed.js";
import { addSyntheticProducts } from "./seed/synthetic-products.js";
import { serve } from "./server.js";
import { startTracing } from "./telemetry/tracing.js";

async function main() {
  // Before the database opens: its driver is instrumented as tracing starts (ADR 0043).
  const tracing = await startTracing();
  const config = readServerConfig();
  const warning = developmentDefaultsWarning(config, process.env);
  if (warning) logger.warn(warning);
  if (config.storefrontTokens.length === 0) logger.warn(NO_STOREFRONT_TOKENS_NOTICE);
  const database = await openDatabase(config);
  logger.info(`database: ${database.description}`);
  const media = diskMediaStore(config.mediaDir);
  // One process at a time: the others starting beside it find the schema and the seed in place.
  await database.whileStarting(async () => {
    await database.migrate();
    const seeded = await seedIfEmpty(database.db, { demoAccounts: config.demoAccounts, media });
    if (seeded) logger.info(`seeded ${seeded.summary}`);
    if (config.seedProducts) {
      const synthetic = await addSyntheticProducts(database.db, config.seedProducts);
      if (synthetic.added) {
        logger.info(
          `added ${synthetic.added} synthetic products (${synthetic.total} in all) in ${synthetic.seconds.toFixed(1)} s`,
        );
      }
    }
    if (config.seedBulkOrders && config.demoAccounts) {
      const bulk = await addBulkOrders(database.db, config.seedBulkOrders);
      if (bulk.added) {
        logger.info(
          `added ${bulk.added} bulk orders to Nordtrade AB (${bulk.total} in all) in ${bulk.seconds.toFixed(1)} s`,
        );
      }
    }
  });

  // Every platform process listens for the cache-tag notices and relays them to its storefronts.
  const cacheTags = await startCacheTagRelay({ database, redisUrl: config.redisUrl });
  // Shared by the app (request durations, /metrics) and the worker (failed jobs).
  const metrics = createPlatformMetrics(database.db);
  const readiness: Readiness = { shuttingDown: false };
  const server = await serve({
    db: database.db,
    config,
    media: { store: media },
    cacheTags: { hub: cacheTags.hub },
    metrics,
    readiness,
    port: config.port,
    host: config.host,
  });
  // Mails and other slow work are done here, outside the requests that queued them.
  const worker = await startPlatformWorker({
    db: database.db,
    mailTransport: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
    orders: { storefrontUrl: config.storefrontUrl, orderDeskEmail: config.orderDeskEmail },
    outbound: outboundFetchOf(config),
    metrics,
  });
  // Before the process says it listens: a SIGTERM from then on is a graceful one.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready from now on; no new connection is taken; the cache-tag streams end (their
    // storefronts reconnect elsewhere); requests in flight get until the deadline (ADR 0039).
    readiness.shuttingDown = true;
    const draining = server.shutdown(config.shutdownTimeoutMs);
    cacheTags.hub.endStreams();
    logger.info(
      `${signal}: shutting down; new connections are refused, requests in flight get ${config.shutdownTimeoutMs} ms`,
    );
    const { cut } = await draining;
    if (cut > 0) logger.warn(`cut ${cut} connections still busy at the shutdown deadline`);
    // No request can queue a job now; the jobs in hand finish before the database goes.
    await worker.stop().catch((error) => logger.error({ err: error }, "stopping the worker"));
    await cacheTags
      .stop()
      .catch((error) => logger.error({ err: error }, "stopping the cache tags"));
    await database.close().catch((error) => logger.error({ err: error }, "closing the database"));
    // The spans still buffered go to the collector before the process ends (ADR 0043).
    await tracing?.shutdown().catch((error) => logger.error({ err: error }, "flushing traces"));
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  logger.info(`listening on ${server.url} (public URL ${config.publicUrl})`);
  const ghostscript = await ghostscriptVersion();
  const limits = conversionLimitsAvailable();
  logger.info(
    `company files under ${config.mediaDir}; ${
      !ghostscript
        ? "Ghostscript (gs) is not installed: EPS, AI and PostScript uploads will be refused"
        : !limits
          ? `${PRLIMIT} (util-linux) is missing, so Ghostscript cannot run under its limits: EPS, AI and PostScript uploads will be refused`
          : `Ghostscript ${ghostscript} converts EPS, AI and PostScript`
    }`,
  );
  logger.info(
    `mail: outbox${config.smtpUrl ? " + SMTP" : " only"}${config.devMail ? `, listed at ${server.url}/dev/mail` : ""}`,
  );
}

main().catch((error) => {
  // A failed migration or seed query would otherwise print its params (demo emails and hashes).
  logger.fatal({ err: error }, "failed to start");
  process.exit(1);
});
