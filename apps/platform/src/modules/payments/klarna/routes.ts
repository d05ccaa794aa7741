import type { Checkout } from "@kassa/api-client";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../../clock.js";
import type { PlatformConfig } from "../../../config.js";
import type { Database } from "../../../db/open-database.js";
import type { PaymentSessionRow } from "../../../db/schema.js";
import type { AppEnv } from "../../../http/app-env.js";
import { notFound } from "../../../http/http-error.js";
import { parseJsonBody } from "../../../http/json-body.js";
import { checkoutReply, findCheckout } from "../../checkout/checkouts.js";
import { requireCheckout } from "../../checkout/require-checkout.js";
import { refuseMerchantOnlyUrl, shopPageUrl } from "../merchant-urls.js";
import {
  expireIfDue,
  findPaymentSession,
  openPaymentSession,
  outcomeOf,
} from "../payment-sessions.js";
import { KLARNA } from "./klarna.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

const createBody = z.object({
  merchant_urls: z.object({
    terms: z.string(),
    checkout: z.string(),
    confirmation: z.string(),
    // Klarna calls these two: the platform's own (refused when a shopper call names them).
    push: z.unknown().optional(),
    validation: z.unknown().optional(),
  }),
  locale: z.string().max(10).optional(),
});

const LOCALES: Record<string, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-SE" };

/** A Klarna order as the `/shopper-kco` wrapper answers it (Klarna Checkout v3 names). */
function klarnaOrder(config: PlatformConfig, session: PaymentSessionRow, checkout: Checkout) {
  const base = `${config.publicUrl}/sandbox/${KLARNA.slug}`;
  const complete = session.status === "completed";
  const outcome = outcomeOf(session);
  const container = "klarna-checkout-container";
  // As Klarna's own snippet: an inline script that loads the checkout's script, so a shop's page
  // must let an inline script of the provider's run (the storefront's nonce, its ADR 0032).
  const load = JSON.stringify({
    src: `${base}/loader.js`,
    container,
    title: "Klarna Checkout",
    frame: `${base}/pay/${session.id}?embedded=1`,
  }).replace(/</g, "\\u003c");
  const snippet = complete
    ? `<div id="${container}"><p>Klarna: ${session.reference}</p></div>`
    : `<div id="${container}" style="overflow-x: hidden;"><script type="text/javascript">(function (o) { var s = document.createElement("script"); s.src = o.src; s.dataset.container = o.container; s.dataset.title = o.title; s.dataset.src = o.frame; document.getElementById(o.container).appendChild(s); })(${load});</script><noscript><a href="${base}/pay/${session.id}">Klarna Checkout</a></noscript></div>`;
  return {
    order_id: session.reference,
    status: complete ? "checkout_complete" : "checkout_incomplete",
    purchase_country: checkout.countryCode.toLowerCase(),
    purchase_currency: checkout.currencyCode,
    locale: LOCALES[checkout.languageCode.toLowerCase()] ?? "sv-SE",
    order_amount: session.amount,
    order_tax_amount: checkout.totals.taxTotal,
    gift_card_amount: checkout.totals.giftCardTotal,
    order_lines: checkout.items.map((item) => ({
      type: "physical",
      reference: item.productVariantId,
      name: item.displayName,
      quantity: item.quantity,
      unit_price: item.salePriceAmount,
      tax_rate: item.taxPercentage,
      total_amount: item.totalPriceAmount,
      total_discount_amount: item.totalDiscountAmount,
    })),
    merchant_urls: {
      terms: session.urls.terms,
      checkout: session.urls.checkout,
      confirmation: session.urls.confirmation,
    },
    html_snippet: snippet,
    /** The hosted page, for a shopper without JavaScript (the snippet needs it). */
    hosted_payment_page_url: `${base}/pay/${session.id}`,
    started_at: session.createdAt.toISOString(),
    ...(complete
      ? { completed_at: session.updatedAt.toISOString(), kassa_order_id: session.orderId }
      : {}),
    ...(outcome.outcome === "refused"
      ? {
          error_code: outcome.productVariantIDs ? "OUT_OF_STOCK" : "VALIDATION_ERROR",
          error_messages: outcome.errors ?? [],
          ...(outcome.productVariantIDs ? { productVariantIDs: outcome.productVariantIDs } : {}),
        }
      : {}),
  };
}

/** Klarna Checkout through the shopper API (C§7 `POST /shopper-kco/orders`), checkout token. */
export function klarnaRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withCheckout = requireCheckout(db, config.sessionSecret, clock);

  app.post("/orders", withCheckout, async (c) => {
    const input = await parseJsonBody(c, createBody);
    const { push, validation, ...pages } = input.merchant_urls;
    refuseMerchantOnlyUrl("merchant_urls.push", push);
    refuseMerchantOnlyUrl("merchant_urls.validation", validation);
    const urls: Record<string, string> = {};
    for (const [name, value] of Object.entries(pages)) {
      urls[name] = shopPageUrl(config.storefrontOrigins, `merchant_urls.${name}`, value);
    }
    const { session, checkout } = await openPaymentSession(db, {
      provider: KLARNA,
      checkoutRow: await findCheckout(db, c.get("checkout")),
      urls,
      referencePrefix: "kco_",
      now: clock(),
    });
    return c.json(klarnaOrder(config, session, checkout), 201);
  });

  app.get("/orders/:orderId", withCheckout, async (c) => {
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const session = await expireIfDue(
      db,
      await findPaymentSession(db, KLARNA, { reference: c.req.param("orderId") }),
      clock(),
    );
    if (session.checkoutId !== checkoutRow.id) throw notFound("payment not found", "No such order");
    return c.json(klarnaOrder(config, session, await checkoutReply(db, checkoutRow)));
  });

  return app;
}
