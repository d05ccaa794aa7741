import type {
  CustomStateDefinitions,
  ManagementCustomStates,
  ManagementNote,
  ManagementOrder,
  ManagementOrderPage,
  OrderOperation,
  PlatformErrorBody,
} from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_ORGANISATIONS } from "../src/seed/fixtures.js";
import { SEED_ORDER_PLAN, SEED_ORDERS } from "../src/seed/order-plan.js";
import { managementToken } from "./support/oauth.js";
import { copyOfOrder } from "./support/order-flow.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  token = await managementToken(platform);
});

afterAll(async () => {
  await platform?.close();
});

function api<Body>(method: string, path: string, body?: unknown) {
  return platform.request<Body & PlatformErrorBody>(method, `/order${path}`, { token, body });
}

/** A Nordtrade order of the seed with at least two lines: the template of every test's order. */
const template = SEED_ORDER_PLAN.find(
  (plan) => plan.kind === "account" && plan.organisation === "nordtrade" && plan.lines.length >= 2,
)?.id as string;

async function orderOf(id: string): Promise<ManagementOrder> {
  const { status, body } = await api<ManagementOrder>("GET", `/orders/${id}`);
  expect(status).toBe(200);
  return body;
}

/** Creates and starts an operation; answers the start's response. */
async function operate(id: string, kind: string, body: unknown = {}) {
  const created = await api<OrderOperation>("POST", `/orders/${id}/${kind}`, body);
  if (created.status !== 201) return created;
  return api<OrderOperation>("POST", `/orders/${id}/${kind}/${created.body.id}/start`);
}

describe("reading orders", () => {
  it("reads one order with its owner, lines, notes, trail and operations", async () => {
    const order = await orderOf(SEED_ORDERS.customerOrderId);
    expect(order.userId).toBe("usr-kund");
    expect(order.operations).toEqual([]);
    expect(order.events[0]?.kind).toBe("placed");
    expect((await api("GET", "/orders/ord-none")).status).toBe(404);
  });

  it("lists newest first, paged, with every filter", async () => {
    const first = await api<ManagementOrderPage>("GET", "/orders?per_page=5");
    expect(first.body).toMatchObject({ page: 1, per_page: 5, total: SEED_ORDERS.total });
    expect(first.body.total_pages).toBe(Math.ceil(SEED_ORDERS.total / 5));
    const dates = first.body.orders.map((order) => Date.parse(order.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await api<ManagementOrderPage>("GET", "/orders?per_page=5&page=2");
    expect(second.body.orders[0]?.id).not.toBe(first.body.orders[0]?.id);

    const company = await api<ManagementOrderPage>(
      "GET",
      `/orders?per_page=100&merchantReference1=${SEED_ORGANISATIONS.fjallhandel.organisationNumber}`,
    );
    expect(company.body.total).toBe(SEED_ORDERS.byOrganisation.fjallhandel);
    const provorders = await api<ManagementOrderPage>(
      "GET",
      "/orders?merchantReference2=provorder",
    );
    expect(provorders.body.orders.map((order) => order.id).sort()).toEqual(
      [...SEED_ORDERS.provorderIds].sort(),
    );
    const awaiting = await api<ManagementOrderPage>(
      "GET",
      "/orders?customState=awaiting_customer_action",
    );
    expect(awaiting.body.total).toBeGreaterThanOrEqual(SEED_ORDERS.awaitingCustomerAction);
    expect(
      awaiting.body.orders.every((order) =>
        order.status.customStates.some((s) => s.id === "awaiting_customer_action"),
      ),
    ).toBe(true);
    const cancelled = await api<ManagementOrderPage>(
      "GET",
      "/orders?orderState=CANCELLED&per_page=100",
    );
    expect(
      cancelled.body.orders.every((order) => order.status.orderStates.includes("CANCELLED")),
    ).toBe(true);
    const byEmail = await api<ManagementOrderPage>(
      "GET",
      "/orders?email=KUND@kassa.test&per_page=100",
    );
    expect(byEmail.body.total).toBe(SEED_ORDERS.byPlacer.customer);
    const one = await api<ManagementOrderPage>(
      "GET",
      `/orders?reference=${first.body.orders[0]?.reference}`,
    );
    expect(one.body.orders.map((order) => order.id)).toEqual([first.body.orders[0]?.id]);
  });

  it("refuses bad paging and a bad reference with 400", async () => {
    expect((await api("GET", "/orders?per_page=101")).status).toBe(400);
    expect((await api("GET", "/orders?page=0")).status).toBe(400);
    expect((await api("GET", "/orders?reference=abc")).status).toBe(400);
  });

  it("lists the custom-state definitions", async () => {
    const { body } = await api<CustomStateDefinitions>("GET", "/custom-states");
    expect(body.customStates).toEqual([
      expect.objectContaining({
        id: "awaiting_customer_action",
        type: "blocking",
        blocks: ["releases", "deliveries"],
      }),
      expect.objectContaining({ id: "customer_approved", type: "informative", blocks: [] }),
      expect.objectContaining({
        id: "customer_declined",
        type: "blocking",
        blocks: ["releases", "deliveries"],
      }),
    ]);
  });
});

describe("custom states and notes", () => {
  it("adds and removes a custom state once, with the back office in the trail", async () => {
    const { id } = await copyOfOrder(platform, template);
    const added = await api<ManagementCustomStates>(
      "PUT",
      `/orders/${id}/custom-states/awaiting_customer_action`,
    );
    expect(added.body.customStates).toEqual([{ id: "awaiting_customer_action" }]);
    await api("PUT", `/orders/${id}/custom-states/awaiting_customer_action`);
    const removed = await api<ManagementCustomStates>(
      "DELETE",
      `/orders/${id}/custom-states/awaiting_customer_action`,
    );
    expect(removed.body.customStates).toEqual([]);
    const order = await orderOf(id);
    expect(order.events.map((event) => event.kind)).toEqual([
      "custom_state_added",
      "custom_state_removed",
    ]);
    expect(order.events[0]?.actor).toEqual({
      type: "client",
      id: "kassa-back-office",
      name: "kassa-back-office",
      role: "back_office",
    });
    expect((await api("PUT", `/orders/${id}/custom-states/vip`)).status).toBe(400);
    expect((await api("PUT", "/orders/ord-none/custom-states/customer_approved")).status).toBe(404);
  });

  it("adds a note (201), trimmed; an empty one is 400", async () => {
    const { id } = await copyOfOrder(platform, template);
    const note = await api<ManagementNote>("POST", `/orders/${id}/notes`, {
      text: "  Kunden ringde.  ",
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      text: "Kunden ringde.",
      author: { id: "kassa-back-office" },
    });
    expect((await orderOf(id)).notes.map((n) => n.id)).toEqual([note.body.id]);
    expect((await api("POST", `/orders/${id}/notes`, { text: " " })).status).toBe(400);
  });
});

describe("operations: create, then start", () => {
  it("release → partial delivery → the rest → partial compensation → the rest", async () => {
    const { id } = await copyOfOrder(platform, template);
    const released = await operate(id, "releases");
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ kind: "releases", state: "SUCCESS" });
    expect((await orderOf(id)).status.orderStates).toEqual(["RELEASED"]);

    const partly = await operate(id, "deliveries", { lines: [{ position: 0, quantity: 1 }] });
    expect(partly.body).toMatchObject({ state: "SUCCESS", lines: [{ position: 0, quantity: 1 }] });
    expect((await orderOf(id)).status.orderStates).toEqual(["PARTIALLY_DELIVERED"]);

    const rest = await operate(id, "deliveries");
    expect(rest.body.state).toBe("SUCCESS");
    let order = await orderOf(id);
    expect(order.status.orderStates).toEqual(["FULLY_DELIVERED"]);

    const part = await operate(id, "compensations", { amount: 1000 });
    expect(part.body).toMatchObject({ state: "SUCCESS", amount: 1000 });
    order = await orderOf(id);
    expect(order.status.orderStates).toEqual(["FULLY_DELIVERED", "PARTIALLY_COMPENSATED"]);
    expect(order.totals.compensatedTotal).toBe(1000);

    const all = await operate(id, "compensations");
    expect(all.body.amount).toBe(order.totals.grandTotal - 1000);
    order = await orderOf(id);
    expect(order.status.orderStates).toEqual(["FULLY_DELIVERED", "FULLY_COMPENSATED"]);
    expect(order.events.map((event) => [event.kind, event.details.partial ?? null])).toEqual([
      ["released", null],
      ["delivered", true],
      ["delivered", false],
      ["compensated", true],
      ["compensated", false],
    ]);
    expect(order.operations.map((operation) => operation.state)).toEqual([
      "SUCCESS",
      "SUCCESS",
      "SUCCESS",
      "SUCCESS",
      "SUCCESS",
    ]);
  });

  it("awaiting the customer blocks release and delivery, not cancellation; approval unblocks", async () => {
    const { id } = await copyOfOrder(platform, template, {
      customStates: ["awaiting_customer_action"],
    });
    const blocked = await operate(id, "releases");
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      error: "ORDER_OPERATION_REFUSED",
      message: "The custom state awaiting_customer_action blocks releases",
    });
    await api("PUT", `/orders/${id}/custom-states/customer_approved`);
    await api("DELETE", `/orders/${id}/custom-states/awaiting_customer_action`);
    expect((await operate(id, "releases")).status).toBe(200);

    const declined = await copyOfOrder(platform, template, { customStates: ["customer_declined"] });
    expect((await operate(declined.id, "releases")).status).toBe(409);
    expect((await operate(declined.id, "cancellations")).body.state).toBe("SUCCESS");
    expect((await orderOf(declined.id)).status.orderStates).toEqual(["CANCELLED"]);
  });

  it("refuses what the order's state does not allow", async () => {
    const placed = await copyOfOrder(platform, template);
    expect((await operate(placed.id, "deliveries")).status).toBe(409);
    expect((await operate(placed.id, "compensations")).status).toBe(409);
    const delivered = await copyOfOrder(platform, template, { orderStates: ["RELEASED"] });
    await operate(delivered.id, "deliveries", { lines: [{ position: 0, quantity: 1 }] });
    const cancel = await operate(delivered.id, "cancellations");
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(
      "An order that is PARTIALLY_DELIVERED cannot take cancellations",
    );
    const cancelled = await copyOfOrder(platform, template);
    await operate(cancelled.id, "cancellations");
    expect((await operate(cancelled.id, "compensations")).body.state).toBe("SUCCESS");
  });

  it("checks the input: unknown or repeated lines are 400, more than is left is 409", async () => {
    const { id } = await copyOfOrder(platform, template, { orderStates: ["RELEASED"] });
    expect(
      (await api("POST", `/orders/${id}/deliveries`, { lines: [{ position: 99, quantity: 1 }] }))
        .status,
    ).toBe(400);
    expect(
      (
        await api("POST", `/orders/${id}/deliveries`, {
          lines: [
            { position: 0, quantity: 1 },
            { position: 0, quantity: 1 },
          ],
        })
      ).status,
    ).toBe(400);
    expect(
      (await api("POST", `/orders/${id}/deliveries`, { lines: [{ position: 0, quantity: 999 }] }))
        .status,
    ).toBe(409);
    expect((await api("POST", `/orders/${id}/refunds`, {})).status).toBe(404);
  });

  it("starts an operation once; one the order no longer allows ends FAILED, kept with its reason", async () => {
    const { id } = await copyOfOrder(platform, template);
    const release = await api<OrderOperation>("POST", `/orders/${id}/releases`, {});
    expect(release.body.state).toBe("CREATED");
    const cancel = await api<OrderOperation>("POST", `/orders/${id}/cancellations`, {});
    expect((await api("POST", `/orders/${id}/cancellations/${cancel.body.id}/start`)).status).toBe(
      200,
    );
    const late = await api("POST", `/orders/${id}/releases/${release.body.id}/start`);
    expect(late.status).toBe(409);
    const read = await api<OrderOperation>("GET", `/orders/${id}/releases/${release.body.id}`);
    expect(read.body).toMatchObject({
      state: "FAILED",
      failureReason: "An order that is CANCELLED cannot take releases",
    });
    const again = await api("POST", `/orders/${id}/cancellations/${cancel.body.id}/start`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("The operation is SUCCESS already");
    expect((await api("GET", `/orders/${id}/releases/op-none`)).status).toBe(404);
  });
});
