import type {
  CustomStateChanged,
  OrderNoteAdded,
  OrderSummaries,
  OrderWithAccess,
  PlatformErrorBody,
} from "@kassa/api-client";
import { applyCustomStateChanges, customStateChanges, type OrderDecision } from "@kassa/domain";
import { asc, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, organisationMembers, organisations } from "../src/db/schema.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "../src/seed/fixtures.js";
import { SEED_ORDER_PLAN, SEED_ORDERS } from "../src/seed/order-plan.js";
import { verifiedUser } from "./support/accounts.js";
import { companyPath } from "./support/companies.js";
import { accessTokenOf, copyOfOrder } from "./support/order-flow.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

/** The callers of the matrix (ADR 0012), by their access tokens. */
const tokens: Record<Caller, string> = {} as Record<Caller, string>;
type Caller =
  | "buyer"
  | "otherCompanyCustomer"
  | "agent"
  | "otherAgent"
  | "superAdmin"
  | "consumer"
  | "formerBuyer"
  | "formerAgent"
  | "emailOwner";

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens.buyer = await accessTokenOf(platform, "companyBuyer");
  tokens.otherCompanyCustomer = await accessTokenOf(platform, "finnishCompanyBuyer");
  tokens.agent = await accessTokenOf(platform, "agent");
  tokens.superAdmin = await accessTokenOf(platform, "superAdmin");
  tokens.consumer = await accessTokenOf(platform, "customer");
  // An agent of a company of its own: sees none of the demo companies' orders.
  const other = await verifiedUser(platform);
  await platform.db.insert(organisations).values({
    id: "org-other",
    name: "Annat Bolag AB",
    organisationNumber: "5599887766",
    taxIdVatNumber: "SE559988776601",
    email: "info@annat.test",
  });
  await platform.db
    .insert(organisationMembers)
    .values({ userId: other.user.id, organisationId: "org-other", role: "agent" });
  tokens.otherAgent = other.login.access_token;
});

afterAll(async () => {
  await platform?.close();
});

/** A Nordtrade order of the seed, placed, undecided and not reserved for the browser tests. */
const nordtradeOrder = SEED_ORDER_PLAN.find(
  (plan) =>
    plan.kind === "account" &&
    plan.organisation === "nordtrade" &&
    plan.flow === "PLACED" &&
    plan.customStates.length === 0 &&
    !plan.id.startsWith("ord-seed-decide-"),
)?.id as string;
const fjallhandelOrder = SEED_ORDERS.fjallhandelOrderId;
const consumerOrder = SEED_ORDERS.customerOrderId;

function call<Body>(caller: Caller | null, path: string, body: unknown) {
  return platform.request<{ data: Body } & PlatformErrorBody>("POST", `/brink/${path}/`, {
    token: caller ? tokens[caller] : undefined,
    body,
  });
}

async function referenceOf(orderId: string): Promise<string> {
  const [row] = await platform.db.select().from(orders).where(eq(orders.id, orderId));
  return String(row?.reference);
}

describe("who sees which order (get-order-by-id)", () => {
  const matrix: [Caller, string, string | null][] = [
    ["buyer", "nordtrade", "customer"],
    ["buyer", "fjallhandel", null],
    ["buyer", "consumer", null],
    ["otherCompanyCustomer", "nordtrade", null],
    ["otherCompanyCustomer", "fjallhandel", "customer"],
    ["agent", "nordtrade", "agent"],
    ["agent", "fjallhandel", "agent"],
    ["agent", "consumer", null],
    ["otherAgent", "nordtrade", null],
    ["otherAgent", "fjallhandel", null],
    ["otherAgent", "consumer", null],
    ["superAdmin", "nordtrade", "super_admin"],
    ["superAdmin", "fjallhandel", "super_admin"],
    ["superAdmin", "consumer", "super_admin"],
    ["consumer", "consumer", "customer"],
    ["consumer", "nordtrade", null],
  ];
  const ids: Record<string, string> = {
    nordtrade: nordtradeOrder,
    fjallhandel: fjallhandelOrder,
    consumer: consumerOrder,
  };

  it.each(matrix)("%s → %s order: %s", async (caller, which, access) => {
    const { status, body } = await call<OrderWithAccess>(caller, "get-order-by-id", {
      orderId: ids[which],
    });
    if (access === null) {
      expect(status).toBe(404);
      expect(body.error).toBe("order not found");
    } else {
      expect(status).toBe(200);
      expect(body.data.access).toBe(access);
      expect(body.data.order.id).toBe(ids[which]);
    }
  });

  it("answers an unknown order the same 404, and no token 401", async () => {
    expect((await call(null, "get-order-by-id", { orderId: nordtradeOrder })).status).toBe(401);
    const unknown = await call("superAdmin", "get-order-by-id", { orderId: "ord-none" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("order not found");
  });

  it("reads the whole order: lines with image URLs, totals, notes, the audit trail, the company", async () => {
    const { body } = await call<OrderWithAccess>("buyer", "get-order-by-id", {
      orderId: nordtradeOrder,
    });
    const { order } = body.data;
    expect(order.lines.length).toBeGreaterThan(0);
    expect(order.lines[0]?.imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/products\//);
    expect(order.company).toEqual({
      id: SEED_ORGANISATIONS.nordtrade.id,
      name: SEED_ORGANISATIONS.nordtrade.name,
      organisationNumber: SEED_ORGANISATIONS.nordtrade.organisationNumber,
    });
    expect(order.events[0]?.kind).toBe("placed");
    expect(order.attributes.merchantReference1).toBe(
      SEED_ORGANISATIONS.nordtrade.organisationNumber,
    );
    expect(order.totals.grandTotal).toBeGreaterThan(0);
  });
});

describe("lookups answer only what the caller may see", () => {
  it("by email: one's own (a super admin: anyone's); another's is 403", async () => {
    const own = await call<OrderSummaries>("consumer", "get-orders-by-email", {
      email: SEED_USERS.customer.email,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.orderSummaries).toHaveLength(SEED_ORDERS.byPlacer.customer);
    expect(
      (await call("consumer", "get-orders-by-email", { email: SEED_USERS.companyBuyer.email }))
        .status,
    ).toBe(403);
    const admin = await call<OrderSummaries>("superAdmin", "get-orders-by-email", {
      email: SEED_USERS.customer.email.toUpperCase(),
    });
    expect(admin.body.data.orderSummaries).toHaveLength(SEED_ORDERS.byPlacer.customer);
  });

  it("ref1: a company's orders for its customers and agents (and super admins), newest first", async () => {
    const number = SEED_ORGANISATIONS.nordtrade.organisationNumber;
    for (const caller of ["buyer", "agent", "superAdmin"] as const) {
      const { status, body } = await call<OrderSummaries>(caller, "get-orders-by-ref", {
        ref: number,
        source: "ref1",
      });
      expect(status).toBe(200);
      const summaries = body.data.orderSummaries;
      expect(summaries.length).toBeGreaterThanOrEqual(SEED_ORDERS.byOrganisation.nordtrade);
      const dates = summaries.map((summary) => Date.parse(summary.date));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    }
    for (const caller of ["otherCompanyCustomer", "otherAgent", "consumer"] as const) {
      expect(
        (await call(caller, "get-orders-by-ref", { ref: number, source: "ref1" })).status,
      ).toBe(403);
    }
  });

  it("ref1 with an email narrows to the orders placed with it", async () => {
    const { body } = await call<OrderSummaries>("buyer", "get-orders-by-ref", {
      ref: SEED_ORGANISATIONS.nordtrade.organisationNumber,
      source: "ref1",
      email: SEED_USERS.companyBuyer.email,
    });
    expect(body.data.orderSummaries.length).toBeGreaterThanOrEqual(
      SEED_ORDERS.byPlacer.companyBuyer,
    );
    expect(body.data.orderSummaries.length).toBeLessThan(SEED_ORDERS.byOrganisation.nordtrade);
  });

  it("ref2: one's own orders by user id; another's is 403", async () => {
    const own = await call<OrderSummaries>("buyer", "get-orders-by-ref", {
      ref: SEED_USERS.companyBuyer.id,
      source: "ref2",
    });
    expect(own.body.data.orderSummaries.length).toBeGreaterThanOrEqual(
      SEED_ORDERS.byPlacer.companyBuyer,
    );
    expect(
      (
        await call("buyer", "get-orders-by-ref", {
          ref: SEED_USERS.companyAdmin.id,
          source: "ref2",
        })
      ).status,
    ).toBe(403);
  });

  it("order: finds an order by number only when the caller may see it", async () => {
    const reference = await referenceOf(fjallhandelOrder);
    const found = await call<OrderSummaries>("agent", "get-orders-by-ref", {
      ref: reference,
      source: "order",
    });
    expect(found.body.data.orderSummaries.map((summary) => summary.id)).toEqual([fjallhandelOrder]);
    const hidden = await call<OrderSummaries>("buyer", "get-orders-by-ref", {
      ref: reference,
      source: "order",
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.orderSummaries).toEqual([]);
  });

  it("summaries carry the C§3 fields, the company and the provorder reference", async () => {
    const { body } = await call<OrderSummaries>("superAdmin", "get-orders-by-ref", {
      ref: SEED_ORGANISATIONS.nordtrade.organisationNumber,
    });
    const provorder = body.data.orderSummaries.find(
      (summary) => summary.id === SEED_ORDERS.provorderIds[0],
    );
    expect(provorder).toMatchObject({
      reference: expect.stringMatching(/^\d+$/),
      status: { orderStates: expect.any(Array), customStates: expect.any(Array) },
      attributes: { merchantReference2: "provorder" },
      totals: { grandTotal: expect.any(Number) },
      company: { id: SEED_ORGANISATIONS.nordtrade.id },
    });
  });
});

describe("custom states (C§4, C§6)", () => {
  /** A fresh order of Nordtrade awaiting its customer, so each test starts from the same state. */
  async function awaitingOrder(customStates = ["awaiting_customer_action"]): Promise<string> {
    return (await copyOfOrder(platform, nordtradeOrder, { customStates })).id;
  }

  function change(caller: Caller, orderId: string, stateId: string, type: "add" | "remove") {
    return call<CustomStateChanged>(caller, "change-order-custom-state", {
      orderId,
      stateId,
      type,
    });
  }

  it("only the customer may approve or decline; agents and super admins get 403, others 404", async () => {
    const orderId = await awaitingOrder();
    for (const stateId of ["customer_approved", "customer_declined"]) {
      expect((await change("agent", orderId, stateId, "add")).status).toBe(403);
      expect((await change("superAdmin", orderId, stateId, "add")).status).toBe(403);
      expect((await change("otherCompanyCustomer", orderId, stateId, "add")).status).toBe(404);
      expect((await change("otherAgent", orderId, stateId, "add")).status).toBe(404);
    }
    const forbidden = await change("agent", orderId, "customer_approved", "add");
    expect(forbidden.body.message).toBe("Only the customer may decide on this order");
    const [row] = await platform.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.customStates).toEqual(["awaiting_customer_action"]);
  });

  it("agents and super admins ask for a decision; a customer may not ask themselves", async () => {
    const orderId = await awaitingOrder();
    expect((await change("agent", orderId, "awaiting_customer_action", "remove")).status).toBe(200);
    expect((await change("buyer", orderId, "awaiting_customer_action", "add")).status).toBe(403);
    const asked = await change("superAdmin", orderId, "awaiting_customer_action", "add");
    expect(asked.body.data.customStates).toEqual([{ id: "awaiting_customer_action" }]);
  });

  it.each<OrderDecision>(["approve", "decline"])(
    "%s: the domain's changes, sent one by one, give C§4's states and one audit entry each",
    async (decision) => {
      const orderId = await awaitingOrder();
      const changes = customStateChanges(decision, ["awaiting_customer_action"]);
      let last: CustomStateChanged | undefined;
      for (const step of changes) {
        const { status, body } = await change("buyer", orderId, step.stateId, step.type);
        expect(status).toBe(200);
        last = body.data;
      }
      const expected = applyCustomStateChanges(["awaiting_customer_action"], changes);
      expect(last?.customStates.map((state) => state.id)).toEqual(expected);
      const trail = await platform.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.position));
      expect(trail.map((event) => [event.kind, event.details.stateId])).toEqual(
        changes.map((step) => [
          step.type === "add" ? "custom_state_added" : "custom_state_removed",
          step.stateId,
        ]),
      );
      expect(trail[0]?.actor).toMatchObject({ id: SEED_USERS.companyBuyer.id, role: "customer" });

      // Repeating the decision changes nothing and leaves no entry.
      for (const step of changes) await change("buyer", orderId, step.stateId, step.type);
      const after = await platform.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId));
      expect(after).toHaveLength(trail.length);
    },
  );

  it("a customer decides only while the order awaits them: otherwise 409, nothing changed", async () => {
    const notAsked = await awaitingOrder([]);
    const refused = await change("buyer", notAsked, "customer_approved", "add");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("ORDER_NOT_AWAITING_CUSTOMER");

    // The question is cleared only by a decision, not on its own.
    const asked = await awaitingOrder();
    expect((await change("buyer", asked, "awaiting_customer_action", "remove")).status).toBe(409);

    // Once approved, the order no longer awaits: declining afterwards is refused.
    for (const step of customStateChanges("approve", ["awaiting_customer_action"])) {
      expect((await change("buyer", asked, step.stateId, step.type)).status).toBe(200);
    }
    expect((await change("buyer", asked, "customer_declined", "add")).status).toBe(409);
    expect((await change("buyer", asked, "customer_approved", "remove")).status).toBe(409);
    const [row] = await platform.db.select().from(orders).where(eq(orders.id, asked));
    expect(row?.customStates).toEqual(["customer_approved"]);
  });

  it("refuses an unknown state with 400 and a malformed body with 400", async () => {
    const orderId = await awaitingOrder();
    expect((await change("buyer", orderId, "vip", "add")).status).toBe(403);
    expect((await change("agent", orderId, "vip", "add")).status).toBe(400);
    expect(
      (
        await call("buyer", "change-order-custom-state", {
          orderId,
          stateId: "customer_approved",
          type: "toggle",
        })
      ).status,
    ).toBe(400);
  });
});

describe("notes", () => {
  it("a note from anyone who sees the order is kept, with its author and an audit entry", async () => {
    const added = await call<OrderNoteAdded>("buyer", "add-order-note", {
      orderId: nordtradeOrder,
      text: "  Leverera efter kl 10, tack.  ",
    });
    expect(added.status).toBe(200);
    expect(added.body.data.note).toMatchObject({
      text: "Leverera efter kl 10, tack.",
      author: { id: SEED_USERS.companyBuyer.id, role: "customer", name: "Ingrid Ek" },
    });
    const { body } = await call<OrderWithAccess>("agent", "get-order-by-id", {
      orderId: nordtradeOrder,
    });
    expect(body.data.order.notes.at(-1)?.id).toBe(added.body.data.note.id);
    expect(body.data.order.events.at(-1)).toMatchObject({
      kind: "note_added",
      details: { noteId: added.body.data.note.id },
    });
  });

  it("refuses an empty or overlong note with 400, and another company's order with 404", async () => {
    expect(
      (await call("buyer", "add-order-note", { orderId: nordtradeOrder, text: "   " })).status,
    ).toBe(400);
    expect(
      (await call("buyer", "add-order-note", { orderId: nordtradeOrder, text: "x".repeat(2001) }))
        .status,
    ).toBe(400);
    expect(
      (await call("buyer", "add-order-note", { orderId: fjallhandelOrder, text: "Hej" })).status,
    ).toBe(404);
  });
});

/**
 * Issue 28: rights come from the memberships stored now, never from having placed an order or
 * from its email (ADR 0012's addendum). A buyer and an agent who each placed a Nordtrade order and
 * were then removed by the company's admin; a verified user whose address other people typed.
 */
describe("rights come from current memberships only (issue 28)", () => {
  const ids = {} as Record<
    | "formerBuyersOrder"
    | "formerAgentsOrder"
    | "companyOrderWithOthersEmail"
    | "accountOrderWithOthersEmail"
    | "guestOrderWithEmail",
    string
  >;
  const emails = {} as Record<"formerBuyer" | "formerAgent" | "emailOwner", string>;
  const userIds = {} as Record<"formerBuyer" | "formerAgent" | "emailOwner", string>;

  /** A copy of a seeded order, as placed by `userId` with `email`. */
  async function orderOf(template: string, userId: string | null, email: string) {
    const { id } = await copyOfOrder(platform, template, {
      customStates: ["awaiting_customer_action"],
    });
    await platform.db.update(orders).set({ userId, email }).where(eq(orders.id, id));
    return id;
  }

  beforeAll(async () => {
    const nordtrade = SEED_ORGANISATIONS.nordtrade.id;
    for (const caller of ["formerBuyer", "formerAgent", "emailOwner"] as const) {
      const { user, payload, login } = await verifiedUser(platform);
      tokens[caller] = login.access_token;
      emails[caller] = payload.email.toLowerCase();
      userIds[caller] = user.id;
    }
    await platform.db.insert(organisationMembers).values([
      { userId: userIds.formerBuyer, organisationId: nordtrade, role: "customer" },
      { userId: userIds.formerAgent, organisationId: nordtrade, role: "agent" },
    ]);
    ids.formerBuyersOrder = await orderOf(nordtradeOrder, userIds.formerBuyer, emails.formerBuyer);
    ids.formerAgentsOrder = await orderOf(nordtradeOrder, userIds.formerAgent, emails.formerAgent);
    // A Nordtrade buyer typed the stranger's address at checkout; so did the consumer; and a
    // guest (no account placed the order).
    ids.companyOrderWithOthersEmail = await orderOf(
      nordtradeOrder,
      SEED_USERS.companyBuyer.id,
      emails.emailOwner,
    );
    ids.accountOrderWithOthersEmail = await orderOf(
      consumerOrder,
      SEED_USERS.customer.id,
      emails.emailOwner,
    );
    ids.guestOrderWithEmail = await orderOf(consumerOrder, null, emails.emailOwner);

    // Members still: they see their orders. Then the admin removes them, as in the probe.
    const members = [
      ["formerBuyer", ids.formerBuyersOrder, "customer"],
      ["formerAgent", ids.formerAgentsOrder, "agent"],
    ] as const;
    for (const [caller, orderId, access] of members) {
      const before = await call<OrderWithAccess>(caller, "get-order-by-id", { orderId });
      expect(before.body.data.access).toBe(access);
    }
    const admin = await accessTokenOf(platform, "companyAdmin");
    for (const caller of ["formerBuyer", "formerAgent"] as const) {
      const removed = await platform.request(
        "DELETE",
        companyPath(nordtrade, `users/${encodeURIComponent(userIds[caller])}/`),
        { token: admin },
      );
      expect(removed.status).toBe(200);
    }
  });

  const matrix: [Caller, keyof typeof ids, string | null][] = [
    ["formerBuyer", "formerBuyersOrder", null],
    ["formerAgent", "formerAgentsOrder", null],
    ["buyer", "formerBuyersOrder", "customer"],
    ["agent", "formerAgentsOrder", "agent"],
    ["emailOwner", "companyOrderWithOthersEmail", null],
    ["emailOwner", "accountOrderWithOthersEmail", null],
    ["emailOwner", "guestOrderWithEmail", "customer"],
    ["consumer", "accountOrderWithOthersEmail", "customer"],
    ["consumer", "guestOrderWithEmail", null],
    ["buyer", "companyOrderWithOthersEmail", "customer"],
    ["superAdmin", "formerBuyersOrder", "super_admin"],
    ["superAdmin", "companyOrderWithOthersEmail", "super_admin"],
    ["superAdmin", "guestOrderWithEmail", "super_admin"],
  ];

  it.each(matrix)("%s → %s: %s", async (caller, which, access) => {
    const { status, body } = await call<OrderWithAccess>(caller, "get-order-by-id", {
      orderId: ids[which],
    });
    if (access === null) {
      expect(status).toBe(404);
      expect(body.error).toBe("order not found");
    } else {
      expect(status).toBe(200);
      expect(body.data.access).toBe(access);
    }
  });

  it("a removed member's token neither asks nor withdraws the question, nor writes a note: 404", async () => {
    for (const [caller, orderId] of [
      ["formerBuyer", ids.formerBuyersOrder],
      ["formerAgent", ids.formerAgentsOrder],
      ["formerAgent", nordtradeOrder],
    ] as const) {
      for (const type of ["remove", "add", "remove"] as const) {
        const changed = await call(caller, "change-order-custom-state", {
          orderId,
          stateId: "awaiting_customer_action",
          type,
        });
        expect(changed.status).toBe(404);
      }
      expect((await call(caller, "add-order-note", { orderId, text: "Hej" })).status).toBe(404);
    }
    const [row] = await platform.db
      .select()
      .from(orders)
      .where(eq(orders.id, ids.formerBuyersOrder));
    expect(row?.customStates).toEqual(["awaiting_customer_action"]);
    const trail = await platform.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, ids.formerBuyersOrder));
    expect(trail).toEqual([]);
  });

  it("lookups by one's email, user id or the order number answer none of a former company's orders", async () => {
    const number = await referenceOf(ids.formerBuyersOrder);
    const answers = [
      await call<OrderSummaries>("formerBuyer", "get-orders-by-email", {
        email: emails.formerBuyer,
      }),
      await call<OrderSummaries>("formerBuyer", "get-orders-by-ref", {
        ref: userIds.formerBuyer,
        source: "ref2",
      }),
      await call<OrderSummaries>("formerBuyer", "get-orders-by-ref", {
        ref: number,
        source: "order",
      }),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.data.orderSummaries).toEqual([]);
    }
    const ref1 = await call("formerBuyer", "get-orders-by-ref", {
      ref: SEED_ORGANISATIONS.nordtrade.organisationNumber,
      source: "ref1",
    });
    expect(ref1.status).toBe(403);
  });

  it("by email: the guest's order only; a super admin finds all three", async () => {
    const own = await call<OrderSummaries>("emailOwner", "get-orders-by-email", {
      email: emails.emailOwner,
    });
    expect(own.body.data.orderSummaries.map((summary) => summary.id)).toEqual([
      ids.guestOrderWithEmail,
    ]);
    const admin = await call<OrderSummaries>("superAdmin", "get-orders-by-email", {
      email: emails.emailOwner,
    });
    expect(admin.body.data.orderSummaries.map((summary) => summary.id).sort()).toEqual(
      [
        ids.companyOrderWithOthersEmail,
        ids.accountOrderWithOthersEmail,
        ids.guestOrderWithEmail,
      ].sort(),
    );
  });

  it("the lookups and get-order-by-id agree on every order of these callers", async () => {
    const whom: [Caller, { id: string; email: string }][] = [
      ...(["formerBuyer", "formerAgent", "emailOwner"] as const).map(
        (caller): [Caller, { id: string; email: string }] => [
          caller,
          { id: userIds[caller], email: emails[caller] },
        ],
      ),
      ["consumer", SEED_USERS.customer],
      ["buyer", SEED_USERS.companyBuyer],
    ];
    for (const [caller, { id, email }] of whom) {
      const listed = new Set<string>();
      for (const [path, body] of [
        ["get-orders-by-email", { email }],
        ["get-orders-by-ref", { ref: id, source: "ref2" }],
      ] as const) {
        const { body: answer } = await call<OrderSummaries>(caller, path, body);
        for (const summary of answer.data.orderSummaries) listed.add(summary.id);
      }
      const mine = await platform.db
        .select({ id: orders.id })
        .from(orders)
        .where(or(eq(orders.email, email), eq(orders.userId, id)));
      for (const { id: orderId } of mine) {
        const byId = await call(caller, "get-order-by-id", { orderId });
        expect([caller, orderId, listed.has(orderId)]).toEqual([
          caller,
          orderId,
          byId.status === 200,
        ]);
      }
    }
  });
});
