import { Hono } from "hono";
import { type Clock, systemClock } from "./clock.js";
import type { PlatformConfig } from "./config.js";
import type { Database } from "./db/open-database.js";
import { accessLog } from "./http/access-log.js";
import type { AppEnv } from "./http/app-env.js";
import { limitBodySize } from "./http/body-limit.js";
import { createClientAddress } from "./http/client-address.js";
import { handleError, handleNotFound } from "./http/error-handler.js";
import { honourIdempotencyKeys } from "./http/idempotency.js";
import { requireJsonBody } from "./http/json-content-type.js";
import { isMediaUpload } from "./http/media-paths.js";
import { type Readiness, readinessRoutes } from "./http/readiness.js";
import { requestId } from "./http/request-id.js";
import { securityHeaders } from "./http/security-headers.js";
import { rejectUnstorableUrl } from "./http/storable-url.js";
import { identifyStorefront } from "./http/storefront-caller.js";
import { measureRequests } from "./metrics/http-metrics.js";
import { createPlatformMetrics, type PlatformMetrics } from "./metrics/platform-metrics.js";
import { metricsRoutes } from "./metrics/routes.js";
import { LOGIN_LIMITS, type LoginLimits } from "./modules/accounts/login-rate-limit.js";
import { accountApiRoutes, accountRoutes } from "./modules/accounts/routes.js";
import { CacheTagHub } from "./modules/cache-tags/cache-tag-hub.js";
import { type CacheTagStreamOptions, cacheTagRoutes } from "./modules/cache-tags/routes.js";
import { catalogueImageRoutes } from "./modules/catalogue/image-routes.js";
import { catalogueShopperRoutes, productRoutes } from "./modules/catalogue/routes.js";
import { checkoutRoutes } from "./modules/checkout/routes.js";
import { companyRoutes } from "./modules/companies/routes.js";
import { devRoutes } from "./modules/dev/routes.js";
import { giftCardRoutes } from "./modules/gift-cards/routes.js";
import { createMailer } from "./modules/mail/send-mail.js";
import { catalogueManagementRoutes } from "./modules/management/catalogue-routes.js";
import { managementRoutes } from "./modules/management/routes.js";
import { marketingRoutes } from "./modules/marketing/routes.js";
import { createConversionQueue, waitingPlacesFor } from "./modules/media/conversion-queue.js";
import { companyFileRoutes } from "./modules/media/file-serving.js";
import { convertToPng } from "./modules/media/ghostscript.js";
import type { MediaDeps } from "./modules/media/media-deps.js";
import { mediaBodyLimitBytes } from "./modules/media/media-limits.js";
import { diskMediaStore } from "./modules/media/media-store.js";
import { mediaRoutes } from "./modules/media/routes.js";
import { sanitiseSvgApart } from "./modules/media/sanitise-svg-apart.js";
import { createFileUrlSigner } from "./modules/media/signed-urls.js";
import { authoriseUploadsBeforeBody } from "./modules/media/upload-gate.js";
import { oauthTokenRoutes } from "./modules/oauth/token-routes.js";
import { brinkRoutes } from "./modules/orders/brink-routes.js";
import { adyenRoutes } from "./modules/payments/adyen/routes.js";
import { avardaRoutes } from "./modules/payments/avarda/routes.js";
import { klarnaRoutes } from "./modules/payments/klarna/routes.js";
import { SANDBOX_PROVIDERS } from "./modules/payments/providers.js";
import { qliroRoutes } from "./modules/payments/qliro/routes.js";
import { sandboxRoutes } from "./modules/payments/sandbox-routes.js";
import { walleyRoutes } from "./modules/payments/walley/routes.js";
import { searchRoutes } from "./modules/search/routes.js";
import { shopperSessionRoutes } from "./modules/shopper/routes.js";
import { wishlistRoutes } from "./modules/wishlists/routes.js";
import { traceRequests } from "./telemetry/tracing.js";

export interface AppDependencies {
  db: Database;
  config: PlatformConfig;
  /** The time for everything that expires; tests pass a clock they can move. */
  clock?: Clock;
  /** The failed-login limits; default {@link LOGIN_LIMITS}. */
  loginLimits?: LoginLimits;
  /**
   * Whether mails are queued for the worker to send besides being stored in the outbox; default:
   * when `config.smtpUrl` is set.
   */
  deliverMail?: boolean;
  /**
   * The company files' store, converter and conversion queue; default: the folder
   * `config.mediaDir`, Ghostscript, and `config.conversionsAtOnce` at once. Tests pass ones they
   * control (a conversion held up, a queue they watch).
   */
  media?: Partial<Pick<MediaDeps, "store" | "convertToPng" | "sanitiseSvg" | "conversions">>;
  /**
   * The cache-tag notices this process hears (`startCacheTagRelay`), relayed at
   * `/cache-tags/stream`, and the stream's heartbeat and bounds (tests make them small). Default: a
   * hub nothing feeds (the stream stays silent but for heartbeats). The stream's secret is
   * `config.cacheTagsSecret`.
   */
  cacheTags?: Omit<CacheTagStreamOptions, "secret">;
  /**
   * Where request durations go and what `/metrics` reads; `main.ts` shares it with the job
   * worker. Default: figures of this app alone.
   */
  metrics?: PlatformMetrics;
  /** Whether this process is shutting down, for `/readyz`; `main.ts` sets it on SIGTERM. */
  readiness?: Readiness;
}

/** JSON bodies of this API are small; anything bigger is a mistake or an attack. */
const MAX_BODY_BYTES = 1024 * 1024;
/** An oversized body up to this size is read and dropped, so its connection stays usable. */
const MAX_DRAINED_BODY_BYTES = 8 * MAX_BODY_BYTES;

/**
 * The platform's HTTP application, without a server: `main.ts` serves it on a port, tests serve it
 * on port 0, and `app.request()` can call it directly.
 */
export function createApp({
  db,
  config,
  clock = systemClock,
  loginLimits = LOGIN_LIMITS,
  deliverMail = Boolean(config.smtpUrl),
  media = {},
  cacheTags = { hub: new CacheTagHub() },
  metrics = createPlatformMetrics(db),
  readiness = { shuttingDown: false },
}: AppDependencies) {
  // `strict: false`: the product wrapper's paths end in a slash (`/enad/get-categories/`) and
  // clients differ in whether they send it.
  const app = new Hono<AppEnv>({ strict: false });

  // First, so the request's span holds everything the app does for it (ADR 0043).
  app.use("*", traceRequests);
  app.use("*", requestId);
  // Right after the id, so that every answer is logged and timed, also those of the checks below.
  app.use("*", accessLog);
  app.use("*", measureRequests(metrics));
  app.use("*", securityHeaders);
  // Oversized bodies first: the checks after it may answer without reading a body.
  const apiLimits = { maxBytes: MAX_BODY_BYTES, drainBytes: MAX_DRAINED_BODY_BYTES };
  // File uploads carry up to ten print files, in base64 when they come as JSON (ADR 0014). An
  // oversized one is not drained (it may be tens of MB): its connection is closed (ADR 0034).
  const uploadBytes = mediaBodyLimitBytes(config.printFileMaxMb);
  const uploadLimits = { maxBytes: uploadBytes, drainBytes: MAX_DRAINED_BODY_BYTES };
  app.use(
    "*",
    limitBodySize((method, path) => (isMediaUpload(method, path) ? uploadLimits : apiLimits)),
  );
  app.use("*", requireJsonBody);
  app.use("*", rejectUnstorableUrl);
  // Whether the caller is the shop (its own token), from the headers alone (ADR 0048).
  app.use("*", identifyStorefront(config.storefrontTokens));
  // Who may post files is decided before anything reads their body (ADR 0034).
  app.use("*", authoriseUploadsBeforeBody({ db, secret: config.sessionSecret, clock }));
  // After the checks that answer without running a route, so that they are never stored. It
  // reads a keyed request's body (at most the API's 1 MB but for the gated uploads) to fingerprint
  // it.
  app.use("*", honourIdempotencyKeys({ db, clock }));

  // Liveness: the process answers. Readiness: it can serve (the database answers, not stopping).
  app.get("/health", (c) => c.json({ ok: true }));
  app.route("/readyz", readinessRoutes({ db, readiness }));
  // Internal: this machine, the configured scrapers' networks, or the bearer token (ADR 0039).
  app.route(
    "/metrics",
    metricsRoutes(metrics, { allowed: config.metricsAllowed, token: config.metricsToken }),
  );
  // What changed, for the storefronts' caches (ADR 0025).
  app.route("/cache-tags", cacheTagRoutes({ ...cacheTags, secret: config.cacheTagsSecret }));

  const clientAddress = createClientAddress(config.trustedProxies);
  const mailer = createMailer({ db, deliver: deliverMail, clock });
  const accountDeps = { db, config, mailer, clock, loginLimits, clientAddress };

  const shopperDeps = { db, config, clock, clientAddress };
  // Before the session routes: `/shopper/sessions/checkout` takes a checkout token.
  app.route("/shopper/sessions/checkout", checkoutRoutes(shopperDeps));
  app.route("/shopper-retain24", giftCardRoutes(shopperDeps));
  app.route("/shopper-kco", klarnaRoutes(shopperDeps));
  app.route("/shopper-qliro", qliroRoutes(shopperDeps));
  app.route("/shopper-walley", walleyRoutes(shopperDeps));
  app.route("/shopper-adyen", adyenRoutes({ ...shopperDeps, mailer }));
  app.route("/shopper-avarda", avardaRoutes(shopperDeps));
  // The providers' own hosts in real life: the widget pages and scripts of the sandboxes. Not
  // mounted in production unless asked for: anyone can pay there for nothing.
  if (config.paymentSandboxes) {
    app.route("/sandbox", sandboxRoutes({ ...shopperDeps, mailer, providers: SANDBOX_PROVIDERS }));
  }
  app.route(
    "/shopper/sessions",
    shopperSessionRoutes({ db, config, clock, clientAddress, metrics }),
  );
  app.route("/shopper", catalogueShopperRoutes({ db, config }));
  // The one `/enad` (the product wrapper and the account API share the prefix, C§7 and A§7).
  const enad = new Hono<AppEnv>({ strict: false });
  enad.route("/", productRoutes({ db, config }));
  enad.route("/", searchRoutes({ db, config }));
  enad.route("/", accountRoutes(accountDeps));
  enad.route("/", companyRoutes({ db, clock, secret: config.sessionSecret }));
  app.route("/enad", enad);
  app.route("/api/enad", accountApiRoutes(accountDeps));
  // The account pages' order calls (C§7): as the access token's user.
  app.route("/brink", brinkRoutes({ db, config, clock }));
  // The management API (orders) and its OAuth2 token endpoint: for back offices, not browsers.
  app.route(
    "/oauth2",
    oauthTokenRoutes({
      db,
      clock,
      secret: config.sessionSecret,
      clients: config.oauthClients,
      tokenSeconds: config.oauthTokenSeconds,
      clientAddress,
    }),
  );
  app.route("/order", managementRoutes({ db, config, clock }));
  // Prices and stock levels (`/price/…`, `/stock/…`) for back offices, announced as cache tags.
  app.route("/", catalogueManagementRoutes({ db, config, clock }));
  // Company print files (C§7 Media, ADR 0014): the calls under `/api`, the files' bytes at their
  // signed URLs under `/media/company-files`.
  const mediaDeps: MediaDeps = {
    db,
    clock,
    store: media.store ?? diskMediaStore(config.mediaDir),
    conversions:
      media.conversions ??
      createConversionQueue({
        atOnce: config.conversionsAtOnce,
        maxWaiting: waitingPlacesFor(config.conversionsAtOnce),
      }),
    convertToPng: media.convertToPng ?? ((bytes) => convertToPng(bytes)),
    sanitiseSvg: media.sanitiseSvg ?? ((bytes) => sanitiseSvgApart(bytes)),
    signer: createFileUrlSigner(config.sessionSecret),
    publicUrl: config.publicUrl,
    printFileMaxMb: config.printFileMaxMb,
  };
  app.route("/api", mediaRoutes({ ...mediaDeps, secret: config.sessionSecret }));
  // A logged-in user's wishlist (C§3, C§4), so it follows them to another device.
  app.route("/api/wishlists", wishlistRoutes({ db, clock, secret: config.sessionSecret }));
  // The newsletter's double opt-in (C§7) and the marketing contacts (C§3) behind OAuth2.
  app.route("/marketing", marketingRoutes({ db, config, clock, mailer, clientAddress }));
  // `/media` is the catalogue's generated pictures' URL of old; the company files sit beside them.
  const mediaFiles = new Hono<AppEnv>({ strict: false });
  mediaFiles.route("/company-files", companyFileRoutes(mediaDeps));
  mediaFiles.route("/", catalogueImageRoutes({ db }));
  app.route("/media", mediaFiles);
  // Not mounted at all in production: the outbox holds live reset links.
  if (config.devMail) app.route("/dev", devRoutes({ db, clock }));

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type PlatformApp = ReturnType<typeof createApp>;
