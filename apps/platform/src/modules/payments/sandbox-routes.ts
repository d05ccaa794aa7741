import type { OrderAddress } from "@kassa/api-client";
import type { Context } from "hono";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { PaymentSessionRow } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { notFound } from "../../http/http-error.js";
import { checkoutReply, findCheckoutById } from "../checkout/checkouts.js";
import type { Mailer } from "../mail/send-mail.js";
import {
  completePayment,
  expireIfDue,
  findPaymentSession,
  recordDecline,
} from "./payment-sessions.js";
import { type SandboxNotice, sandboxPage } from "./sandbox-page.js";
import type { SandboxProvider } from "./sandbox-provider.js";
import { loaderScript, WIDGET_SCRIPT } from "./sandbox-scripts.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  mailer: Mailer;
  providers: readonly SandboxProvider[];
}

const FIELDS = [
  "givenName",
  "familyName",
  "email",
  "telephoneNumber",
  "streetAddress",
  "postalCode",
  "city",
  "country",
  "organizationName",
  "organizationNumber",
] as const;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url.replaceAll("{", "%7B").replaceAll("}", "%7D")).origin;
  } catch {
    return null;
  }
}

/** The widget page may be framed by, and post to, the shop that created the payment only. */
function contentSecurityPolicy(config: PlatformConfig, session: PaymentSessionRow): string {
  const shops = [
    ...new Set(
      [originOf(config.storefrontUrl), ...Object.values(session.urls).map(originOf)].filter(
        (origin): origin is string => origin !== null,
      ),
    ),
  ].join(" ");
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "script-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${shops}`,
    `frame-ancestors 'self' ${shops}`,
    "base-uri 'none'",
  ].join("; ");
}

/**
 * The sandboxes' own pages (`/sandbox/…`: in real life each provider's host): the widget a checkout
 * embeds or links to, the loader script its snippet loads, and the form the shopper pays with. The
 * form posts with `target="_top"`, so paying inside the iframe brings the whole window to the
 * shop's confirmation URL without any script, and the full page works the same without JavaScript.
 */
export function sandboxRoutes({ db, config, clock, mailer, providers }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const providerOf = (slug: string) => {
    const provider = providers.find((candidate) => candidate.slug === slug);
    if (!provider) throw notFound("not found", "No such payment sandbox");
    return provider;
  };

  app.get("/widget.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(WIDGET_SCRIPT);
  });

  app.get("/:slug/loader.js", (c) => {
    const provider = providerOf(c.req.param("slug"));
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(loaderScript(provider.scriptApi, provider.scriptMethods));
  });

  const render = async (
    c: Context<AppEnv>,
    provider: SandboxProvider,
    session: PaymentSessionRow,
    extra: { values?: Record<string, string>; notice?: SandboxNotice } = {},
  ) => {
    const checkout = await checkoutReply(db, await findCheckoutById(db, session.checkoutId));
    const embedded = c.req.query("embedded") === "1";
    const notice =
      extra.notice ??
      (session.status === "expired" ? "expired" : session.status !== "open" ? "ended" : undefined);
    c.header("Content-Security-Policy", contentSecurityPolicy(config, session));
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.html(
      sandboxPage({
        provider,
        session,
        checkout,
        embedded,
        values: extra.values,
        notice,
        actionUrl: `${config.publicUrl}/sandbox/${provider.slug}/pay/${session.id}${embedded ? "?embedded=1" : ""}`,
      }),
    );
  };

  app.get("/:slug/pay/:id", async (c) => {
    const provider = providerOf(c.req.param("slug"));
    const session = await expireIfDue(
      db,
      await findPaymentSession(db, provider, { id: c.req.param("id") }),
      clock(),
    );
    return render(c, provider, session);
  });

  app.post("/:slug/pay/:id", async (c) => {
    const provider = providerOf(c.req.param("slug"));
    const now = clock();
    let session = await expireIfDue(
      db,
      await findPaymentSession(db, provider, { id: c.req.param("id") }),
      now,
    );
    const form = await c.req.parseBody();
    const values: Record<string, string> = {};
    for (const field of FIELDS) {
      const value = form[field];
      if (typeof value === "string") values[field] = value.slice(0, 200);
    }
    if (session.status === "completed") return c.redirect(provider.returnUrl(session), 303);
    if (session.status !== "open") return render(c, provider, session, { values });
    if (form.outcome === "decline") {
      session = await recordDecline(db, session, now);
      return render(c, provider, session, { values, notice: "declined" });
    }
    if (typeof form.amount === "string" && Number(form.amount) !== session.amount) {
      // The form showed another amount than the payment has now (the shop updated it after a
      // gift-card change): nothing is charged, and the page shows the amount as it is.
      return render(c, provider, session, { values, notice: "amountChanged" });
    }
    const billingAddress: Partial<OrderAddress> = values;
    const ended = await completePayment(db, mailer, session, {
      billingAddress,
      now,
      afterPlaced: (tx) =>
        provider.onOrderPlaced?.(tx, session, { config, now }) ?? Promise.resolve(),
    });
    return c.redirect(provider.returnUrl(ended), 303);
  });

  return app;
}
