import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AccountFailure,
  type Cart,
  type ItemAdded,
  type KlarnaOrder,
  type PlatformErrorBody,
  subscribeToCacheTags,
} from "@kassa/api-client";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/open-database.js";
import { giftCardDraws, giftCards, mailOutbox, orders, variantStocks } from "../src/db/schema.js";
import { createMailer } from "../src/modules/mail/send-mail.js";
import { SEED_FIXTURES, SEED_PASSWORD, SEED_USERS } from "../src/seed/fixtures.js";
import { logIn } from "./support/accounts.js";
import {
  applyCard,
  cartWith,
  ordersOf,
  pay,
  readCheckout,
  SHOPPER,
  stockOf,
} from "./support/checkout-flow.js";
import { klarnaCheckout, openKlarnaOrder } from "./support/order-flow.js";
import { type PlatformProcess, startPlatformProcess } from "./support/platform-process.js";
import { type SmtpSink, startSmtpSink } from "./support/smtp-sink.js";
import { createEmptyPostgresDatabase } from "./support/test-database.js";
import { TEST_STOREFRONT_URL } from "./support/test-platform.js";

/**
 * Two real platform processes (`src/main.ts`, each with its own connection pool, job worker and
 * cache-tag listener) on one PostgreSQL database, serving one shop: every request below is split
 * or raced between them, and what must hold for one process must hold for the two together.
 */
describe.runIf(process.env.DATABASE_URL)("two platform processes on one PostgreSQL", () => {
  let database: { databaseUrl: string; drop(): Promise<void> };
  let reader: DatabaseHandle;
  let sink: SmtpSink;
  let dataDir: string;
  let a: PlatformProcess;
  let b: PlatformProcess;
  /** Outbox rows there before the processes did anything (the seed's): not the workers' to send. */
  let seededMailIds: Set<string>;

  /** A and B taking turns: the i-th of a batch of requests goes to one, the next to the other. */
  const either = (i: number) => (i % 2 === 0 ? a : b);
  /** The test's own reads, on a pool of its own (a third client of the database). */
  const db = () => ({ db: reader.db });

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createEmptyPostgresDatabase(process.env.DATABASE_URL ?? "");
    // One data folder: several platform processes must share the company files (ADR 0014).
    dataDir = await mkdtemp(join(tmpdir(), "kassa-two-platforms-"));
    const env = {
      DATABASE_URL: database.databaseUrl,
      DATA_DIR: dataDir,
      KASSA_DEMO_ACCOUNTS: "true",
      SMTP_URL: sink.url(),
      // The shop whose pages the tests hand the providers: only its origin is taken (ADR 0031).
      STOREFRONT_URL: TEST_STOREFRONT_URL,
    };
    // Started together on the empty database, as a deployment starts them: one migrates and
    // seeds, the other waits for it (a failed start rejects here).
    [a, b] = await Promise.all([startPlatformProcess(env), startPlatformProcess(env)]);
    reader = await openDatabase({ databaseUrl: database.databaseUrl });
    const rows = await reader.db.select({ id: mailOutbox.id }).from(mailOutbox);
    seededMailIds = new Set(rows.map((row) => row.id));
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await reader?.close();
    await database?.drop();
    await sink?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("start together on an empty database: the schema and the seed are made once", async () => {
    const seeded = [a, b].filter((process) => /\bseeded \d/.test(process.output()));
    expect(seeded).toHaveLength(1);
    expect((await a.request("GET", "/health")).status).toBe(200);
    expect((await b.request("GET", "/health")).status).toBe(200);
  });

  it("count failed logins together: the limit holds across both, not twice over", async () => {
    const { email } = SEED_USERS.customer;
    // Twelve wrong passwords at once, six through each process; five may fail, the rest wait.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => logIn(either(i), email, "Wrong-password-1")),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // Blocked on both, even with the right password.
    for (const process of [a, b]) {
      const blocked = await logIn(process, email, SEED_PASSWORD);
      expect(blocked.status).toBe(429);
      expect((blocked.body as unknown as AccountFailure).details).toBe("too many attempts");
    }
  });

  it("run one Idempotency-Key once, whichever process each try reaches, with one answer", async () => {
    const token = await cartWith(a, []);
    const key = randomUUID();
    const add = (process: PlatformProcess) =>
      process.request<ItemAdded & PlatformErrorBody>("POST", "/shopper/sessions/items", {
        token,
        body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
        headers: { "idempotency-key": key },
      });
    // Each try goes on until it has an answer, as a client does after 409 IDEMPOTENCY_KEY_IN_USE.
    const untilAnswered = async (process: PlatformProcess) => {
      for (;;) {
        const answer = await add(process);
        if (answer.status !== 409) return answer;
        expect(answer.body.error).toBe("IDEMPOTENCY_KEY_IN_USE");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => untilAnswered(either(i))),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(answers[0]?.text);
    }
    expect(answers.filter((answer) => !answer.headers.get("idempotent-replayed"))).toHaveLength(1);
    const { body } = await b.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(body.cart.items.map((item) => item.quantity)).toEqual([1]);
    expect(body.cart.revision).toBe(1);
  });

  it("lose no cart change made at once through both, and refuse a checkout the other made stale", async () => {
    const token = await cartWith(a, []);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        either(i).request("POST", "/shopper/sessions/items", {
          token,
          body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const { body } = await b.request<{ cart: Cart }>("GET", "/shopper/sessions", { token });
    expect(body.cart.items.map((item) => item.quantity)).toEqual([10]);
    expect(body.cart.revision).toBe(10);

    // A checkout started through A, the cart changed through B: A refuses to take its payment.
    const ready = await klarnaCheckout(a, {
      lines: [{ variantId: SEED_FIXTURES.simple.variantId, quantity: 1 }],
    });
    const changed = await b.request("POST", "/shopper/sessions/items", {
      token: ready.sessionToken,
      body: { productVariantId: SEED_FIXTURES.simple.variantId, quantity: 1 },
    });
    expect(changed.status).toBe(200);
    expect((await readCheckout(a, ready.checkout.token)).body.checkout.isStale).toBe(true);
    await payAt(a, ready.klarnaOrder);
    expect(await ordersOf(db(), ready.checkout.checkout.id)).toEqual([]);
    const status = await klarnaStatus(a, ready.checkout.token, ready.klarnaOrder);
    expect(status.status).toBe("checkout_incomplete");
    expect(status.error_messages).toEqual(["cart: the cart changed after the checkout started"]);
  });

  it("place one order for a payment confirmed through both at once", async () => {
    const { checkout, klarnaOrder } = await klarnaCheckout(b);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => payAt(either(i), klarnaOrder)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(answers[0]?.location);
    }
    const placed = await ordersOf(db(), checkout.checkout.id);
    expect(placed).toHaveLength(1);
    const confirmations = await reader.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Orderbekräftelse ${placed[0]?.reference}`));
    expect(confirmations).toHaveLength(1);
  });

  it("never sell more than there is to shoppers racing through both for the last units", async () => {
    const { variantId } = SEED_FIXTURES.lowStock;
    await reader.db
      .update(variantStocks)
      .set({ stockQuantity: 3, reservedQuantity: 0 })
      .where(eq(variantStocks.productVariantId, variantId));
    const shoppers = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        klarnaCheckout(either(i), { lines: [{ variantId, quantity: 1 }] }),
      ),
    );
    // Each pays through the process its checkout did not start on.
    await Promise.all(shoppers.map((shopper, i) => payAt(either(i + 1), shopper.klarnaOrder)));
    const placed = await reader.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.checkoutId,
          shoppers.map((shopper) => shopper.checkout.checkout.id),
        ),
      );
    expect(placed).toHaveLength(3);
    expect(await stockOf(db(), variantId)).toBe(0);
    const refused = await Promise.all(
      shoppers
        .filter(
          (shopper) => !placed.some((order) => order.checkoutId === shopper.checkout.checkout.id),
        )
        .map((shopper, i) => klarnaStatus(either(i), shopper.checkout.token, shopper.klarnaOrder)),
    );
    for (const status of refused) expect(status.productVariantIDs).toEqual([variantId]);
  });

  it("draw a gift card's balance once when two checkouts through both use it", async () => {
    const code = "6000000000002000";
    const [first, second] = await Promise.all([klarnaCheckout(a), klarnaCheckout(b)]);
    if (!first || !second) throw new Error("expected two checkouts");
    // The card is applied to both (nothing is drawn then), each through its own process, and
    // each Klarna order updated; the hosted pages take the rest of each total.
    expect((await applyCard(a, first.checkout.token, code, "1234")).status).toBe(204);
    expect((await applyCard(b, second.checkout.token, code, "1234")).status).toBe(204);
    expect((await openKlarnaOrder(a, first.checkout.token)).status).toBe(201);
    expect((await openKlarnaOrder(b, second.checkout.token)).status).toBe(201);
    await Promise.all([payAt(b, first.klarnaOrder), payAt(a, second.klarnaOrder)]);

    const [card] = await reader.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(card?.balance).toBe(0);
    const draws = await reader.db
      .select()
      .from(giftCardDraws)
      .where(eq(giftCardDraws.giftCardCode, code));
    expect(draws.map((draw) => draw.amount)).toEqual([10_000]);
    const placed = await reader.db
      .select()
      .from(orders)
      .where(inArray(orders.checkoutId, [first.checkout.checkout.id, second.checkout.checkout.id]));
    expect(placed.map((order) => order.giftCardTotal)).toEqual([10_000]);
  });

  it("tell the storefronts of either process about a change made through the other", async () => {
    // As two storefront processes do: one listens to A's stream, the other to B's.
    const heard = new Map<PlatformProcess, string[]>([
      [a, []],
      [b, []],
    ]);
    let ready = 0;
    const subscriptions = [a, b].map((process) =>
      subscribeToCacheTags({
        baseUrl: process.url,
        onTags: (tags) => heard.get(process)?.push(...tags),
        onReset: () => {
          ready++;
        },
      }),
    );
    try {
      await until(() => ready === 2);
      // An order placed through A draws stock: B's subscribers must hear of it as A's do.
      const { productParentId, variantId } = SEED_FIXTURES.simple;
      const { klarnaOrder } = await klarnaCheckout(a, { lines: [{ variantId, quantity: 1 }] });
      expect((await payAt(a, klarnaOrder)).status).toBe(303);
      const tag = `stock-${productParentId}`;
      await until(() => [a, b].every((process) => heard.get(process)?.includes(tag)));
    } finally {
      for (const subscription of subscriptions) subscription.close();
    }
  });

  it("send every mail once, whichever worker takes its job", async () => {
    // Mails queued from a third client besides the ones the processes queued above.
    const mailer = createMailer({ db: reader.db, deliver: true, clock: () => new Date() });
    const addresses = Array.from({ length: 30 }, () => `two-${randomUUID()}@example.test`);
    for (const to of addresses) {
      await mailer.send({ to, subject: "Hej", text: "Hej", html: "<p>Hej</p>" });
    }
    let queued: (typeof mailOutbox.$inferSelect)[] = [];
    for (let waited = 0; waited < 20_000; waited += 100) {
      const rows = await reader.db.select().from(mailOutbox);
      queued = rows.filter((row) => !seededMailIds.has(row.id));
      if (queued.every((row) => row.sentAt)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(queued.filter((row) => !row.sentAt)).toEqual([]);
    // The orders above queued mails of their own: every one of them arrived once too.
    expect(queued.length).toBeGreaterThan(addresses.length);
    expect(sink.received).toHaveLength(queued.length);
    const received = sink.received.flatMap((mail) => mail.to);
    for (const to of addresses) {
      expect(received.filter((address) => address === to)).toHaveLength(1);
    }
  });

  async function until(check: () => boolean, timeoutMs = 5000) {
    for (const started = Date.now(); !check(); ) {
      if (Date.now() - started > timeoutMs) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Posts the Klarna hosted page's form to one process, approving the payment. */
  function payAt(process: PlatformProcess, order: KlarnaOrder) {
    const { pathname } = new URL(order.hosted_payment_page_url);
    return pay(`${process.url}${pathname}`, { ...SHOPPER, outcome: "approve" });
  }

  async function klarnaStatus(process: PlatformProcess, checkoutToken: string, order: KlarnaOrder) {
    const { body } = await process.request<KlarnaOrder>(
      "GET",
      `/shopper-kco/orders/${order.order_id}`,
      { token: checkoutToken },
    );
    return body;
  }
});
