import { randomUUID } from "node:crypto";
import {
  type CacheTagSubscription,
  type Cart,
  type KlarnaOrder,
  type PlatformErrorBody,
  subscribeToCacheTags,
} from "@kassa/api-client";
import { eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../src/db/database.js";
import {
  giftCardDraws,
  giftCards,
  mailOutbox,
  orderLines,
  orders,
  paymentSessions,
} from "../../src/db/schema.js";
import { DEVELOPMENT_OAUTH_CLIENT } from "../../src/modules/oauth/oauth-clients.js";
import { SEED_FIXTURES } from "../../src/seed/fixtures.js";
import { applyCard, cartWith, SHOPPER } from "./checkout-flow.js";
import { klarnaCheckout, openKlarnaOrder } from "./order-flow.js";
import type { PlatformProcess } from "./platform-process.js";
import type { ApiResponse } from "./test-platform.js";

/**
 * What the fault tests (ADR 0045) run against a platform process while its database goes away,
 * and what they check afterwards: that every answer was a success or a clean 503, that a keyed
 * request repeated after a failure is done exactly once, and that nothing half-written is left.
 */

/** Waits until `check` holds, polling; `what` names it in the failure. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  for (const started = Date.now(); !(await check()); ) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One answer of the load: its status and, for a failure, its body's `error`. */
interface LoadAnswer {
  what: string;
  status: number;
  error?: string;
  requestId?: string;
  retryAfter?: string | null;
}

/** A cart change sent with an `Idempotency-Key` that failed: repeated with that key afterwards. */
interface FailedAdd {
  token: string;
  key: string;
}

export interface Load {
  answers: LoadAnswer[];
  /** Requests that ended in a way other than an HTTP answer (a reset socket, a crashed process). */
  broken: string[];
  /** Stops the loops after their current request; repeats the failed cart changes until done. */
  stop(): Promise<void>;
  /** Each shopper's cart token, with the cart changes that were done (answered 200). */
  carts: Map<string, number>;
}

const { productParentId, variantId } = SEED_FIXTURES.simple;

/**
 * `shoppers` loops, each reading a price and adding one item to its own cart (a new
 * `Idempotency-Key` each time), as fast as answers come, until stopped.
 */
export async function startLoad(platform: PlatformProcess, shoppers = 3): Promise<Load> {
  const tokens = await Promise.all(Array.from({ length: shoppers }, () => cartWith(platform, [])));
  const answers: LoadAnswer[] = [];
  const broken: string[] = [];
  const failed: FailedAdd[] = [];
  const carts = new Map(tokens.map((token) => [token, 0]));
  let stopping = false;

  const record = (what: string, answer: ApiResponse<PlatformErrorBody>) => {
    answers.push({
      what,
      status: answer.status,
      error: answer.status >= 400 ? answer.body?.error : undefined,
      requestId: answer.status >= 400 ? answer.body?.requestId : undefined,
      retryAfter: answer.headers.get("retry-after"),
    });
  };
  const add = (token: string, key: string) =>
    platform.request<PlatformErrorBody>("POST", "/shopper/sessions/items", {
      token,
      body: { productVariantId: variantId, quantity: 1 },
      headers: { "idempotency-key": key },
    });

  const loop = async (token: string) => {
    while (!stopping) {
      try {
        record(
          "read",
          await platform.request<PlatformErrorBody>(
            "GET",
            `/shopper/prices/product-parents/${productParentId}/store-groups/default/markets/SE`,
          ),
        );
        const key = randomUUID();
        const added = await add(token, key);
        record("cart", added);
        if (added.status === 200) carts.set(token, (carts.get(token) ?? 0) + 1);
        else failed.push({ token, key });
      } catch (error) {
        broken.push(String(error));
        return;
      }
    }
  };
  const loops = tokens.map(loop);

  return {
    answers,
    broken,
    carts,
    async stop() {
      stopping = true;
      await Promise.all(loops);
      // Each failed change again, with its key, as a client does: it is done once.
      for (const { token, key } of failed) {
        const answer = await untilAnswered(() => add(token, key));
        expect(answer.status).toBe(200);
        carts.set(token, (carts.get(token) ?? 0) + 1);
      }
    },
  };
}

/**
 * Sends a keyed request until it is answered with something else than "not now": 503 (the
 * database is still away) or 409 `IDEMPOTENCY_KEY_IN_USE` (the failed try's key is not released
 * yet), waiting as `Retry-After` says.
 */
export async function untilAnswered<Answer extends { status: number; headers: Headers }>(
  send: () => Promise<Answer>,
  timeoutMs = 120_000,
): Promise<Answer> {
  const started = Date.now();
  for (;;) {
    const answer = await send().catch(() => undefined);
    if (answer && answer.status !== 503 && answer.status !== 409) return answer;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`still not answered after ${timeoutMs} ms (last: ${answer?.status})`);
    }
    const seconds = Number(answer?.headers.get("retry-after") ?? "0.2");
    await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 1) * 1000));
  }
}

/** Every answer of the load was a success or the clean 503 of a database away, never a 500. */
export function expectCleanAnswers(load: Load): void {
  expect(load.broken).toEqual([]);
  for (const answer of load.answers) {
    if (answer.status === 200) continue;
    expect(answer).toMatchObject({
      status: 503,
      error: "SERVICE_UNAVAILABLE",
      requestId: expect.any(String),
      retryAfter: "1",
    });
  }
}

/** Each cart holds exactly the changes that were answered 200, the repeated ones once. */
export async function expectCartsComplete(platform: PlatformProcess, load: Load): Promise<void> {
  for (const [token, added] of load.carts) {
    const { body } = await platform.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(body.cart.items.map((item) => item.quantity)).toEqual(added > 0 ? [added] : []);
  }
}

/** A paid-for checkout waiting for its payment: the shopper's next step posts the hosted page. */
export interface ReadyToPay {
  checkoutId: string;
  klarnaOrder: KlarnaOrder;
  /** The line count of its cart, which its order must have. */
  lines: number;
  /** The gift card drawn with it, if any. */
  giftCard?: string;
}

/** A Klarna checkout of two lines, paid in part with the 100 kr demo gift card when `giftCard`. */
export async function readyToPay(
  platform: PlatformProcess,
  { giftCard }: { giftCard?: string } = {},
): Promise<ReadyToPay> {
  const lines = [
    { variantId, quantity: 2 },
    { variantId: SEED_FIXTURES.onSale.variantId, quantity: 1 },
  ];
  const { checkout, klarnaOrder } = await klarnaCheckout(platform, { lines });
  if (giftCard) {
    expect((await applyCard(platform, checkout.token, giftCard, "1234")).status).toBe(204);
    // The card changed what is left to pay: the Klarna order is updated to it (ADR 0030).
    expect((await openKlarnaOrder(platform, checkout.token)).status).toBe(201);
  }
  return { checkoutId: checkout.checkout.id, klarnaOrder, lines: lines.length, giftCard };
}

/** What the hosted payment page's form post answered. */
export interface PaymentAnswer {
  status: number;
  headers: Headers;
  location: string | null;
  /** The platform error body of a failure. */
  body?: PlatformErrorBody;
}

/** Posts the hosted payment page's form, approving, with an `Idempotency-Key`. */
export async function payWithKey(
  platform: PlatformProcess,
  order: KlarnaOrder,
  key: string,
): Promise<PaymentAnswer> {
  const { pathname } = new URL(order.hosted_payment_page_url);
  const response = await fetch(`${platform.url}${pathname}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "idempotency-key": key,
    },
    body: new URLSearchParams({ ...SHOPPER, outcome: "approve" }).toString(),
    redirect: "manual",
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    location: response.headers.get("location"),
    body: response.headers.get("content-type")?.includes("json")
      ? (JSON.parse(text) as PlatformErrorBody)
      : undefined,
  };
}

/**
 * Nothing half-written: each checkout has exactly one order, with all of its lines, its payment
 * completed and pointing at it, its confirmation mail stored (and sent by the job worker); every
 * gift-card draw belongs to an order, and each card's balance is its start less its draws.
 */
export async function expectOrdersWhole(
  db: Database,
  checkouts: readonly ReadyToPay[],
): Promise<void> {
  for (const checkout of checkouts) {
    const placed = await db.select().from(orders).where(eq(orders.checkoutId, checkout.checkoutId));
    expect(placed).toHaveLength(1);
    const order = placed[0];
    if (!order) return;
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toHaveLength(checkout.lines);
    const payments = await db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.checkoutId, checkout.checkoutId));
    expect(payments.filter((payment) => payment.status === "completed")).toMatchObject([
      { orderId: order.id, amount: order.paidAmount },
    ]);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Orderbekräftelse ${order.reference}`));
    expect(mails).toHaveLength(1);
  }
  const draws = await db.select().from(giftCardDraws);
  const orderIds = draws.map((draw) => draw.orderId);
  if (orderIds.length > 0) {
    const owners = await db
      .select({ id: orders.id, giftCardTotal: orders.giftCardTotal })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    for (const draw of draws) {
      expect(owners.map((owner) => owner.id)).toContain(draw.orderId);
    }
  }
  for (const code of new Set(checkouts.flatMap((checkout) => checkout.giftCard ?? []))) {
    const [card] = await db.select().from(giftCards).where(eq(giftCards.code, code));
    const drawn = draws
      .filter((draw) => draw.giftCardCode === code)
      .reduce((sum, draw) => sum + draw.amount, 0);
    expect(drawn).toBeGreaterThan(0);
    expect(card?.balance).toBe((card?.initialBalance ?? 0) - drawn);
  }
}

/**
 * Nothing lost in the job queue: each order's confirmation is sent, or its job waits for its next
 * try (a job in hand when the database went away failed that try, and is retried after its
 * backoff); none is left `active`, which only its lease would end. The confirmations of
 * `mustBeSent` (orders placed after the fault) are sent: the worker runs again by itself.
 */
export async function expectConfirmationsDelivered(
  db: Database,
  checkouts: readonly ReadyToPay[],
  mustBeSent: readonly ReadyToPay[],
): Promise<void> {
  const mailsOf = async (of: readonly ReadyToPay[]) => {
    const placed = await db
      .select({ reference: orders.reference })
      .from(orders)
      .where(
        inArray(
          orders.checkoutId,
          of.map((checkout) => checkout.checkoutId),
        ),
      );
    return db
      .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.subject,
          placed.map((order) => `Orderbekräftelse ${order.reference}`),
        ),
      );
  };
  const jobStateOf = async (mailId: string) => {
    const { rows } = (await db.execute(
      sql`select state from pgboss.job where name = 'send-mail' and data->>'mailId' = ${mailId}`,
    )) as unknown as { rows: { state: string }[] };
    return rows[0]?.state;
  };
  await until(async () => {
    const required = await mailsOf(mustBeSent);
    if (required.length !== mustBeSent.length || required.some((mail) => !mail.sentAt)) {
      return false;
    }
    for (const mail of await mailsOf(checkouts)) {
      if (mail.sentAt) continue;
      const state = await jobStateOf(mail.id);
      if (state !== "retry" && state !== "created") return false;
    }
    return true;
  }, "each confirmation to be sent or queued for its next try");
}

/** Follows a platform's `/cache-tags/stream` as a storefront process does. */
export function followCacheTags(platform: PlatformProcess) {
  const heard: string[] = [];
  const resets: string[] = [];
  const subscription: CacheTagSubscription = subscribeToCacheTags({
    baseUrl: platform.url,
    onTags: (tags) => heard.push(...tags),
    onReset: (reason) => resets.push(reason),
  });
  return { heard, resets, close: () => subscription.close() };
}

/** A management token of the development client, from the token endpoint. */
export async function managementTokenOf(platform: PlatformProcess): Promise<string> {
  const { id, secret } = DEVELOPMENT_OAUTH_CLIENT;
  const { status, body } = await platform.request<{ access_token: string }>(
    "POST",
    "/oauth2/token",
    {
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
      },
    },
  );
  expect(status).toBe(200);
  return body.access_token;
}

/** Sets the simple product's price through the management API (announces `price-{parent}`). */
export async function setPrice(platform: PlatformProcess, token: string, salePriceAmount: number) {
  return platform.request(
    "PUT",
    `/price/product-variants/${variantId}/store-groups/default/markets/SE`,
    {
      token,
      body: { basePriceAmount: 99_900, salePriceAmount },
    },
  );
}

export const PRICE_TAG = `price-${productParentId}`;
