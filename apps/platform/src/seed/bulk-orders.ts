import type { OrderCompensationState, OrderFlowState } from "@kassa/domain";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import { orders, organisations } from "../db/schema.js";
import { SEED_ORGANISATIONS } from "./fixtures.js";
import type { PlannedLine, SeedOrderPlan, TrailStep } from "./order-plan.js";
import { createPrng, type Prng } from "./prng.js";
import { writeOrderPlans } from "./seed-orders.js";

/**
 * A big company's history (issue 32, `KASSA_SEED_BULK_ORDERS=N`, `pnpm seed -- --bulk-orders N`,
 * `bench/order-list.mjs`): Nordtrade AB gets older orders until it has N, so the order list and
 * the order page can be tried and measured at a size a real company reaches. Off by default.
 *
 * The orders are the demo's kind, years older (2019–2025, before the demo's year, so the demo's
 * newest orders stay on the list's first page): placed on weekdays in office hours by Nordtrade's
 * admin, its buyer or its agent, in Sweden mostly and Finland sometimes, mostly delivered, some
 * cancelled, refunded or partly delivered, a few provorders (merchantReference2) and decisions.
 * Each has one to three lines priced from the catalogue and its audit trail. Deterministic, and
 * written with the demo orders' batched inserts: 10,000 orders take some seconds.
 */

/** The most orders the bulk option makes a company have: ten times what it is measured at. */
const MAX_BULK_ORDERS = 100_000;

const BULK_START = Date.parse("2019-01-02T00:00:00Z");
const BULK_END = Date.parse("2025-12-30T00:00:00Z");
const DAY = 86_400_000;

export interface BulkOrdersResult {
  /** Orders added now. */
  added: number;
  /** Nordtrade AB's orders afterwards. */
  total: number;
  seconds: number;
}

/** A weekday moment between the bounds, 07:00–16:59 UTC (08–18 in Stockholm). */
function officeMoment(prng: Prng): number {
  const days = Math.floor((BULK_END - BULK_START) / DAY);
  for (;;) {
    const day = BULK_START + prng.int(0, days) * DAY;
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    return day + prng.int(7, 16) * 3_600_000 + prng.int(0, 3599) * 1000;
  }
}

/** An old order's outcome: mostly delivered; some cancelled, refunded or partly delivered. */
function outcomeOf(prng: Prng): {
  flow: OrderFlowState;
  compensation: OrderCompensationState | null;
} {
  const roll = prng.next();
  if (roll < 0.78) return { flow: "FULLY_DELIVERED", compensation: null };
  if (roll < 0.86) return { flow: "CANCELLED", compensation: null };
  if (roll < 0.92) return { flow: "FULLY_DELIVERED", compensation: "PARTIALLY_COMPENSATED" };
  if (roll < 0.96) return { flow: "FULLY_DELIVERED", compensation: "FULLY_COMPENSATED" };
  if (roll < 0.98) return { flow: "PARTIALLY_DELIVERED", compensation: null };
  return { flow: "RELEASED", compensation: null };
}

function trailOf(
  flow: OrderFlowState,
  compensation: OrderCompensationState | null,
  customStates: readonly string[],
): TrailStep[] {
  const trail: TrailStep[] = [
    { kind: "placed", afterHours: 0, by: "placer", details: { orderStates: ["PLACED"] } },
  ];
  const step = (kind: TrailStep["kind"], afterHours: number, details: Record<string, unknown>) =>
    trail.push({ kind, afterHours, by: "back-office", details });
  if (customStates.length > 0) {
    trail.push({
      kind: "custom_state_added",
      afterHours: 4,
      by: "customer",
      customer: "companyAdmin",
      details: { stateId: customStates[0] },
    });
  }
  if (flow === "CANCELLED") step("cancelled", 30, { orderStates: ["CANCELLED"] });
  if (flow !== "PLACED" && flow !== "CANCELLED")
    step("released", 26, { orderStates: ["RELEASED"] });
  if (flow === "PARTIALLY_DELIVERED") {
    step("delivered", 50, { partial: true, orderStates: ["PARTIALLY_DELIVERED"] });
  }
  if (flow === "FULLY_DELIVERED") {
    step("delivered", 50, { partial: false, orderStates: ["FULLY_DELIVERED"] });
  }
  if (compensation) {
    step("compensated", 240, {
      partial: compensation === "PARTIALLY_COMPENSATED",
      orderStates: [flow, compensation],
    });
  }
  return trail;
}

/** The plans of `amount` bulk orders, numbered from `first`, oldest first. */
export function bulkOrderPlans(amount: number, first: number): SeedOrderPlan[] {
  const prng = createPrng(32_000 + first);
  const moments = Array.from({ length: amount }, () => officeMoment(prng)).sort((a, b) => a - b);
  return moments.map((moment, index): SeedOrderPlan => {
    const finnish = prng.chance(0.15);
    const placedBy = prng.pick([
      "companyBuyer",
      "companyBuyer",
      "companyBuyer",
      "companyAdmin",
      "companyAdmin",
      "agent",
    ] as const);
    const { flow, compensation } = outcomeOf(prng);
    const delivered = flow === "FULLY_DELIVERED";
    const lines: PlannedLine[] = Array.from({ length: prng.int(1, 3) }, () => {
      const quantity = prng.int(1, 12);
      return {
        variantIndex: prng.int(0, 500),
        quantity,
        delivered: delivered ? quantity : flow === "PARTIALLY_DELIVERED" ? quantity >> 1 : 0,
      };
    });
    const customStates = prng.chance(0.04) ? ["customer_approved"] : [];
    return {
      id: `ord-bulk-${String(first + index).padStart(6, "0")}`,
      placedAt: new Date(moment).toISOString(),
      storeGroupId: "business",
      countryCode: finnish ? "FI" : "SE",
      languageCode: finnish ? "fi" : "sv",
      paymentProvider: "WalleyCheckout",
      flow,
      compensation,
      customStates,
      provorder: prng.chance(0.03),
      lines,
      trail: trailOf(flow, compensation, customStates),
      kind: "account",
      placedBy,
      organisation: "nordtrade",
    };
  });
}

/** Gives Nordtrade AB older orders until it has `target` (none when it has that many already). */
export async function addBulkOrders(db: Database, target: number): Promise<BulkOrdersResult> {
  const started = performance.now();
  const nordtrade = SEED_ORGANISATIONS.nordtrade.id;
  const countNow = async () => {
    const [row] = await db
      .select({ orders: count() })
      .from(orders)
      .where(eq(orders.organisationId, nordtrade));
    return row?.orders ?? 0;
  };
  // Only with the demo accounts: without them there is no Nordtrade to give a history to.
  const [company] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, nordtrade));
  if (!company) return { added: 0, total: 0, seconds: (performance.now() - started) / 1000 };
  const existing = await countNow();
  const amount = Math.min(target, MAX_BULK_ORDERS) - existing;
  const added = amount > 0 ? await writeOrderPlans(db, bulkOrderPlans(amount, existing + 1)) : 0;
  // After a bulk load, as after any: the planner's statistics, and the visibility map that lets
  // the order list count from its indexes alone (PostgreSQL's autovacuum does this in time; the
  // embedded PGlite has no autovacuum).
  if (added > 0) await db.execute(sql`vacuum (analyze) orders`);
  return { added, total: await countNow(), seconds: (performance.now() - started) / 1000 };
}
