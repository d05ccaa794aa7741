import type { OrdersPage } from "@kassa/api-client";
import {
  cleanOrganisationNumber,
  MAX_ORDER_PAGE_LOOKUPS,
  MAX_ORDER_PAGE_SIZE,
  MAX_ORDER_SEARCH_LENGTH,
  ORDER_LIST_PAGE_SIZE,
  ORDER_STATUS_FILTERS,
} from "@kassa/domain";
import { and, between, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { orderStatesMatch, orders, organisations } from "../../db/schema.js";
import { type OrderViewer, visibleOrdersWhere } from "./order-access.js";
import { readOrderSummaries } from "./order-read.js";

/**
 * The order list's page (`POST /brink/get-orders-page/`, issue 32): C§4's lookups (ref2, email,
 * each company's ref1, the order number) merged and de-duplicated in one query, filtered, counted
 * and paged there, so a page costs the same for a company with 100 orders as for one with 10,000.
 * Each lookup is allowed or refused exactly as its single call (`get-orders-by-email`,
 * `get-orders-by-ref`) does; a refused one adds nothing, as its 403 added nothing to the list.
 */

const email = z.string().trim().toLowerCase().min(1).max(254);
const ref = z.string().trim().min(1).max(100);

const lookup = z.discriminatedUnion("source", [
  z.object({ source: z.literal("email"), email }),
  z.object({ source: z.literal("ref1"), ref, email: email.optional() }),
  z.object({ source: z.literal("ref2"), ref }),
  z.object({ source: z.literal("order"), ref }),
]);

export const ordersPageBody = z.object({
  lookups: z.array(lookup).min(1).max(MAX_ORDER_PAGE_LOOKUPS),
  status: z.enum(ORDER_STATUS_FILTERS).default("ALL"),
  companyId: z.string().trim().min(1).max(100).optional(),
  q: z.string().max(MAX_ORDER_SEARCH_LENGTH).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_ORDER_PAGE_SIZE).default(ORDER_LIST_PAGE_SIZE),
});

export type OrdersPageInput = z.output<typeof ordersPageBody>;
type Lookup = OrdersPageInput["lookups"][number];

/**
 * Each lookup as a condition on `orders`: the rows its single call answers. `refused` where that
 * call answers 403; null where it answers nothing without asking (an order number that is none).
 */
async function conditionsOf(
  db: Database,
  who: OrderViewer,
  lookups: readonly Lookup[],
): Promise<(SQL | null | "refused")[]> {
  const { user } = who;
  const visible = visibleOrdersWhere(who);
  const memberOf = [...who.memberships.keys()];
  const ofMyCompanies = memberOf.length > 0 ? inArray(orders.organisationId, memberOf) : undefined;
  // visibleOrdersWhere narrowed to a lookup's own key (the same orders: an order placed by the
  // viewer, or with their email, is theirs unless it is a company's they are no member of). The
  // plain form in every branch and its negation made the planner take 30 ms on a 166-order list.
  const visibleOwn = user.isSuperAdmin
    ? undefined
    : or(ofMyCompanies, isNull(orders.organisationId));
  const visibleByEmail = user.isSuperAdmin
    ? undefined
    : or(
        ofMyCompanies,
        and(isNull(orders.organisationId), or(eq(orders.userId, user.id), isNull(orders.userId))),
      );
  const numbers = lookups.flatMap((each) =>
    each.source === "ref1" ? [cleanOrganisationNumber(each.ref)] : [],
  );
  const companies =
    numbers.length > 0
      ? await db
          .select({ id: organisations.id, number: organisations.organisationNumber })
          .from(organisations)
          .where(inArray(organisations.organisationNumber, numbers))
      : [];
  const companyOf = new Map(companies.map((company) => [company.number, company.id]));

  return lookups.map((each): SQL | null | "refused" => {
    switch (each.source) {
      case "email":
        if (each.email !== user.email && !user.isSuperAdmin) return "refused";
        return and(eq(orders.email, each.email), visibleByEmail) as SQL;
      case "ref2":
        if (each.ref !== user.id && !user.isSuperAdmin) return "refused";
        return and(eq(orders.userId, each.ref), each.ref === user.id ? visibleOwn : visible) as SQL;
      case "order": {
        const reference = Number(each.ref);
        if (!Number.isSafeInteger(reference) || reference <= 0) return null;
        return and(eq(orders.reference, reference), visible) as SQL;
      }
      default: {
        // ref1: a company's orders, for its members (and super admins).
        const id = companyOf.get(cleanOrganisationNumber(each.ref));
        if (!id || (!who.memberships.has(id) && !user.isSuperAdmin)) return "refused";
        return and(
          eq(orders.organisationId, id),
          each.email ? eq(orders.email, each.email) : undefined,
        ) as SQL;
      }
    }
  });
}

/** The list's filters (C§4 status, the company, the order-number search) as one condition. */
async function filtersOf(db: Database, input: OrdersPageInput): Promise<SQL | undefined> {
  const digits = input.q?.replace(/\s+/g, "");
  return and(
    input.status === "ALL" ? undefined : orderStatesMatch(orders.orderStates, input.status),
    input.companyId ? eq(orders.organisationId, input.companyId) : undefined,
    digits ? numbersStartingWith(digits, await highestOrderNumber(db)) : undefined,
  );
}

/** The highest order number there is (the end of the numbers' unique index; 0 without orders). */
async function highestOrderNumber(db: Database): Promise<bigint> {
  const result = (await db.execute(
    sql`select coalesce(max(${orders.reference}), 0)::text as highest from ${orders}`,
  )) as unknown as { rows: { highest: string }[] };
  return BigInt(result.rows[0]?.highest ?? "0");
}

/**
 * The order numbers that begin with the digits typed, as ranges of the number (`1004` is 1004,
 * 10040–10049, 100400–100499, … up to the highest number there is): each range is a scan of the
 * numbers' unique index, so a search reads the orders it finds, not every order of the lookups,
 * as a test of each number's text did. Only the ranges numbers reach: each range more is one more
 * index scan for the planner to weigh in every lookup (eleven of them took it 30–45 ms).
 */
function numbersStartingWith(digits: string, highest: bigint): SQL {
  if (!/^[1-9]\d*$/.test(digits) || digits.length > String(highest).length) return sql`false`;
  const prefix = BigInt(digits);
  const ranges: SQL[] = [];
  for (let scale = 1n; prefix * scale <= highest; scale *= 10n) {
    const high = (prefix + 1n) * scale - 1n;
    ranges.push(
      between(orders.reference, Number(prefix * scale), Number(high < highest ? high : highest)),
    );
  }
  return ranges.length > 0 ? (or(...ranges) as SQL) : sql`false`;
}

/**
 * The ids of the orders the lookups find, one row per order, newest first, the first `limit`.
 * Each lookup is its own branch, ordered and cut by an index on (its column, placed_at,
 * reference); UNION drops an order found twice. So the first pages read about `limit` rows of
 * each lookup, however long the company's history is.
 */
async function pageIds(
  db: Database,
  branches: readonly SQL[],
  filters: SQL | undefined,
  limit: number,
  offset: number,
): Promise<string[]> {
  const cut = limit + offset;
  const union = sql.join(
    branches.map(
      (where) =>
        sql`(select ${orders.id} as id, ${orders.placedAt} as placed_at, ${orders.reference} as reference from ${orders} where ${and(where, filters)} order by ${orders.placedAt} desc, ${orders.reference} desc limit ${cut})`,
    ),
    sql` union `,
  );
  const result = (await db.execute(
    sql`select id from (${union}) as found order by placed_at desc, reference desc limit ${limit} offset ${offset}`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/**
 * How many orders the lookups find after the filters, each once: the branches made disjoint (an
 * order counts in the first branch that finds it: `b1`, `b2 and not b1`, `b3 and not (b1 or b2)`)
 * and summed, so no order is held in memory to drop its copies, and each branch is an index-only
 * scan of its lookup's index (the filters and the other branches' columns are in it). Still one
 * index entry per matching order: the one part of a page that grows with the history, at a few
 * microseconds an order.
 */
async function countOf(
  db: Database,
  branches: readonly SQL[],
  filters: SQL | undefined,
): Promise<number> {
  const parts = branches.map((where, index) => {
    const earlier = branches.slice(0, index);
    const notEarlier = earlier.length > 0 ? sql`(${or(...earlier)}) is not true` : undefined;
    return sql`(select count(*) from ${orders} where ${and(where, filters, notEarlier)})`;
  });
  const result = (await db.execute(
    sql`select (${sql.join(parts, sql` + `)})::int as n`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Whether the lookups find any order at all (before the filters): the list's empty state. */
async function anyOf(db: Database, found: SQL): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from ${orders} where ${found}) as present`,
  )) as unknown as { rows: { present: boolean }[] };
  return Boolean(result.rows[0]?.present);
}

/** One page of the order list for the viewer (C§4's merge, the filters, 'Page x of y'). */
export async function readOrdersPage(
  db: Database,
  who: OrderViewer,
  input: OrdersPageInput,
): Promise<OrdersPage> {
  const conditions = await conditionsOf(db, who, input.lookups);
  const refused = conditions.flatMap((condition, index) =>
    condition === "refused" ? [index] : [],
  );
  const branches = conditions.filter(
    (condition): condition is SQL => condition !== null && condition !== "refused",
  );
  const { pageSize } = input;
  if (branches.length === 0) {
    return {
      orderSummaries: [],
      total: 0,
      page: 1,
      pageSize,
      totalPages: 1,
      hasOrders: false,
      refused,
    };
  }
  const found = or(...branches) as SQL;
  const filters = await filtersOf(db, input);
  // The count and the page asked for at once; a page past the last is asked again as the last.
  const [total, ids] = await Promise.all([
    countOf(db, branches, filters),
    pageIds(db, branches, filters, pageSize, (input.page - 1) * pageSize),
  ]);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(input.page, totalPages);
  const shownIds =
    page === input.page
      ? ids
      : await pageIds(db, branches, filters, pageSize, (page - 1) * pageSize);
  const [orderSummaries, hasOrders] = await Promise.all([
    shownIds.length > 0 ? readOrderSummaries(db, inArray(orders.id, shownIds)) : [],
    total > 0 ? true : anyOf(db, found),
  ]);
  return { orderSummaries, total, page, pageSize, totalPages, hasOrders, refused };
}
