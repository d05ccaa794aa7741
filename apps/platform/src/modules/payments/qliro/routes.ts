import type { QliroPushReceived } from "@kassa/api-client";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../../clock.js";
import type { PlatformConfig } from "../../../config.js";
import type { Database } from "../../../db/open-database.js";
import type { CheckoutRow, PaymentSessionRow } from "../../../db/schema.js";
import type { AppEnv } from "../../../http/app-env.js";
import { notFound, unauthorized } from "../../../http/http-error.js";
import { parseJsonBody } from "../../../http/json-body.js";
import { checkoutReply, findCheckout } from "../../checkout/checkouts.js";
import { requireCheckout } from "../../checkout/require-checkout.js";
import { refuseMerchantOnlyUrl, shopPageUrl } from "../merchant-urls.js";
import { expireIfDue, findPaymentSession, openPaymentSession } from "../payment-sessions.js";
import { verifyPushToken } from "./push-token.js";
import { QLIRO } from "./qliro.js";
import {
  assignOrderId,
  currentOrder,
  customerPreset,
  NEW_ORDER_PREFIX,
  qliroOrderReply,
  recordPush,
  settleHold,
} from "./qliro-order.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

const text = z.string().trim().max(200).optional();

/** `POST /shopper-qliro/checkouts`: the shop's URLs (Qliro's create-order names). */
export const createCheckoutBody = z.object({
  MerchantConfirmationUrl: z.string(),
  MerchantTermsUrl: z.string(),
  MerchantIntegrityPolicyUrl: z.string().optional(),
  // Qliro calls it: the platform's own, with its token (refused when a shopper call names one).
  MerchantCheckoutStatusPushUrl: z.unknown().optional(),
  CustomerInformation: z
    .object({
      Email: text,
      MobileNumber: text,
      Address: z
        .object({
          FirstName: text,
          LastName: text,
          Street: text,
          PostalCode: text,
          City: text,
        })
        .optional(),
    })
    .optional(),
});

const STATUSES = ["InProcess", "OnHold", "Completed", "Refused", "Expired"] as const;

/** What Qliro posts to the status push URL (Qliro's notification names). */
export const statusPushBody = z.object({
  OrderId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,19}$/)]),
  MerchantReference: z.string().max(200).optional(),
  Status: z.enum(STATUSES),
  Timestamp: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), "must be a date and time"),
  NotificationType: z.literal("CustomerCheckoutStatus").optional(),
  PaymentTransactionId: z.number().int().optional(),
});

/** The shop's pages of a Qliro order, under the engine's names (`confirmation`, `terms`, …). */
function merchantUrls(
  origins: readonly string[],
  input: z.output<typeof createCheckoutBody>,
): Record<string, string> {
  refuseMerchantOnlyUrl("MerchantCheckoutStatusPushUrl", input.MerchantCheckoutStatusPushUrl);
  const urls: Record<string, string> = {
    confirmation: shopPageUrl(origins, "MerchantConfirmationUrl", input.MerchantConfirmationUrl),
    terms: shopPageUrl(origins, "MerchantTermsUrl", input.MerchantTermsUrl),
  };
  if (input.MerchantIntegrityPolicyUrl !== undefined) {
    urls.integrityPolicy = shopPageUrl(
      origins,
      "MerchantIntegrityPolicyUrl",
      input.MerchantIntegrityPolicyUrl,
    );
  }
  return urls;
}

/**
 * Qliro One through the shopper API (C§7 `/shopper-qliro/checkouts`), with the checkout token, and
 * the status push URL that Qliro calls (unauthenticated, a short-lived token in its query).
 */
export function qliroRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withCheckout = requireCheckout(db, config.sessionSecret, clock);

  const answer = async (session: PaymentSessionRow, checkoutRow: CheckoutRow) =>
    qliroOrderReply(config, session, await checkoutReply(db, checkoutRow));

  /** The checkout's newest Qliro order, past its lifetime marked so; 404 when it has none. */
  const latest = async (checkoutRow: CheckoutRow, now: Date) => {
    const session = await currentOrder(db, checkoutRow.id);
    if (!session) {
      throw notFound("payment not found", "This checkout has no Qliro One order; create one first");
    }
    return expireIfDue(db, session, now);
  };

  app.post("/checkouts", withCheckout, async (c) => {
    const input = await parseJsonBody(c, createCheckoutBody);
    const urls = merchantUrls(config.storefrontOrigins, input);
    const now = clock();
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const { session, checkout } = await openPaymentSession(db, {
      provider: QLIRO,
      checkoutRow,
      urls,
      ...(input.CustomerInformation
        ? { data: { customer: customerPreset(input.CustomerInformation) } }
        : {}),
      referencePrefix: NEW_ORDER_PREFIX,
      now,
    });
    const created = session.reference.startsWith(NEW_ORDER_PREFIX);
    const order = await assignOrderId(db, session);
    return c.json(qliroOrderReply(config, order, checkout), created ? 201 : 200);
  });

  app.get("/checkouts", withCheckout, async (c) => {
    const now = clock();
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const session = await settleHold(db, await latest(checkoutRow, now), { release: false, now });
    return c.json(await answer(session, checkoutRow));
  });

  app.post("/checkouts/sync", withCheckout, async (c) => {
    const now = clock();
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const current = await latest(checkoutRow, now);
    if (current.status === "completed") {
      // Paid: nothing to update. A sync is how the shop learns that a held order was released.
      const session = await settleHold(db, current, { release: true, now });
      return c.json(await answer(session, checkoutRow));
    }
    // Open: its amount follows the checkout (gift cards applied or removed since). Ended
    // (refused, expired): a new order with the same URLs takes its place.
    const customer = (current.data as { customer?: unknown }).customer;
    const { session, checkout } = await openPaymentSession(db, {
      provider: QLIRO,
      checkoutRow,
      urls: current.urls,
      ...(customer ? { data: { customer } } : {}),
      referencePrefix: NEW_ORDER_PREFIX,
      now,
    });
    const order = await assignOrderId(db, session);
    return c.json(qliroOrderReply(config, order, checkout));
  });

  app.post("/push", async (c) => {
    const now = clock();
    const push = await parseJsonBody(c, statusPushBody);
    const orderId = String(push.OrderId);
    if (!verifyPushToken(config.sessionSecret, c.req.query("token"), orderId, now)) {
      throw unauthorized("The push token is invalid, expired, or not for this order");
    }
    const session = await findPaymentSession(db, QLIRO, { reference: orderId });
    const recorded = await recordPush(db, session, `${orderId}|${push.Status}|${push.Timestamp}`);
    if (recorded?.status === "completed") {
      // Qliro's word that a held order is released; the order itself was placed when the shopper
      // paid, so no push ever places one.
      await settleHold(db, recorded, { release: push.Status === "Completed", now });
    }
    // Repeats are answered the same, so that Qliro stops sending them.
    return c.json({ CallbackResponse: "received" } satisfies QliroPushReceived);
  });

  return app;
}
