import type { OutboxMail } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformJobHandlers } from "../src/jobs/platform-jobs.js";
import { type JobWorker, startWorker } from "../src/jobs/worker.js";
import { SEED_ORDER_PLAN, SEED_ORDERS } from "../src/seed/order-plan.js";
import { outbox } from "./support/accounts.js";
import { passQueueTime, storedJobs } from "./support/job-queue.js";
import { accessTokenOf, copyOfOrder } from "./support/order-flow.js";
import {
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;
let worker: JobWorker;
let buyer: string;
let consumer: string;

beforeAll(async () => {
  platform = await startTestPlatform({ config: { orderDeskEmail: "orderdesk@kassa.test" } });
  worker = await startWorker({
    db: platform.db,
    clock: platform.clock.clock,
    pollMs: 0,
    handlers: platformJobHandlers({
      orders: { storefrontUrl: TEST_STOREFRONT_URL, orderDeskEmail: "orderdesk@kassa.test" },
    }),
  });
  buyer = await accessTokenOf(platform, "companyBuyer");
  consumer = await accessTokenOf(platform, "customer");
});

afterAll(async () => {
  await worker?.stop();
  await platform?.close();
});

/** A copy of a seeded order, awaiting its customer. */
function awaitingCopyOf(orderId: string): Promise<{ id: string; reference: string }> {
  return copyOfOrder(platform, orderId, { customStates: ["awaiting_customer_action"] });
}

const nordtradeTemplate = SEED_ORDER_PLAN.find(
  (plan) => plan.kind === "account" && plan.organisation === "nordtrade",
)?.id as string;

function brink(token: string, path: string, body: unknown) {
  return platform.request("POST", `/brink/${path}/`, { token, body });
}

/** Lets the queue's 3 s pass and runs what is due. */
async function runQueuedMails(): Promise<void> {
  await passQueueTime(platform.db, 5);
  await worker.runDueJobs();
}

async function mailsAbout(to: string, reference: string): Promise<OutboxMail[]> {
  return (await outbox(platform, to)).filter((mail) => mail.subject.includes(reference));
}

describe("the agents' mail of a customer's decision", () => {
  it("a decline and its reason, sent as three calls, make one mail to the agent, with the reason", async () => {
    const order = await awaitingCopyOf(nordtradeTemplate);
    await brink(buyer, "change-order-custom-state", {
      orderId: order.id,
      stateId: "customer_declined",
      type: "add",
    });
    await brink(buyer, "change-order-custom-state", {
      orderId: order.id,
      stateId: "awaiting_customer_action",
      type: "remove",
    });
    await brink(buyer, "add-order-note", { orderId: order.id, text: "Fel färg på tröjorna." });
    // Queued, but not due before its 3 s.
    expect((await storedJobs(platform.db, "notify-order-agents")).length).toBeGreaterThan(0);
    await worker.runDueJobs();
    expect(await mailsAbout("agent@kassa.test", order.reference)).toEqual([]);

    await runQueuedMails();
    const mails = await mailsAbout("agent@kassa.test", order.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Order ${order.reference}: Nordtrade AB har avböjt ordern`);
    expect(mails[0]?.text).toContain("Ingrid Ek (Nordtrade AB) avböjde order");
    expect(mails[0]?.text).toContain("Anledning:\nFel färg på tröjorna.");
    expect(mails[0]?.text).toContain(`${TEST_STOREFRONT_URL}/my-account/orders/${order.id}`);
    expect(mails[0]?.html).toContain(`href="${TEST_STOREFRONT_URL}/my-account/orders/${order.id}"`);

    // Another run (a retry, a second job of the same burst) sends nothing again.
    await runQueuedMails();
    expect(await mailsAbout("agent@kassa.test", order.reference)).toHaveLength(1);
  });

  it("an approval makes one mail; a change request makes its own, with the text", async () => {
    const approved = await awaitingCopyOf(nordtradeTemplate);
    await brink(buyer, "change-order-custom-state", {
      orderId: approved.id,
      stateId: "customer_approved",
      type: "add",
    });
    const changed = await awaitingCopyOf(nordtradeTemplate);
    await brink(buyer, "add-order-note", {
      orderId: changed.id,
      text: "Storlek L i stället för M.",
    });
    await runQueuedMails();

    const [approval] = await mailsAbout("agent@kassa.test", approved.reference);
    expect(approval?.subject).toBe(`Order ${approved.reference}: Nordtrade AB har godkänt ordern`);
    const [request] = await mailsAbout("agent@kassa.test", changed.reference);
    expect(request?.subject).toBe(`Order ${changed.reference}: Nordtrade AB vill ändra ordern`);
    expect(request?.text).toContain("Önskad ändring:\nStorlek L i stället för M.");
  });

  it("an agent's own note mails nobody", async () => {
    const order = await awaitingCopyOf(nordtradeTemplate);
    await brink(await accessTokenOf(platform, "agent"), "add-order-note", {
      orderId: order.id,
      text: "Ring kunden.",
    });
    await runQueuedMails();
    expect(await mailsAbout("agent@kassa.test", order.reference)).toEqual([]);
  });

  it("a consumer's decision goes to the order desk", async () => {
    const order = await awaitingCopyOf(SEED_ORDERS.customerOrderId);
    await brink(consumer, "change-order-custom-state", {
      orderId: order.id,
      stateId: "customer_approved",
      type: "add",
    });
    await runQueuedMails();
    const [mail] = await mailsAbout("orderdesk@kassa.test", order.reference);
    expect(mail?.subject).toBe(`Order ${order.reference}: Karin Lindqvist har godkänt ordern`);
  });
});
