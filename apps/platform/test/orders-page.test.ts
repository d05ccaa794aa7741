import type {
  OrderSummaries,
  OrderSummary,
  OrdersPage,
  PlatformErrorBody,
} from "@kassa/api-client";
import {
  filterOrderSummaries,
  mergeOrderSummaries,
  type OrderLookup,
  type OrderStatusFilter,
  orderLookupsFor,
  pageOfList,
} from "@kassa/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatesMatch, orders } from "../src/db/schema.js";
import { addBulkOrders } from "../src/seed/bulk-orders.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "../src/seed/fixtures.js";
import { SEED_ORDERS } from "../src/seed/order-plan.js";
import { accessTokenOf } from "./support/order-flow.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/**
 * `POST /brink/get-orders-page/` (issue 32): one page of the order list, merged, de-duplicated,
 * filtered, counted and paged in the database. Held to what the storefront did with the single
 * lookups (merge in `@kassa/domain`), and to their rights.
 */

let platform: TestPlatform;
type Caller = "buyer" | "admin" | "agent" | "finnishBuyer" | "superAdmin" | "consumer";
const tokens = {} as Record<Caller, string>;

beforeAll(async () => {
  platform = await startTestPlatform();
  tokens.buyer = await accessTokenOf(platform, "companyBuyer");
  tokens.admin = await accessTokenOf(platform, "companyAdmin");
  tokens.agent = await accessTokenOf(platform, "agent");
  tokens.finnishBuyer = await accessTokenOf(platform, "finnishCompanyBuyer");
  tokens.superAdmin = await accessTokenOf(platform, "superAdmin");
  tokens.consumer = await accessTokenOf(platform, "customer");
});

afterAll(async () => {
  await platform?.close();
});

function call<Body>(caller: Caller, path: string, body: unknown) {
  return platform.request<{ data: Body } & PlatformErrorBody>("POST", `/brink/${path}/`, {
    token: tokens[caller],
    body,
  });
}

async function page(caller: Caller, body: Record<string, unknown>): Promise<OrdersPage> {
  const { status, body: answer } = await call<OrdersPage>(caller, "get-orders-page", body);
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer.data;
}

/** What the storefront did before: each lookup on its own (403 as nothing), merged in the domain. */
async function singleLookups(caller: Caller, lookups: OrderLookup[]): Promise<OrderSummary[]> {
  const answers = await Promise.all(
    lookups.map(async (lookup) => {
      const { status, body } =
        lookup.source === "email"
          ? await call<OrderSummaries>(caller, "get-orders-by-email", { email: lookup.email })
          : await call<OrderSummaries>(caller, "get-orders-by-ref", lookup);
      return status === 200 ? body.data.orderSummaries : [];
    }),
  );
  return mergeOrderSummaries(answers);
}

const nordtrade = SEED_ORGANISATIONS.nordtrade;
const fjallhandel = SEED_ORGANISATIONS.fjallhandel;
const organisationsOf = {
  buyer: [{ id: nordtrade.id, organisation_number: nordtrade.organisationNumber }],
  agent: [
    { id: nordtrade.id, organisation_number: nordtrade.organisationNumber },
    { id: fjallhandel.id, organisation_number: fjallhandel.organisationNumber },
  ],
};
const buyerLookups = orderLookupsFor(
  {
    id: SEED_USERS.companyBuyer.id,
    email: SEED_USERS.companyBuyer.email,
    organisations: organisationsOf.buyer,
  },
  {},
);
const agentLookups = orderLookupsFor(
  { id: SEED_USERS.agent.id, email: SEED_USERS.agent.email, organisations: organisationsOf.agent },
  {},
);

describe("one page of the merged lookups (C§4)", () => {
  it("answers the rows the single lookups' merge had, page by page, each order once", async () => {
    for (const [caller, lookups] of [
      ["buyer", buyerLookups],
      ["agent", agentLookups],
    ] as const) {
      const merged = await singleLookups(caller, lookups);
      // The buyer's own Nordtrade orders are found by ref2, email and ref1: de-duplicated.
      expect(merged.length).toBeGreaterThan(40);
      const first = await page(caller, { lookups, pageSize: 20 });
      expect(first.total).toBe(merged.length);
      expect(first.totalPages).toBe(Math.ceil(merged.length / 20));
      expect(first.hasOrders).toBe(true);
      expect(first.refused).toEqual([]);
      const ids: string[] = [];
      for (let number = 1; number <= first.totalPages; number++) {
        const shown = await page(caller, { lookups, page: number, pageSize: 20 });
        expect(shown.page).toBe(number);
        ids.push(...shown.orderSummaries.map((summary) => summary.id));
      }
      expect(ids).toEqual(merged.map((summary) => summary.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("answers the summaries as the lookups do, and a page past the last as the last", async () => {
    const merged = await singleLookups("buyer", buyerLookups);
    const last = await page("buyer", { lookups: buyerLookups, page: 999, pageSize: 20 });
    const expected = pageOfList(merged, 999, 20);
    expect(last.page).toBe(expected.page);
    expect(last.orderSummaries).toEqual(expected.items);
  });

  it.each<[OrderStatusFilter, string | undefined, boolean]>([
    ["DELIVERED", undefined, false],
    ["FULLY_COMPENSATED", undefined, false],
    ["CANCELLED", undefined, true],
    ["PLACED", "1", false],
    ["ALL", "10", true],
    ["ALL", " 1 0 0 ", false],
  ])(
    "status %s, search %s, company filter %s: the same rows as filtering the merge",
    async (status, q, company) => {
      const merged = await singleLookups("agent", agentLookups);
      const expected = filterOrderSummaries(merged, {
        status,
        q,
        companyId: company ? fjallhandel.id : undefined,
      });
      const shown = await page("agent", {
        lookups: agentLookups,
        status,
        ...(q ? { q } : {}),
        ...(company ? { companyId: fjallhandel.id } : {}),
        pageSize: 100,
      });
      expect(shown.total).toBe(expected.length);
      expect(shown.orderSummaries.map((summary) => summary.id)).toEqual(
        expected.slice(0, 100).map((summary) => summary.id),
      );
      expect(shown.hasOrders).toBe(true);
    },
  );

  it("a search finds the order numbers that begin with the digits typed, not those that hold them further in", async () => {
    const merged = await singleLookups("agent", agentLookups);
    const reference = merged[0]!.reference;
    const start = await page("agent", {
      lookups: agentLookups,
      q: reference.slice(0, 4),
      pageSize: 100,
    });
    expect(start.orderSummaries.map((summary) => summary.reference)).toContain(reference);
    const whole = await page("agent", { lookups: agentLookups, q: reference });
    expect(whole.orderSummaries.map((summary) => summary.reference)).toEqual([reference]);
    const inside = await page("agent", {
      lookups: agentLookups,
      q: reference.slice(2),
      pageSize: 100,
    });
    expect(inside.orderSummaries.map((summary) => summary.reference)).not.toContain(reference);
    for (const q of ["0", `0${reference}`, "12345678901234567"]) {
      expect((await page("agent", { lookups: agentLookups, q })).total, q).toBe(0);
    }
  });

  it("a search that matches nothing: no rows, but the user has orders (the 'no match' state)", async () => {
    const shown = await page("buyer", { lookups: buyerLookups, q: "99999999" });
    expect(shown).toMatchObject({ total: 0, totalPages: 1, page: 1, hasOrders: true });
    expect(shown.orderSummaries).toEqual([]);
  });
});

describe("each lookup is allowed as its own call is", () => {
  it("a company the caller is not a member of is refused and adds nothing", async () => {
    const fjallhandelRef = { source: "ref1", ref: fjallhandel.organisationNumber } as const;
    const own = await page("buyer", { lookups: buyerLookups });
    const withOther = await page("buyer", { lookups: [...buyerLookups, fjallhandelRef] });
    expect(withOther.refused).toEqual([buyerLookups.length]);
    expect(withOther.total).toBe(own.total);
    const only = await page("buyer", { lookups: [fjallhandelRef] });
    expect(only).toMatchObject({ total: 0, hasOrders: false, refused: [0] });
    // Its members and a super admin may.
    expect((await page("finnishBuyer", { lookups: [fjallhandelRef] })).total).toBe(
      SEED_ORDERS.byOrganisation.fjallhandel,
    );
    expect((await page("superAdmin", { lookups: [fjallhandelRef] })).refused).toEqual([]);
  });

  it("another's email or user id is refused; a company filter to another company shows nothing", async () => {
    const other = await page("buyer", {
      lookups: [
        { source: "email", email: SEED_USERS.customer.email },
        { source: "ref2", ref: SEED_USERS.companyAdmin.id },
      ],
    });
    expect(other).toMatchObject({ total: 0, refused: [0, 1], hasOrders: false });
    const filtered = await page("buyer", { lookups: buyerLookups, companyId: fjallhandel.id });
    expect(filtered).toMatchObject({ total: 0, hasOrders: true });
  });

  it("an order number finds only an order the caller may see", async () => {
    const [row] = await platform.db
      .select({ reference: orders.reference })
      .from(orders)
      .where(eq(orders.id, SEED_ORDERS.fjallhandelOrderId));
    const lookups = [{ source: "order", ref: String(row?.reference) }];
    expect((await page("buyer", { lookups })).total).toBe(0);
    const found = await page("superAdmin", { lookups });
    expect(found.orderSummaries.map((summary) => summary.id)).toEqual([
      SEED_ORDERS.fjallhandelOrderId,
    ]);
  });

  it("refuses a malformed body with 400, and answers no token 401", async () => {
    for (const body of [
      { lookups: [] },
      { lookups: buyerLookups, pageSize: 101 },
      { lookups: buyerLookups, status: "SOMETIMES" },
      { lookups: [{ source: "ref9", ref: "x" }] },
    ]) {
      expect((await call("buyer", "get-orders-page", body)).status).toBe(400);
    }
    const anonymous = await platform.request("POST", "/brink/get-orders-page/", {
      body: { lookups: buyerLookups },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("a big company's history (KASSA_SEED_BULK_ORDERS)", () => {
  it("gives Nordtrade older orders up to the number, once, and the page still counts them all", async () => {
    const before = await page("buyer", { lookups: buyerLookups });
    const added = await addBulkOrders(platform.db, 1500);
    expect(added.total).toBe(1500);
    expect(added.added).toBe(1500 - SEED_ORDERS.byOrganisation.nordtrade);
    expect((await addBulkOrders(platform.db, 1500)).added).toBe(0);
    const nordtradeOnly = [{ source: "ref1", ref: nordtrade.organisationNumber }];
    const all = await page("admin", { lookups: nordtradeOnly, pageSize: 20 });
    expect(all.total).toBe(1500);
    expect(all.totalPages).toBe(75);
    // Older than the demo's orders: the first page is the same as before.
    const after = await page("buyer", { lookups: buyerLookups });
    expect(after.orderSummaries).toEqual(before.orderSummaries);
    expect(after.total).toBe(1500);
    const last = await page("admin", { lookups: nordtradeOnly, page: 75 });
    const dates = last.orderSummaries.map((summary) => summary.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.at(-1)! < "2019-02-01").toBe(true);
    const delivered = await page("admin", { lookups: nordtradeOnly, status: "DELIVERED" });
    expect(delivered.total).toBeGreaterThan(1000);
    expect(delivered.total).toBeLessThan(1500);

    // A filtered list reads the filter's own index (only the orders it matches), not every
    // order of the company tested against the filter.
    await platform.db.execute(sql`analyze orders`);
    const plan = (await platform.db.execute(
      sql`explain select count(*) from ${orders} where ${orders.organisationId} = ${nordtrade.id} and ${orderStatesMatch(orders.orderStates, "CANCELLED")}`,
    )) as unknown as { rows: Record<string, string>[] };
    expect(plan.rows.map((row) => Object.values(row)[0]).join("\n")).toMatch(
      /Index Only Scan using orders_\w+_cancelled_idx/,
    );
  });
});
