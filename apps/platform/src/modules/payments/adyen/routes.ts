import { createHmac } from "node:crypto";
import type { Checkout, OrderAddress } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../../clock.js";
import type { PlatformConfig } from "../../../config.js";
import type { Database } from "../../../db/open-database.js";
import { type PaymentSessionRow, paymentSessions } from "../../../db/schema.js";
import type { AppEnv } from "../../../http/app-env.js";
import { badRequest, HttpError, notFound } from "../../../http/http-error.js";
import { parseJsonBody } from "../../../http/json-body.js";
import { checkoutReply, findCheckout, frozenCart } from "../../checkout/checkouts.js";
import { requireCheckout } from "../../checkout/require-checkout.js";
import type { Mailer } from "../../mail/send-mail.js";
import { shopPageUrl } from "../merchant-urls.js";
import {
  completePayment,
  expireIfDue,
  findPaymentSession,
  openPaymentSession,
  outcomeOf,
  recordDecline,
} from "../payment-sessions.js";
import {
  ADYEN,
  ADYEN_MERCHANT_ACCOUNT,
  ADYEN_SESSION_PREFIX,
  type AdyenSessionData,
  type AdyenSessionStatus,
  adyenStatusOf,
  returnUrlWithResult,
  sessionResultKey,
  verifySessionResult,
} from "./adyen.js";
import {
  adyenHmacKey,
  hasValidSignature,
  type NotificationItem,
  notificationBatchSchema,
} from "./notifications.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  mailer: Mailer;
  /** The webhook HMAC key (hex); default {@link adyenHmacKey} of the environment. */
  hmacKey?: string;
}

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** `POST /shopper-adyen/sessions`: Adyen's `/sessions` fields the shop chooses. */
const createBody = z.object({
  returnUrl: z.string(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be a valid ISO 3166-1 alpha2 code")
    .optional(),
  shopperLocale: z
    .string()
    .regex(/^[a-z]{2}(?:[-_][A-Za-z]{2})?$/, "must be a locale such as sv-SE")
    .optional(),
  shopperEmail: optionalText(200),
  shopperName: z.object({ firstName: optionalText(100), lastName: optionalText(100) }).optional(),
  telephoneNumber: optionalText(40),
  billingAddress: z
    .object({
      street: optionalText(200),
      houseNumberOrName: optionalText(50),
      postalCode: optionalText(20),
      city: optionalText(100),
      country: optionalText(2),
    })
    .optional(),
});

const LOCALES: Record<string, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-GB" };

/** The shopper details of the create body, in the order's words: the widget's preset. */
function customerPreset(input: z.output<typeof createBody>): Partial<OrderAddress> | undefined {
  const street = [input.billingAddress?.street, input.billingAddress?.houseNumberOrName]
    .filter(Boolean)
    .join(" ");
  const preset: Partial<OrderAddress> = {
    givenName: input.shopperName?.firstName,
    familyName: input.shopperName?.lastName,
    email: input.shopperEmail,
    telephoneNumber: input.telephoneNumber,
    streetAddress: street || undefined,
    postalCode: input.billingAddress?.postalCode,
    city: input.billingAddress?.city,
    country: input.billingAddress?.country?.toUpperCase(),
  };
  const given = Object.fromEntries(
    Object.entries(preset).filter(([, value]) => value !== undefined && value !== ""),
  );
  return Object.keys(given).length > 0 ? given : undefined;
}

/**
 * `sessionData`: opaque to the shop, as Adyen's is. The sandbox's is the session's id, amount and
 * expiry, signed, so that it changes whenever the amount does.
 */
function sessionData(config: PlatformConfig, session: PaymentSessionRow): string {
  const payload = Buffer.from(
    JSON.stringify({
      id: session.reference,
      amount: session.amount,
      currency: session.currencyCode,
      expiresAt: session.expiresAt.toISOString(),
    }),
  ).toString("base64url");
  const mac = createHmac("sha256", config.sessionSecret)
    .update(`adyen-session-data\u0000${payload}`)
    .digest("base64url");
  return `${payload}.${mac}`;
}

/** An Adyen session as `/sessions` answers it, with the sandbox's embed URLs. */
function sessionReply(config: PlatformConfig, session: PaymentSessionRow, checkout: Checkout) {
  const base = `${config.publicUrl}/sandbox/${ADYEN.slug}`;
  const data = session.data as AdyenSessionData;
  return {
    id: session.reference,
    sessionData: sessionData(config, session),
    amount: { value: session.amount, currency: session.currencyCode },
    reference: session.id,
    returnUrl: session.urls.return ?? "",
    expiresAt: session.expiresAt.toISOString(),
    merchantAccount: ADYEN_MERCHANT_ACCOUNT,
    countryCode: checkout.countryCode,
    shopperLocale: data.shopperLocale ?? LOCALES[checkout.languageCode.toLowerCase()] ?? "sv-SE",
    mode: "embedded" as const,
    /** Adyen's hosted checkout page: the same payment as a full page (no JavaScript needed). */
    url: `${base}/pay/${session.id}`,
    /** The sandbox's Drop-in script (Adyen's SDK script in real life). */
    scriptUrl: `${base}/loader.js`,
    /** The document the script frames in the Drop-in container. */
    dropinUrl: `${base}/pay/${session.id}?embedded=1`,
  };
}

/** The session result as `GET /sessions/{id}` answers it. */
function resultReply(session: PaymentSessionRow, status: AdyenSessionStatus) {
  const outcome = outcomeOf(session);
  return {
    id: session.reference,
    status,
    reference: session.id,
    ...(status === "completed" && session.orderId ? { orderId: session.orderId } : {}),
    ...(outcome.outcome === "refused"
      ? {
          errors: outcome.errors ?? [],
          ...(outcome.productVariantIDs ? { productVariantIDs: outcome.productVariantIDs } : {}),
        }
      : {}),
  };
}

/**
 * Adyen (Sessions flow) through the shopper API, checkout token as bearer:
 * `POST /shopper-adyen/sessions`, `GET /shopper-adyen/sessions/{id}?sessionResult=…`, and the
 * webhook endpoint `POST /shopper-adyen/notifications` (HMAC-signed, no token).
 */
export function adyenRoutes({ db, config, clock, mailer, hmacKey = adyenHmacKey() }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withCheckout = requireCheckout(db, config.sessionSecret, clock);

  app.post("/sessions", withCheckout, async (c) => {
    const input = await parseJsonBody(c, createBody);
    const returnUrl = shopPageUrl(config.storefrontOrigins, "returnUrl", input.returnUrl);
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const country = frozenCart(checkoutRow).countryCode;
    if (input.countryCode && input.countryCode.toUpperCase() !== country) {
      throw badRequest("countryCode is not the checkout's country", [
        `countryCode: must be the checkout's country (${country})`,
      ]);
    }
    const customer = customerPreset(input);
    const opened = await openPaymentSession(db, {
      provider: ADYEN,
      checkoutRow,
      urls: { return: returnUrl },
      data: {
        ...(customer ? { customer } : {}),
        ...(input.shopperLocale ? { shopperLocale: input.shopperLocale.replace("_", "-") } : {}),
      },
      referencePrefix: ADYEN_SESSION_PREFIX,
      now: clock(),
    });
    let session = opened.session;
    // The result key is known only once the session exists; it is the same value every time, so
    // two creates racing write the same. The widget's "back to the shop" link (once the session
    // has ended) is the return URL as a shopper who leaves the payment gets it (Adyen's
    // `canceled`); the shop then reads the real status.
    const resultKey = sessionResultKey(config.sessionSecret, session.id);
    const withKey = { ...session, data: { ...session.data, resultKey } };
    const back = returnUrlWithResult(withKey, "canceled");
    if (
      (session.data as AdyenSessionData).resultKey !== resultKey ||
      session.urls.checkout !== back
    ) {
      const [updated] = await db
        .update(paymentSessions)
        .set({ data: withKey.data, urls: { ...session.urls, checkout: back } })
        .where(eq(paymentSessions.id, session.id))
        .returning();
      session = updated ?? withKey;
    }
    return c.json(sessionReply(config, session, opened.checkout), 201);
  });

  app.get("/sessions/:id", withCheckout, async (c) => {
    const checkoutRow = await findCheckout(db, c.get("checkout"));
    const sessionResult = c.req.query("sessionResult");
    if (!sessionResult) {
      throw badRequest("sessionResult is required", ["sessionResult: is a required field"]);
    }
    const found = await findPaymentSession(db, ADYEN, { reference: c.req.param("id") });
    if (found.checkoutId !== checkoutRow.id) {
      throw notFound("payment not found", "No such Adyen session");
    }
    if (
      !verifySessionResult(
        sessionResultKey(config.sessionSecret, found.id),
        found.reference,
        sessionResult,
      )
    ) {
      throw badRequest("sessionResult does not belong to this session", [
        "sessionResult: is not a result of this session",
      ]);
    }
    const session = await expireIfDue(db, found, clock());
    let status = adyenStatusOf(session);
    if (status === "paymentPending" || (status === "refused" && session.status === "open")) {
      // An open session whose cart changed can no longer be paid: the shop has left it.
      const checkout = await checkoutReply(db, checkoutRow);
      if (checkout.isStale) status = "canceled";
    }
    return c.json(resultReply(session, status));
  });

  app.post("/notifications", async (c) => {
    if (!hmacKey) {
      throw new HttpError(
        503,
        "ADYEN_HMAC_KEY_MISSING",
        "Adyen notifications need KASSA_ADYEN_HMAC_KEY to be set",
      );
    }
    const batch = await parseJsonBody(c, notificationBatchSchema);
    const items = batch.notificationItems.map((wrapper) => wrapper.NotificationRequestItem);
    // All or nothing: one forged item and the batch is refused, so that Adyen's retry (with a
    // right signature) is the one that counts.
    const forged = items.findIndex((item) => !hasValidSignature(item, hmacKey));
    if (forged >= 0) {
      throw new HttpError(401, "UNAUTHORIZED", "The notification's HMAC signature is invalid", {
        errors: [
          `notificationItems.${forged}.NotificationRequestItem.additionalData.hmacSignature: is invalid`,
        ],
      });
    }
    for (const item of items) await handleNotification(item);
    c.header("Cache-Control", "no-store");
    return c.text("[accepted]");
  });

  /**
   * One signed notification. `AUTHORISATION` with `success` true places the order (once: a paid
   * session, or a repeat, finds it placed); with `success` false it counts as a declined attempt.
   * Everything else (other events, unknown references, another merchant account, another amount,
   * a session that has ended) is accepted and changes nothing.
   */
  async function handleNotification(item: NotificationItem): Promise<void> {
    if (item.eventCode !== "AUTHORISATION") return;
    if (item.merchantAccountCode && item.merchantAccountCode !== ADYEN_MERCHANT_ACCOUNT) return;
    let session: PaymentSessionRow;
    try {
      session = await findPaymentSession(db, ADYEN, { id: item.merchantReference });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return;
      throw error;
    }
    const now = clock();
    session = await expireIfDue(db, session, now);
    if (session.status !== "open") return;
    if (item.amount.value !== session.amount || item.amount.currency !== session.currencyCode) {
      return;
    }
    if (String(item.success) !== "true") {
      await recordDecline(db, session, now);
      return;
    }
    const customer = (session.data as { customer?: Partial<OrderAddress> }).customer ?? {};
    try {
      await completePayment(db, mailer, session, { billingAddress: customer, now });
    } catch (error) {
      // Ended meanwhile (a concurrent notification or the widget): nothing more to do.
      if (error instanceof HttpError && error.status === 409) return;
      throw error;
    }
  }

  return app;
}
