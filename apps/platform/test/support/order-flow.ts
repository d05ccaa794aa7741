import { randomUUID } from "node:crypto";
import type {
  CheckoutStarted,
  KlarnaOrder,
  LoginResult,
  SessionAttributes,
  SessionCustomerReply,
  SetSessionCustomerInput,
} from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { type OrderRow, orderLines, orders } from "../../src/db/schema.js";
import { SEED_PASSWORD, SEED_USERS } from "../../src/seed/fixtures.js";
import {
  type CartLine,
  cartWith,
  ordersOf,
  pay,
  SHOPPER,
  startedCheckout,
} from "./checkout-flow.js";
import { type PlatformCaller, TEST_STOREFRONT_URL, type TestPlatform } from "./test-platform.js";

/** A demo user's access token. */
export async function accessTokenOf(
  platform: TestPlatform,
  user: keyof typeof SEED_USERS,
): Promise<string> {
  const { status, body } = await platform.request<LoginResult>("POST", "/enad/login/", {
    body: { email: SEED_USERS[user].email, password: SEED_PASSWORD },
  });
  expect(status).toBe(200);
  return body.access_token;
}

/** Links a session to a user (and company) with the user's access token. */
export function linkCustomer(
  platform: PlatformCaller,
  sessionToken: string,
  body: SetSessionCustomerInput,
) {
  return platform.request<SessionCustomerReply>("PUT", "/shopper/sessions/customer", {
    token: sessionToken,
    body,
  });
}

export interface PaidOrderOptions {
  lines?: readonly CartLine[];
  storeGroupId?: string;
  countryCode?: string;
  /** Links the session before the checkout starts; none: a guest's order. */
  customer?: SetSessionCustomerInput;
  /** Written to the session (`PATCH /shopper/sessions/attributes`) before the checkout starts. */
  attributes?: SessionAttributes;
}

/**
 * A checkout ready to be paid the way a shopper pays: a cart, the customer link, and a Klarna
 * checkout order (the platform must offer KlarnaCheckout) whose hosted page takes the payment.
 */
export async function klarnaCheckout(
  platform: PlatformCaller,
  options: PaidOrderOptions = {},
): Promise<{ sessionToken: string; checkout: CheckoutStarted; klarnaOrder: KlarnaOrder }> {
  const sessionToken = await cartWith(platform, options.lines, {
    storeGroupId: options.storeGroupId ?? "default",
    countryCode: options.countryCode ?? "SE",
  });
  if (options.attributes) {
    const patched = await platform.request("PATCH", "/shopper/sessions/attributes", {
      token: sessionToken,
      body: options.attributes,
    });
    expect(patched.status).toBe(200);
  }
  if (options.customer) {
    expect((await linkCustomer(platform, sessionToken, options.customer)).status).toBe(200);
  }
  const checkout = await startedCheckout(platform, sessionToken, "KlarnaCheckout");
  const created = await openKlarnaOrder(platform, checkout.token);
  expect(created.status).toBe(201);
  return { sessionToken, checkout, klarnaOrder: created.body };
}

/**
 * Creates the checkout's Klarna order, or updates the open one to what is left to pay now (as the
 * storefront does after every gift-card change: an order not updated cannot be paid, ADR 0030).
 */
export function openKlarnaOrder(platform: PlatformCaller, checkoutToken: string) {
  return platform.request<KlarnaOrder>("POST", "/shopper-kco/orders", {
    token: checkoutToken,
    body: {
      merchant_urls: {
        terms: `${TEST_STOREFRONT_URL}/kopvillkor`,
        checkout: `${TEST_STOREFRONT_URL}/checkout`,
        confirmation: `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=klarna`,
      },
    },
  });
}

/** An order placed the way a shopper places one: {@link klarnaCheckout}, and its hosted page paid. */
export async function paidOrder(
  platform: TestPlatform,
  options: PaidOrderOptions = {},
): Promise<OrderRow> {
  const { checkout, klarnaOrder } = await klarnaCheckout(platform, options);
  const paid = await pay(klarnaOrder.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" });
  expect(paid.status).toBe(303);
  const [order] = await ordersOf(platform, checkout.checkout.id);
  if (!order) throw new Error("The paid checkout placed no order");
  return order;
}

/**
 * A fresh copy of a seeded order (with its lines, none delivered), in the states given: each test
 * changes its own order. Answers its id and order number.
 */
export async function copyOfOrder(
  platform: TestPlatform,
  orderId: string,
  states: { orderStates?: string[]; customStates?: string[] } = {},
): Promise<{ id: string; reference: string }> {
  const [template] = await platform.db.select().from(orders).where(eq(orders.id, orderId));
  if (!template) throw new Error(`no order ${orderId}`);
  const id = randomUUID();
  const { reference: _reference, ...copy } = template;
  const [row] = await platform.db
    .insert(orders)
    .values({
      ...copy,
      id,
      checkoutId: `test-${id}`,
      paymentReference: `test-${id}`,
      orderStates: states.orderStates ?? ["PLACED"],
      customStates: states.customStates ?? [],
      compensatedTotal: 0,
    })
    .returning();
  const lines = await platform.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  if (lines.length > 0) {
    await platform.db
      .insert(orderLines)
      .values(lines.map((line) => ({ ...line, orderId: id, deliveredQuantity: 0 })));
  }
  return { id, reference: String(row?.reference) };
}
