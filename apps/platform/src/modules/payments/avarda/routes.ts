import type {
  AvardaAddress,
  AvardaCustomer,
  AvardaPayment,
  AvardaStep,
  Checkout,
  OrderAddress,
} from "@kassa/api-client";
import { Hono } from "hono";
import { sign } from "hono/jwt";
import { z } from "zod";
import type { Clock } from "../../../clock.js";
import type { PlatformConfig } from "../../../config.js";
import type { Database } from "../../../db/open-database.js";
import type { CheckoutRow, PaymentSessionRow } from "../../../db/schema.js";
import type { AppEnv } from "../../../http/app-env.js";
import { MAX_ID_LENGTH } from "../../../http/field-limits.js";
import { notFound } from "../../../http/http-error.js";
import { parseJsonBody, validate } from "../../../http/json-body.js";
import { checkoutReply, findCheckout, frozenCart } from "../../checkout/checkouts.js";
import { requireCheckout } from "../../checkout/require-checkout.js";
import { findOrder } from "../../orders/order-reply.js";
import { shopPageUrl } from "../merchant-urls.js";
import {
  expireIfDue,
  findPaymentSession,
  latestPaymentSession,
  openPaymentSession,
  outcomeOf,
} from "../payment-sessions.js";
import { AVARDA, type AvardaMode, avardaModeOf } from "./avarda.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

const createBody = z.object({
  redirectUrl: z.string(),
  termsUrl: z.string(),
  checkoutUrl: z.string().optional(),
});

const confirmationQuery = z.object({
  purchaseId: z.string().min(1).max(MAX_ID_LENGTH).optional(),
});

const REFERENCE_PREFIX = "avp_";
// Names the kind of token, so a purchase token cannot pass for a session or checkout token.
const PURCHASE_TOKEN_TYPE = "avarda-purchase";

/**
 * B2B for the business store group; net prices (`isTaxIncludedInPrice: false`) say the same of a
 * cart whose store group is named otherwise.
 */
function modeOfCheckout(row: CheckoutRow): AvardaMode {
  const cart = frozenCart(row);
  return cart.storeGroupId === "business" || !cart.isTaxIncludedInPrice ? "B2B" : "B2C";
}

/** What the widget fills in for a business purchase: the company the session names. */
function businessPreset(row: CheckoutRow): Record<string, string> | undefined {
  const { company, merchantReference1 } = frozenCart(row).attributes;
  const preset: Record<string, string> = {};
  if (company?.name) preset.organizationName = company.name;
  const number = company?.registrationNumber || merchantReference1;
  if (typeof number === "string" && number) preset.organizationNumber = number;
  return Object.keys(preset).length > 0 ? preset : undefined;
}

/**
 * The purchase token (`jwt`): an HS256 JWT naming the purchase, valid as long as the purchase.
 * The same purchase always gets the same token.
 */
function purchaseToken(session: PaymentSessionRow, secret: string): Promise<string> {
  return sign(
    {
      sub: session.reference,
      typ: PURCHASE_TOKEN_TYPE,
      iat: Math.floor(session.createdAt.getTime() / 1000),
      exp: Math.floor(session.expiresAt.getTime() / 1000),
    },
    secret,
    "HS256",
  );
}

function stepOf(session: PaymentSessionRow): AvardaStep {
  switch (session.status) {
    case "completed":
      return "Completed";
    case "expired":
      return "TimedOut";
    case "open":
      return (session.data as { declines?: number }).declines ? "PersonalInfo" : "Initialized";
    default:
      // Refused by the shop (or declined): the shopper's details stopped it; `errorCode` says why.
      return "PersonalInfo";
  }
}

function avardaAddress(address: OrderAddress, mode: AvardaMode): AvardaAddress {
  return {
    firstName: address.givenName,
    lastName: address.familyName,
    address1: address.streetAddress,
    zip: address.postalCode,
    city: address.city,
    country: address.country,
    ...(mode === "B2B" && address.organizationName ? { name: address.organizationName } : {}),
  };
}

/** A purchase in Avarda's shape, with what the page needs to embed it. */
async function avardaPayment(
  { db, config }: Deps,
  session: PaymentSessionRow,
  checkout: Checkout,
): Promise<AvardaPayment> {
  const base = `${config.publicUrl}/sandbox/${AVARDA.slug}`;
  const mode = avardaModeOf(session);
  const step = { current: stepOf(session) };
  const customer: AvardaCustomer = { step };
  const order =
    session.status === "completed" && session.orderId
      ? await findOrder(db, session.orderId)
      : undefined;
  if (order) {
    customer.invoicingAddress = avardaAddress(order.billingAddress, mode);
    customer.deliveryAddress = avardaAddress(order.shippingAddress, mode);
    customer.userInputs = {
      email: order.billingAddress.email,
      phone: order.billingAddress.telephoneNumber,
    };
  }
  const outcome = outcomeOf(session);
  const items = checkout.items.map((item) => ({
    description: item.displayName,
    notes: item.productVariantId,
    amount: item.totalPriceAmount,
    taxCode: String(item.taxPercentage / 100),
    quantity: item.quantity,
  }));
  if (checkout.totals.shippingTotal > 0) {
    items.push({
      description: checkout.shippingProvider,
      notes: checkout.shippingProvider,
      amount: checkout.totals.shippingTotal,
      taxCode: String((checkout.items[0]?.taxPercentage ?? 0) / 100),
      quantity: 1,
    });
  }
  return {
    purchaseId: session.reference,
    jwt: await purchaseToken(session, config.sessionSecret),
    expiredUtc: session.expiresAt.toISOString(),
    mode,
    step,
    ...(mode === "B2B" ? { b2B: customer } : { b2C: customer }),
    totalPrice: session.amount,
    currency: session.currencyCode,
    items,
    checkoutScriptUrl: `${base}/loader.js`,
    embeddedCheckoutUrl: `${base}/pay/${session.id}?embedded=1`,
    hostedPaymentPageUrl: `${base}/pay/${session.id}`,
    ...(session.status === "completed"
      ? {
          ...(session.orderId ? { orderId: session.orderId } : {}),
          completedUtc: (order?.placedAt ?? session.updatedAt).toISOString(),
        }
      : {}),
    ...(outcome.outcome === "refused"
      ? {
          errorCode: outcome.productVariantIDs ? "OUT_OF_STOCK" : "VALIDATION_ERROR",
          errors: outcome.errors ?? [],
          ...(outcome.productVariantIDs ? { productVariantIDs: outcome.productVariantIDs } : {}),
        }
      : {}),
  };
}

/**
 * Avarda Checkout 3 through the shopper API (C§7 `/shopper-avarda`), checkout token as Bearer:
 * initialise a purchase, re-sync its amount, and read it back on the confirmation page.
 */
export function avardaRoutes(deps: Deps) {
  const { db, config, clock } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const withCheckout = requireCheckout(db, config.sessionSecret, clock);

  /** The newest purchase of the checkout, ended `expired` first when its 30 minutes are over. */
  const latestPurchase = async (checkoutId: string, now: Date) => {
    const latest = await latestPaymentSession(db, AVARDA, checkoutId);
    return latest ? expireIfDue(db, latest, now) : undefined;
  };

  // Initialise: the open purchase of this checkout (amount brought up to date), else a new one —
  // also after the last one timed out. 201 when a purchase was created, 200 for the open one.
  app.post("/payments", withCheckout, async (c) => {
    const input = await parseJsonBody(c, createBody);
    const urls: Record<string, string> = {
      redirect: shopPageUrl(config.storefrontOrigins, "redirectUrl", input.redirectUrl),
      terms: shopPageUrl(config.storefrontOrigins, "termsUrl", input.termsUrl),
    };
    if (input.checkoutUrl !== undefined) {
      urls.checkout = shopPageUrl(config.storefrontOrigins, "checkoutUrl", input.checkoutUrl);
    }
    const now = clock();
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const before = await latestPurchase(checkoutRow.id, now);
    const mode = modeOfCheckout(checkoutRow);
    const preset = mode === "B2B" ? businessPreset(checkoutRow) : undefined;
    const { session, checkout } = await openPaymentSession(db, {
      provider: AVARDA,
      checkoutRow,
      urls,
      data: { mode, ...(preset ? { customer: preset } : {}) },
      referencePrefix: REFERENCE_PREFIX,
      now,
    });
    const created = before?.id !== session.id;
    return c.json(await avardaPayment(deps, session, checkout), created ? 201 : 200);
  });

  // Re-sync after the checkout changed (a gift card applied or removed): the open purchase takes
  // the new amount to pay. A purchase that has ended is answered as it is (`TimedOut`: start
  // again); a checkout without a purchase answers 404.
  app.post("/payments/sync", withCheckout, async (c) => {
    const now = clock();
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    let session = await latestPurchase(checkoutRow.id, now);
    if (!session) {
      throw notFound("payment not found", "This checkout has no Avarda purchase to sync");
    }
    if (session.status === "open") {
      ({ session } = await openPaymentSession(db, {
        provider: AVARDA,
        checkoutRow,
        urls: {},
        referencePrefix: REFERENCE_PREFIX,
        now,
      }));
    }
    return c.json(await avardaPayment(deps, session, await checkoutReply(db, checkoutRow)));
  });

  // The confirmation page reads the purchase (the newest of the checkout, or the `purchaseId`
  // the redirect carried) before it shows anything.
  app.get("/confirmation", withCheckout, async (c) => {
    const { purchaseId } = validate(confirmationQuery, c.req.query(), "The query is invalid");
    const now = clock();
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    let session = purchaseId
      ? await findPaymentSession(db, AVARDA, { reference: purchaseId })
      : await latestPaymentSession(db, AVARDA, checkoutRow.id);
    if (!session || session.checkoutId !== checkoutRow.id) {
      throw notFound("payment not found", "No Avarda purchase of this checkout");
    }
    session = await expireIfDue(db, session, now);
    return c.json(await avardaPayment(deps, session, await checkoutReply(db, checkoutRow)));
  });

  return app;
}
