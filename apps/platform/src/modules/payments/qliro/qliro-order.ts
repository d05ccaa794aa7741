import { randomInt } from "node:crypto";
import type {
  Checkout,
  OrderAddress,
  QliroCustomerCheckoutStatus,
  QliroCustomerInformation,
  QliroOrder,
  QliroOrderItem,
} from "@kassa/api-client";
import { and, desc, eq, sql } from "drizzle-orm";
import type { PlatformConfig } from "../../../config.js";
import type { Database } from "../../../db/open-database.js";
import { orders, type PaymentSessionRow, paymentSessions } from "../../../db/schema.js";
import { escapeHtml } from "../../../escape-html.js";
import { resolveMarket } from "../../catalogue/markets.js";
import { addedTax, includedTax } from "../../shopper/cart-totals.js";
import { QLIRO } from "./qliro.js";

/**
 * The engine names a new payment session `<prefix><24 hex digits>`; a Qliro `OrderId` is a number,
 * so a new session is renamed at once (before anyone has seen it) to {@link newOrderId}.
 */
export const NEW_ORDER_PREFIX = "qliro-new-";

/** What the Qliro sandbox keeps in `payment_sessions.data` besides the engine's own keys. */
interface QliroData {
  customer?: Partial<OrderAddress>;
  errors?: string[];
  productVariantIDs?: string[];
  /**
   * The on-hold test (API.md): decided on the first read after the order was placed (`none` or
   * `held`), `released` by the next sync or a `Completed` push.
   */
  qliroHold?: "none" | "held" | "released";
  /** Status pushes taken, each `OrderId|Status|Timestamp` (at most {@link MAX_PUSHES}). */
  qliroPushes?: string[];
}

/** A placed order whose customer email starts with this is held by (sandbox) Qliro. */
export const ON_HOLD_EMAIL_PREFIX = "onhold";
/** Pushes recorded per order; later ones are answered but not recorded (they change nothing). */
export const MAX_PUSHES = 100;

const LANGUAGES: Record<string, string> = { sv: "sv-se", fi: "fi-fi", en: "en-us" };

function dataOf(session: PaymentSessionRow): QliroData {
  return session.data as QliroData;
}

/** Ten digits, never starting with 0: Qliro's order ids are numbers (`Long`). */
function newOrderId(): string {
  return String(randomInt(1_000_000_000, 9_999_999_999));
}

/** Gives a session the engine has just created its numeric `OrderId`. */
export async function assignOrderId(
  db: Database,
  session: PaymentSessionRow,
): Promise<PaymentSessionRow> {
  if (!session.reference.startsWith(NEW_ORDER_PREFIX)) return session;
  for (let attempt = 1; ; attempt++) {
    try {
      const [renamed] = await db
        .update(paymentSessions)
        .set({ reference: newOrderId() })
        .where(
          and(eq(paymentSessions.id, session.id), eq(paymentSessions.reference, session.reference)),
        )
        .returning();
      if (renamed) return renamed;
      // Renamed by a concurrent request: read what it chose.
      const [current] = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.id, session.id));
      return current ?? session;
    } catch (error) {
      // Another order has this number (the unique key on provider + reference): draw again.
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * The checkout's Qliro order: the live one (open or paid) before any that ended, then the newest.
 * (The engine's `latestPaymentSession` goes by `createdAt` alone, which ties when a sync replaces
 * a refused order within the same millisecond.)
 */
export async function currentOrder(
  db: Database,
  checkoutId: string,
): Promise<PaymentSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(eq(paymentSessions.checkoutId, checkoutId), eq(paymentSessions.provider, QLIRO.name)),
    )
    .orderBy(
      desc(sql`${paymentSessions.status} in ('open', 'completed')`),
      desc(paymentSessions.createdAt),
      desc(paymentSessions.updatedAt),
    )
    .limit(1);
  return row;
}

/** Merges keys into a session's `data` in the database, so concurrent writers keep each other's. */
function mergeData(patch: Partial<QliroData>) {
  return sql`${paymentSessions.data} || ${JSON.stringify(patch)}::jsonb`;
}

/**
 * The on-hold test of a placed order (API.md): the first look after the order was placed decides
 * whether Qliro holds it (its email starts with `onhold`); a later sync (`release`) or a `Completed`
 * push releases a held order. Only orders that were already held are released, so a held order
 * always shows `OnHold` at least once.
 */
export async function settleHold(
  db: Database,
  session: PaymentSessionRow,
  { release, now }: { release: boolean; now: Date },
): Promise<PaymentSessionRow> {
  if (session.status !== "completed") return session;
  const hold = dataOf(session).qliroHold;
  if (hold === undefined) {
    const [order] = session.orderId
      ? await db.select({ email: orders.email }).from(orders).where(eq(orders.id, session.orderId))
      : [];
    const held = (order?.email ?? "").toLowerCase().startsWith(ON_HOLD_EMAIL_PREFIX);
    const [decided] = await db
      .update(paymentSessions)
      .set({ data: mergeData({ qliroHold: held ? "held" : "none" }), updatedAt: now })
      .where(
        and(eq(paymentSessions.id, session.id), sql`${paymentSessions.data}->'qliroHold' IS NULL`),
      )
      .returning();
    if (decided) return decided;
    // Decided by a concurrent request: read its decision.
    const [current] = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.id, session.id));
    return current ?? session;
  }
  if (hold === "held" && release) {
    const [released] = await db
      .update(paymentSessions)
      .set({ data: mergeData({ qliroHold: "released" }), updatedAt: now })
      .where(
        and(
          eq(paymentSessions.id, session.id),
          sql`${paymentSessions.data}->>'qliroHold' = 'held'`,
        ),
      )
      .returning();
    return released ?? { ...session, data: { ...session.data, qliroHold: "released" } };
  }
  return session;
}

/**
 * Records a status push once per `OrderId|Status|Timestamp` (Qliro's way to tell a repeat).
 * Answers whether it was new; a repeat, or a push past {@link MAX_PUSHES}, changes nothing.
 */
export async function recordPush(
  db: Database,
  session: PaymentSessionRow,
  key: string,
): Promise<PaymentSessionRow | undefined> {
  const pushes = sql`coalesce(${paymentSessions.data}->'qliroPushes', '[]'::jsonb)`;
  const [recorded] = await db
    .update(paymentSessions)
    .set({
      data: sql`jsonb_set(${paymentSessions.data}, '{qliroPushes}', ${pushes} || jsonb_build_array(${key}::text))`,
    })
    .where(
      and(
        eq(paymentSessions.id, session.id),
        sql`not (${pushes} @> jsonb_build_array(${key}::text))`,
        sql`jsonb_array_length(${pushes}) < ${MAX_PUSHES}`,
      ),
    )
    .returning();
  return recorded;
}

/** The engine's state of a session in Qliro's words. */
export function customerCheckoutStatus(session: PaymentSessionRow): QliroCustomerCheckoutStatus {
  switch (session.status) {
    case "completed":
      return dataOf(session).qliroHold === "held" ? "OnHold" : "Completed";
    case "refused":
    case "declined":
      return "Refused";
    case "expired":
      return "Expired";
    default:
      return "InProcess";
  }
}

/** The preset a shop may send (Qliro's `CustomerInformation`), in the widget's field names. */
export function customerPreset(info: QliroCustomerInformation): Partial<OrderAddress> {
  const preset: Partial<OrderAddress> = {
    email: info.Email,
    telephoneNumber: info.MobileNumber,
    givenName: info.Address?.FirstName,
    familyName: info.Address?.LastName,
    streetAddress: info.Address?.Street,
    postalCode: info.Address?.PostalCode,
    city: info.Address?.City,
  };
  // Only what was given: an absent key must not blank the widget's test person.
  return Object.fromEntries(Object.entries(preset).filter(([, value]) => value !== undefined));
}

/** The checkout's lines as Qliro order items (amounts in minor units, `VatRate` in basis points). */
function orderItems(checkout: Checkout): QliroOrderItem[] {
  const price = (amount: number, rate: number) =>
    checkout.isTaxIncludedInPrice
      ? { inc: amount, ex: amount - includedTax(amount, rate) }
      : { inc: amount + addedTax(amount, rate), ex: amount };
  const items: QliroOrderItem[] = [];
  for (const line of checkout.items) {
    const each = price(line.salePriceAmount, line.taxPercentage);
    items.push({
      MerchantReference: line.productVariantId,
      Description: line.displayName || line.name,
      Type: "Product",
      Quantity: line.quantity,
      PricePerItemIncVat: each.inc,
      PricePerItemExVat: each.ex,
      VatRate: line.taxPercentage,
    });
    if (line.totalDiscountAmount > 0) {
      const off = price(line.totalDiscountAmount, line.taxPercentage);
      items.push({
        MerchantReference: `discount:${line.productVariantId}`,
        Description: checkout.discountCodes.map((code) => code.code).join(", ") || "Rabatt",
        Type: "Discount",
        Quantity: 1,
        PricePerItemIncVat: -off.inc,
        PricePerItemExVat: -off.ex,
        VatRate: line.taxPercentage,
      });
    }
  }
  if (checkout.totals.shippingTotal > 0) {
    const rate = resolveMarket(checkout.countryCode)?.vatRate ?? 0;
    const shipping = price(checkout.totals.shippingTotal, rate);
    items.push({
      MerchantReference: "shipping",
      Description: checkout.shippingProvider,
      Type: "Shipping",
      Quantity: 1,
      PricePerItemIncVat: shipping.inc,
      PricePerItemExVat: shipping.ex,
      VatRate: rate,
    });
  }
  for (const card of checkout.giftCards) {
    // A gift card is a means of payment: no VAT.
    items.push({
      MerchantReference: `giftcard:${card.name}`,
      Description: `Presentkort ${card.name}`,
      Type: "Discount",
      Quantity: 1,
      PricePerItemIncVat: -card.amount,
      PricePerItemExVat: -card.amount,
      VatRate: 0,
    });
  }
  return items;
}

const CONTAINER = "qliro-one-checkout";

const THANKS: Record<string, { completed: string; onHold: string }> = {
  sv: { completed: "Tack för ditt köp!", onHold: "Tack! Qliro granskar ditt köp." },
  fi: { completed: "Kiitos ostoksestasi!", onHold: "Kiitos! Qliro tarkistaa ostoksesi." },
  en: {
    completed: "Thank you for your purchase!",
    onHold: "Thank you! Qliro is reviewing your purchase.",
  },
};

/** A Qliro order as the `/shopper-qliro` wrapper answers it. */
export function qliroOrderReply(
  config: PlatformConfig,
  session: PaymentSessionRow,
  checkout: Checkout,
): QliroOrder {
  const base = `${config.publicUrl}/sandbox/${QLIRO.slug}`;
  const status = customerCheckoutStatus(session);
  const data = dataOf(session);
  const orderId = session.reference;
  const language = checkout.languageCode.toLowerCase();
  const thanks = THANKS[language] ?? THANKS.sv;
  const placed = status === "Completed" || status === "OnHold";
  const snippet = placed
    ? `<div id="${CONTAINER}"><p>${escapeHtml(status === "OnHold" ? (thanks?.onHold ?? "") : (thanks?.completed ?? ""))}</p><p>Qliro: ${escapeHtml(orderId)}</p></div>`
    : `<div id="${CONTAINER}"><script src="${base}/loader.js" data-container="${CONTAINER}" data-title="Qliro One" data-src="${base}/pay/${session.id}?embedded=1"></script><noscript><a href="${base}/pay/${session.id}">Qliro One</a></noscript></div>`;
  return {
    OrderId: orderId,
    MerchantReference: checkout.id,
    TotalPrice: session.amount,
    Currency: session.currencyCode,
    Country: checkout.countryCode,
    Language: LANGUAGES[language] ?? "sv-se",
    CustomerCheckoutStatus: status,
    OrderItems: orderItems(checkout),
    OrderHtmlSnippet: snippet,
    PaymentLink: `${base}/pay/${session.id}`,
    MerchantConfirmationUrl: session.urls.confirmation ?? "",
    MerchantTermsUrl: session.urls.terms ?? "",
    ...(session.urls.integrityPolicy
      ? { MerchantIntegrityPolicyUrl: session.urls.integrityPolicy }
      : {}),
    CreatedAt: session.createdAt.toISOString(),
    UpdatedAt: session.updatedAt.toISOString(),
    ...(placed && session.orderId ? { KassaOrderId: session.orderId } : {}),
    ...(status === "Refused"
      ? {
          errors: data.errors ?? [],
          ...(data.productVariantIDs ? { productVariantIDs: data.productVariantIDs } : {}),
        }
      : {}),
  };
}
