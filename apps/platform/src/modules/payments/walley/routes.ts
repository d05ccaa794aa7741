import type {
  Checkout,
  OrderAddress,
  WalleyBusinessCustomer,
  WalleyBusinessCustomerPreset,
  WalleyCheckout,
  WalleyCheckoutStatus,
  WalleyNotificationReply,
} from "@kassa/api-client";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../../clock.js";
import type { PlatformConfig } from "../../../config.js";
import type { Database } from "../../../db/open-database.js";
import type { PaymentSessionRow } from "../../../db/schema.js";
import type { AppEnv } from "../../../http/app-env.js";
import { badRequest, notFound } from "../../../http/http-error.js";
import { parseJsonBody } from "../../../http/json-body.js";
import { checkoutReply, findCheckout } from "../../checkout/checkouts.js";
import { requireCheckout } from "../../checkout/require-checkout.js";
import { findOrder } from "../../orders/order-reply.js";
import { refuseMerchantOnlyUrl, shopPageUrl } from "../merchant-urls.js";
import {
  expireIfDue,
  findPaymentSession,
  latestPaymentSession,
  openPaymentSession,
  outcomeOf,
} from "../payment-sessions.js";
import { notificationUrlOf } from "./notifications.js";
import { isBusinessSession, publicTokenOf, sessionIdOfPublicToken, WALLEY } from "./walley.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

/** An optional text of the preset: trimmed, and left out when blank. */
const presetText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

const presetBody = z.object({
  organizationNumber: z.string().trim().min(1, "is a required field").max(32),
  buyer: z
    .object({
      firstName: presetText(100),
      lastName: presetText(100),
      email: presetText(254),
      mobilePhoneNumber: presetText(32),
    })
    .optional(),
  deliveryAddress: z
    .object({
      companyName: presetText(200),
      address: presetText(200),
      postalCode: presetText(20),
      city: presetText(100),
      country: z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/, "country must be a valid ISO 3166-1 alpha2 code")
        .optional(),
    })
    .optional(),
});

const createBody = z.object({
  merchantTermsUri: z.string(),
  redirectPageUri: z.string(),
  // Walley calls these two: the platform's own (refused when a shopper call names them).
  notificationUri: z.unknown().optional(),
  validationUri: z.unknown().optional(),
  businessCustomerPreset: presetBody.optional(),
});

/** The widget's prefill (the engine's customer shape) from Walley's business preset. */
function customerOf(
  preset: WalleyBusinessCustomerPreset,
): Partial<OrderAddress> & { organizationNumber: string } {
  const values = {
    givenName: preset.buyer?.firstName,
    familyName: preset.buyer?.lastName,
    email: preset.buyer?.email,
    telephoneNumber: preset.buyer?.mobilePhoneNumber,
    streetAddress: preset.deliveryAddress?.address,
    postalCode: preset.deliveryAddress?.postalCode,
    city: preset.deliveryAddress?.city,
    country: preset.deliveryAddress?.country,
    organizationName: preset.deliveryAddress?.companyName,
  };
  return {
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
    organizationNumber: preset.organizationNumber,
  };
}

function businessCustomerOf(session: PaymentSessionRow): WalleyBusinessCustomer | null {
  const preset = (session.data as { businessCustomerPreset?: WalleyBusinessCustomerPreset })
    .businessCustomerPreset;
  if (!isBusinessSession(session) || !preset) return null;
  const values = {
    companyName: preset.deliveryAddress?.companyName,
    firstName: preset.buyer?.firstName,
    lastName: preset.buyer?.lastName,
    email: preset.buyer?.email,
    mobilePhoneNumber: preset.buyer?.mobilePhoneNumber,
  };
  return {
    organizationNumber: preset.organizationNumber,
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
  };
}

function statusOf(session: PaymentSessionRow): WalleyCheckoutStatus {
  switch (session.status) {
    case "completed":
      return "PurchaseCompleted";
    case "refused":
    case "declined":
      return "PurchaseRefused";
    case "expired":
      return "Expired";
    default:
      return "Initialized";
  }
}

/** A Walley checkout as `/shopper-walley` answers it (Walley Checkout's names, minor units). */
async function walleyCheckout(
  db: Database,
  config: PlatformConfig,
  session: PaymentSessionRow,
  checkout: Checkout,
): Promise<WalleyCheckout> {
  const publicToken = publicTokenOf(config.sessionSecret, checkout.countryCode, session.id);
  const status = statusOf(session);
  const outcome = outcomeOf(session);
  const order =
    status === "PurchaseCompleted" && session.orderId
      ? await findOrder(db, session.orderId)
      : undefined;
  const { shippingTotal } = checkout.totals;
  return {
    privateId: session.reference,
    publicToken,
    expiresAt: session.expiresAt.toISOString(),
    status,
    customerType: isBusinessSession(session) ? "BusinessCustomer" : "PrivateCustomer",
    countryCode: checkout.countryCode,
    currency: checkout.currencyCode,
    reference: checkout.id,
    cart: {
      items: [
        ...checkout.items.map((item) => ({
          id: item.productVariantId,
          description: item.displayName || item.name,
          quantity: item.quantity,
          unitPrice: item.salePriceAmount,
          totalAmount: item.totalPriceAmount,
          vat: item.taxPercentage / 100,
        })),
        ...checkout.giftCards.map((card, index) => ({
          id: `giftcard-${index + 1}`,
          description: card.name,
          quantity: 1,
          unitPrice: -card.amount,
          totalAmount: -card.amount,
          vat: 0,
          type: "GiftCard" as const,
        })),
      ],
    },
    fees: {
      shipping:
        shippingTotal > 0
          ? { id: "shipping", description: checkout.shippingProvider, unitPrice: shippingTotal }
          : null,
    },
    amountToPay: session.amount,
    businessCustomer: businessCustomerOf(session),
    purchase: order
      ? {
          amountToPay: order.paidAmount,
          paymentName: "DirectInvoice",
          purchaseIdentifier: String(order.reference),
          result: "Completed",
        }
      : null,
    loaderUrl: `${config.publicUrl}/sandbox/${WALLEY.slug}/loader.js`,
    embedUrl: `${config.publicUrl}/shopper-walley/embed/${publicToken}?embedded=1`,
    hostedCheckoutUrl: `${config.publicUrl}/sandbox/${WALLEY.slug}/pay/${session.id}`,
    merchantTermsUri: session.urls.terms ?? "",
    redirectPageUri: session.urls.redirectPage ?? "",
    notificationUri: notificationUrlOf(config, session),
    ...(order ? { kassaOrderId: order.id } : {}),
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
 * Walley Checkout through the shopper API (C§7 `/shopper-walley`): create and read the checkout's
 * Walley checkout (checkout token), the widget by public token (what Walley's loader frames), and
 * the notification Walley sends after a purchase (no token: the private id names the checkout).
 */
export function walleyRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withCheckout = requireCheckout(db, config.sessionSecret, clock);

  app.post("/checkouts", withCheckout, async (c) => {
    const input = await parseJsonBody(c, createBody);
    refuseMerchantOnlyUrl("notificationUri", input.notificationUri);
    refuseMerchantOnlyUrl("validationUri", input.validationUri);
    const urls: Record<string, string> = {
      terms: shopPageUrl(config.storefrontOrigins, "merchantTermsUri", input.merchantTermsUri),
      redirectPage: shopPageUrl(config.storefrontOrigins, "redirectPageUri", input.redirectPageUri),
    };
    const preset = input.businessCustomerPreset;
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const before = await latestPaymentSession(db, WALLEY, checkoutRow.id);
    const { session, checkout } = await openPaymentSession(db, {
      provider: WALLEY,
      checkoutRow,
      urls,
      // An update without a preset turns the checkout back into a private one (undefined keys
      // are dropped when the session's data is stored).
      data: preset
        ? {
            customerType: "BusinessCustomer",
            businessCustomerPreset: preset,
            customer: customerOf(preset),
          }
        : {
            customerType: "PrivateCustomer",
            businessCustomerPreset: undefined,
            customer: undefined,
          },
      referencePrefix: "wco_",
      now: clock(),
    });
    // 201 when a Walley checkout was created, 200 when the open one was answered (updated).
    return c.json(
      await walleyCheckout(db, config, session, checkout),
      before?.id === session.id ? 200 : 201,
    );
  });

  app.get("/checkouts", withCheckout, async (c) => {
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const latest = await latestPaymentSession(db, WALLEY, checkoutRow.id);
    if (!latest) {
      throw notFound("payment not found", "This checkout has no Walley checkout; create one first");
    }
    const session = await expireIfDue(db, latest, clock());
    return c.json(await walleyCheckout(db, config, session, await checkoutReply(db, checkoutRow)));
  });

  // What the loader's iframe (`data-src`) and a link without JavaScript open: the widget of the
  // checkout a public token names. Bad or forged tokens are 404.
  app.get("/embed/:publicToken", async (c) => {
    const sessionId = sessionIdOfPublicToken(config.sessionSecret, c.req.param("publicToken"));
    if (!sessionId) throw notFound("payment not found", "No Walley checkout with this token");
    const session = await findPaymentSession(db, WALLEY, { id: sessionId });
    const embedded = c.req.query("embedded") === "1" ? "?embedded=1" : "";
    return c.redirect(`${config.publicUrl}/sandbox/${WALLEY.slug}/pay/${session.id}${embedded}`);
  });

  // Walley's notification (its docs: a GET; the sandbox sends POST; both are answered alike).
  // It never trusts the call: it reads the checkout. The order was placed, once, in the same
  // transaction that completed the purchase, so a repeat (or five at once) finds it and answers
  // the same; nothing is written.
  const notification = async (privateId: string | undefined) => {
    if (!privateId) throw badRequest("privateId is required", ["privateId: is a required field"]);
    const session = await expireIfDue(
      db,
      await findPaymentSession(db, WALLEY, { reference: privateId }),
      clock(),
    );
    const status = statusOf(session);
    const reply: WalleyNotificationReply = { privateId, status };
    if (status === "PurchaseCompleted") {
      const order = session.orderId ? await findOrder(db, session.orderId) : undefined;
      // Completed means the order was written in the same transaction: never missing.
      if (!order) throw new Error(`Walley checkout ${session.id} is completed without its order`);
      reply.kassaOrderId = order.id;
    }
    return reply;
  };
  app.post("/notifications", async (c) => c.json(await notification(c.req.query("privateId"))));
  app.get("/notifications", async (c) => c.json(await notification(c.req.query("privateId"))));

  return app;
}
