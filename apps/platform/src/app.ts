import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type Clock, systemClock } from "./clock.js";
import type { PlatformConfig } from "./config.js";
import type { Database } from "./db/open-database.js";
import type { AppEnv } from "./http/app-env.js";
import { handleError, handleNotFound } from "./http/error-handler.js";
import { HttpError } from "./http/http-error.js";
import { requestId } from "./http/request-id.js";
import { LOGIN_LIMITS, type LoginLimits } from "./modules/accounts/login-rate-limit.js";
import { accountApiRoutes, accountRoutes } from "./modules/accounts/routes.js";
import { catalogueShopperRoutes, productRoutes } from "./modules/catalogue/routes.js";
import { devRoutes } from "./modules/dev/routes.js";
import { createMailer } from "./modules/mail/send-mail.js";
import { type MailTransport, smtpTransport } from "./modules/mail/smtp-transport.js";
import { mediaRoutes } from "./modules/media/routes.js";
import { shopperSessionRoutes } from "./modules/shopper/routes.js";

export interface AppDependencies {
  db: Database;
  config: PlatformConfig;
  /** The time for everything that expires; tests pass a clock they can move. */
  clock?: Clock;
  /** The failed-login limits; default {@link LOGIN_LIMITS}. */
  loginLimits?: LoginLimits;
  /** Where mails go besides the outbox; default SMTP when `config.smtpUrl` is set, else nowhere. */
  mailTransport?: MailTransport;
}

/** JSON bodies of this API are small; anything bigger is a mistake or an attack. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The platform's HTTP application, without a server: `main.ts` serves it on a port, tests serve it
 * on port 0, and `app.request()` can call it directly.
 */
export function createApp({
  db,
  config,
  clock = systemClock,
  loginLimits = LOGIN_LIMITS,
  mailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
}: AppDependencies) {
  // `strict: false`: the product wrapper's paths end in a slash (`/enad/get-categories/`) and
  // clients differ in whether they send it.
  const app = new Hono<AppEnv>({ strict: false });

  app.use("*", requestId);
  app.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new HttpError(413, "PAYLOAD_TOO_LARGE", "The request body is too large");
      },
    }),
  );

  app.get("/health", (c) => c.json({ ok: true }));

  app.route("/shopper/sessions", shopperSessionRoutes({ db, config }));
  app.route("/shopper", catalogueShopperRoutes({ db, config }));
  app.route("/enad", productRoutes({ db, config }));
  app.route("/media", mediaRoutes({ db }));

  const mailer = createMailer({ db, transport: mailTransport, clock });
  const accountDeps = { db, config, mailer, clock, loginLimits };
  app.route("/enad", accountRoutes(accountDeps));
  app.route("/api/enad", accountApiRoutes(accountDeps));
  // Not mounted at all in production: the outbox holds live reset links.
  if (config.devMail) app.route("/dev", devRoutes({ db, clock }));

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type PlatformApp = ReturnType<typeof createApp>;
