import type { OrderEventKind } from "@kassa/api-client";
import {
  ORDER_CUSTOM_STATES,
  type OrderCompensationState,
  type OrderFlowState,
} from "@kassa/domain";
import type { SEED_ORGANISATIONS, SEED_USERS } from "./fixtures.js";
import { createPrng, type Prng } from "./prng.js";

/**
 * What the demo orders are (issue 10), decided without a database so that tests in every package
 * can rely on it (`SEED_ORDERS`): whose they are, when, in which states, and what happened to
 * them. `seed-orders.ts` prices and writes them. Deterministic: the same plan on every machine.
 */

type UserKey = keyof typeof SEED_USERS;
type OrganisationKey = keyof typeof SEED_ORGANISATIONS;

export interface PlannedLine {
  /** Index into the priced catalogue of the order's store group and market (wraps around). */
  variantIndex: number;
  quantity: number;
  /** Delivered so far. */
  delivered: number;
}

export type TrailStep = {
  kind: OrderEventKind;
  /** Hours after the order was placed. */
  afterHours: number;
  details: Record<string, unknown>;
  /** The text of a `note_added` step. */
  note?: string;
} & ({ by: "placer" | "agent" | "back-office" | "system" } | { by: "customer"; customer: UserKey });

interface PlanBase {
  id: string;
  /** ISO 8601, UTC. */
  placedAt: string;
  storeGroupId: "default" | "business";
  countryCode: "SE" | "FI";
  languageCode: "sv" | "fi";
  paymentProvider: string;
  flow: OrderFlowState;
  compensation: OrderCompensationState | null;
  customStates: string[];
  /** `attributes.merchantReference2 = "provorder"` (C§4). */
  provorder: boolean;
  lines: PlannedLine[];
  trail: TrailStep[];
}

export type SeedOrderPlan = PlanBase &
  (
    | {
        kind: "guest";
        guest: {
          givenName: string;
          familyName: string;
          email: string;
          telephoneNumber: string;
          streetAddress: string;
          postalCode: string;
          city: string;
        };
      }
    | { kind: "account"; placedBy: UserKey; organisation: OrganisationKey | null }
  );

interface Group {
  count: number;
  placedBy: UserKey | "guest";
  organisation: OrganisationKey | null;
  storeGroupId: "default" | "business";
  countryCode: "SE" | "FI";
  paymentProvider: string;
}

const GROUPS: Group[] = [
  {
    count: 60,
    placedBy: "customer",
    organisation: null,
    storeGroupId: "default",
    countryCode: "SE",
    paymentProvider: "QliroOne",
  },
  {
    count: 40,
    placedBy: "finnishCustomer",
    organisation: null,
    storeGroupId: "default",
    countryCode: "FI",
    paymentProvider: "Avarda",
  },
  {
    count: 50,
    placedBy: "companyAdmin",
    organisation: "nordtrade",
    storeGroupId: "business",
    countryCode: "SE",
    paymentProvider: "WalleyCheckout",
  },
  {
    count: 70,
    placedBy: "companyBuyer",
    organisation: "nordtrade",
    storeGroupId: "business",
    countryCode: "SE",
    paymentProvider: "WalleyCheckout",
  },
  {
    count: 30,
    placedBy: "agent",
    organisation: "nordtrade",
    storeGroupId: "business",
    countryCode: "SE",
    paymentProvider: "WalleyCheckout",
  },
  {
    count: 55,
    placedBy: "finnishCompanyBuyer",
    organisation: "fjallhandel",
    storeGroupId: "business",
    countryCode: "FI",
    paymentProvider: "WalleyCheckout",
  },
  {
    count: 25,
    placedBy: "agent",
    organisation: "fjallhandel",
    storeGroupId: "business",
    countryCode: "FI",
    paymentProvider: "WalleyCheckout",
  },
  {
    count: 70,
    placedBy: "guest",
    organisation: null,
    storeGroupId: "default",
    countryCode: "SE",
    paymentProvider: "KlarnaCheckout",
  },
];

/** Orders reserved for browser tests of the decisions: Nordtrade's, placed, nothing decided. */
const RESERVED_FOR_DECISIONS = 16;

const START = Date.parse("2026-01-02T07:00:00Z");
const END = Date.parse("2026-11-20T16:00:00Z");
/** After this, most orders are still being handled. */
const RECENT = Date.parse("2026-11-01T00:00:00Z");

const GUEST_NAMES: Record<"SE" | "FI", readonly (readonly [string, string])[]> = {
  SE: [
    ["Erik", "Johansson"],
    ["Maria", "Nilsson"],
    ["Lars", "Persson"],
    ["Eva", "Svensson"],
    ["Johan", "Gustafsson"],
  ],
  FI: [
    ["Juha", "Mäkinen"],
    ["Anna", "Nieminen"],
    ["Mikko", "Hämäläinen"],
    ["Laura", "Koskinen"],
  ],
} as const;

const GUEST_STREETS: Record<"SE" | "FI", readonly (readonly [string, string, string])[]> = {
  SE: [
    ["Vasagatan 3", "11120", "Stockholm"],
    ["Kungsportsavenyn 8", "41136", "Göteborg"],
    ["Stortorget 2", "21122", "Malmö"],
  ],
  FI: [
    ["Hämeenkatu 5", "33100", "Tampere"],
    ["Yliopistonkatu 9", "20100", "Turku"],
  ],
} as const;

const DECLINE_REASONS = {
  sv: [
    "Fel storlekar – vi beställer om själva.",
    "Vi behöver inte varorna längre.",
    "Priset stämmer inte med offerten.",
  ],
  fi: ["Väärät koot – tilaamme itse uudelleen.", "Emme tarvitse tuotteita enää."],
} as const;

const CHANGE_REQUESTS = {
  sv: ["Kan ni byta tröjorna till storlek L?", "Leverera till lagret i Göteborg i stället, tack."],
  fi: ["Voisitteko vaihtaa paidat kokoon L?", "Toimittakaa Vantaan varastoon, kiitos."],
} as const;

/** Who decides for an order: a customer of its company, or the consumer who placed it. */
function decider(placedBy: UserKey, organisation: OrganisationKey | null, prng: Prng): UserKey {
  if (organisation === "nordtrade") return prng.pick(["companyBuyer", "companyAdmin"] as const);
  if (organisation === "fjallhandel") return "finnishCompanyBuyer";
  return placedBy;
}

function pickFlow(placedAt: number, prng: Prng): OrderFlowState {
  const roll = prng.next();
  if (placedAt >= RECENT) {
    if (roll < 0.5) return "PLACED";
    if (roll < 0.8) return "RELEASED";
    if (roll < 0.9) return "PARTIALLY_DELIVERED";
    return "FULLY_DELIVERED";
  }
  if (roll < 0.05) return "PLACED";
  if (roll < 0.1) return "RELEASED";
  if (roll < 0.16) return "PARTIALLY_DELIVERED";
  if (roll < 0.86) return "FULLY_DELIVERED";
  return "CANCELLED";
}

type Outcome = "pending" | "change-requested" | "approved" | "declined";

function planLines(flow: OrderFlowState, prng: Prng): PlannedLine[] {
  const count = prng.int(1, 4);
  const lines = Array.from({ length: count }, () => ({
    variantIndex: prng.int(0, 10_000),
    quantity: prng.int(1, 3),
    delivered: 0,
  }));
  if (flow === "FULLY_DELIVERED") for (const line of lines) line.delivered = line.quantity;
  if (flow === "PARTIALLY_DELIVERED") {
    const first = lines[0] as PlannedLine;
    if (lines.length === 1 && first.quantity === 1) first.quantity = 2;
    first.delivered = lines.length === 1 ? first.quantity - 1 : first.quantity;
  }
  return lines;
}

interface PlanInput {
  id: string;
  placedAt: number;
  group: Group;
  flow: OrderFlowState;
  compensation: OrderCompensationState | null;
  /** Whether the order waited for the customer (on behalf, or the back office asked). */
  awaited: "on-behalf" | "asked" | null;
  outcome: Outcome | null;
  provorder: boolean;
  lines: PlannedLine[];
  prng: Prng;
}

function planOrder(input: PlanInput): SeedOrderPlan {
  const { group, prng } = input;
  const languageCode = group.countryCode === "FI" ? "fi" : "sv";
  const { awaitingCustomerAction, customerApproved, customerDeclined } = ORDER_CUSTOM_STATES;
  const trail: TrailStep[] = [
    { kind: "placed", afterHours: 0, by: "placer", details: { orderStates: ["PLACED"] } },
  ];
  let customStates: string[] = [];
  if (input.awaited && group.placedBy !== "guest") {
    trail.push(
      input.awaited === "on-behalf"
        ? {
            kind: "custom_state_added",
            afterHours: 0,
            by: "system",
            details: { stateId: awaitingCustomerAction, reason: "placed_on_behalf" },
          }
        : {
            kind: "custom_state_added",
            afterHours: 2,
            by: "back-office",
            details: { stateId: awaitingCustomerAction },
          },
    );
    customStates = [awaitingCustomerAction];
    const customer = decider(group.placedBy, group.organisation, prng);
    const decide = (stateId: string, remove: string[]) => {
      trail.push({
        kind: "custom_state_added",
        afterHours: 20,
        by: "customer",
        customer,
        details: { stateId },
      });
      for (const removed of remove) {
        trail.push({
          kind: "custom_state_removed",
          afterHours: 20,
          by: "customer",
          customer,
          details: { stateId: removed },
        });
      }
    };
    if (input.outcome === "approved") {
      decide(customerApproved, [awaitingCustomerAction]);
      customStates = [customerApproved];
    } else if (input.outcome === "declined") {
      decide(customerDeclined, [awaitingCustomerAction]);
      trail.push({
        kind: "note_added",
        afterHours: 20,
        by: "customer",
        customer,
        details: {},
        note: prng.pick(DECLINE_REASONS[languageCode]),
      });
      customStates = [customerDeclined];
    } else if (input.outcome === "change-requested") {
      trail.push({
        kind: "note_added",
        afterHours: 20,
        by: "customer",
        customer,
        details: {},
        note: prng.pick(CHANGE_REQUESTS[languageCode]),
      });
    }
  }

  const step = (kind: OrderEventKind, afterHours: number, details: Record<string, unknown>) =>
    trail.push({ kind, afterHours, by: "back-office", details });
  const flow = input.flow;
  if (flow === "CANCELLED") step("cancelled", 30, { orderStates: ["CANCELLED"] });
  if (flow !== "PLACED" && flow !== "CANCELLED")
    step("released", 26, { orderStates: ["RELEASED"] });
  if (flow === "PARTIALLY_DELIVERED") {
    step("delivered", 50, { partial: true, orderStates: ["PARTIALLY_DELIVERED"] });
  }
  if (flow === "FULLY_DELIVERED")
    step("delivered", 50, { partial: false, orderStates: ["FULLY_DELIVERED"] });
  if (input.compensation) {
    step("compensated", 240, {
      partial: input.compensation === "PARTIALLY_COMPENSATED",
      orderStates: [flow, input.compensation],
    });
  }

  const base: PlanBase = {
    id: input.id,
    placedAt: new Date(input.placedAt).toISOString(),
    storeGroupId: group.storeGroupId,
    countryCode: group.countryCode,
    languageCode,
    paymentProvider: group.paymentProvider,
    flow,
    compensation: input.compensation,
    customStates,
    provorder: input.provorder,
    lines: input.lines,
    trail: trail.sort((a, b) => a.afterHours - b.afterHours),
  };
  if (group.placedBy === "guest") {
    const [givenName, familyName] = prng.pick(GUEST_NAMES[group.countryCode]);
    const [streetAddress, postalCode, city] = prng.pick(GUEST_STREETS[group.countryCode]);
    return {
      ...base,
      kind: "guest",
      guest: {
        givenName,
        familyName,
        email: `${givenName.toLowerCase()}.${input.id.slice(-4)}@example.test`
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, ""),
        telephoneNumber: group.countryCode === "FI" ? "+358401112233" : "+46701112233",
        streetAddress,
        postalCode,
        city,
      },
    };
  }
  return { ...base, kind: "account", placedBy: group.placedBy, organisation: group.organisation };
}

function buildPlan(): SeedOrderPlan[] {
  const prng = createPrng(20_261_124);
  const drafts: Omit<PlanInput, "id">[] = [];
  for (const group of GROUPS) {
    for (let index = 0; index < group.count; index++) {
      const placedAt = START + Math.floor(prng.next() * (END - START));
      const flow = pickFlow(placedAt, prng);
      const delivered = flow === "FULLY_DELIVERED" || flow === "PARTIALLY_DELIVERED";
      const compensationRoll = prng.next();
      const compensation: OrderCompensationState | null =
        delivered && compensationRoll < 0.08
          ? "FULLY_COMPENSATED"
          : delivered && compensationRoll < 0.2
            ? "PARTIALLY_COMPENSATED"
            : flow === "CANCELLED" && compensationRoll < 0.5
              ? "FULLY_COMPENSATED"
              : null;
      const onBehalf = group.placedBy === "agent";
      const asked =
        !onBehalf && group.placedBy !== "guest" && flow === "PLACED" && prng.chance(0.35);
      const awaited = onBehalf ? "on-behalf" : asked ? "asked" : null;
      let outcome: Outcome | null = null;
      if (awaited) {
        if (flow === "CANCELLED") outcome = "declined";
        else if (flow !== "PLACED") outcome = "approved";
        else
          outcome = prng.pick([
            "pending",
            "pending",
            "change-requested",
            "approved",
            "declined",
          ] as const);
      }
      drafts.push({
        placedAt,
        group,
        flow,
        compensation,
        awaited,
        outcome,
        provorder: false,
        lines: planLines(flow, prng),
        prng,
      });
    }
  }
  // Provorders (C§4): three of Nordtrade's delivered orders were samples, credited on return.
  const samples = drafts.filter(
    (draft) => draft.group.placedBy === "companyAdmin" && draft.flow === "FULLY_DELIVERED",
  );
  for (const sample of samples.slice(0, 3)) {
    sample.provorder = true;
    sample.compensation ??= "PARTIALLY_COMPENSATED";
  }

  drafts.sort((a, b) => a.placedAt - b.placedAt);
  const plans = drafts.map((draft, index) =>
    planOrder({ ...draft, id: `ord-seed-${String(index + 1).padStart(4, "0")}` }),
  );

  // Placed last, newest, 3 hours apart: the browser tests decide on them (JavaScript on and off).
  const buyerGroup = GROUPS.find((group) => group.placedBy === "companyBuyer") as Group;
  for (let index = 0; index < RESERVED_FOR_DECISIONS; index++) {
    plans.push(
      planOrder({
        id: `ord-seed-decide-${String(index + 1).padStart(2, "0")}`,
        placedAt: END + (index + 1) * 3 * 3_600_000,
        group: buyerGroup,
        flow: "PLACED",
        compensation: null,
        awaited: null,
        outcome: null,
        provorder: false,
        lines: [{ variantIndex: 7 + index * 13, quantity: 2, delivered: 0 }],
        prng,
      }),
    );
  }
  return plans;
}

/** Every demo order, oldest first (the order numbers follow this order). */
export const SEED_ORDER_PLAN: readonly SeedOrderPlan[] = buildPlan();

function count(filter: (plan: SeedOrderPlan) => boolean): number {
  return SEED_ORDER_PLAN.filter(filter).length;
}

const accountPlan = (plan: SeedOrderPlan) => (plan.kind === "account" ? plan : null);

/**
 * Facts of the demo orders for tests in every package; `test/seed.test.ts` checks each against a
 * freshly seeded database.
 */
export const SEED_ORDERS = {
  total: SEED_ORDER_PLAN.length,
  /** Nordtrade AB's, placed by its buyer, PLACED, no custom state: browser tests decide on these. */
  reservedForDecisions: SEED_ORDER_PLAN.filter((plan) =>
    plan.id.startsWith("ord-seed-decide-"),
  ).map((plan) => plan.id),
  /** One of Fjällhandel Oy's orders (another company's, for Nordtrade's users). */
  fjallhandelOrderId: (
    SEED_ORDER_PLAN.find(
      (plan) => accountPlan(plan)?.organisation === "fjallhandel",
    ) as SeedOrderPlan
  ).id,
  /** The consumer Karin Lindqvist's (kund@kassa.test) newest order. */
  customerOrderId: (
    SEED_ORDER_PLAN.findLast((plan) => accountPlan(plan)?.placedBy === "customer") as SeedOrderPlan
  ).id,
  /** Orders with `merchantReference2 = "provorder"`. */
  provorderIds: SEED_ORDER_PLAN.filter((plan) => plan.provorder).map((plan) => plan.id),
  /** How many orders each company has. */
  byOrganisation: {
    nordtrade: count((plan) => accountPlan(plan)?.organisation === "nordtrade"),
    fjallhandel: count((plan) => accountPlan(plan)?.organisation === "fjallhandel"),
  },
  /** How many orders each demo user placed. */
  byPlacer: {
    customer: count((plan) => accountPlan(plan)?.placedBy === "customer"),
    finnishCustomer: count((plan) => accountPlan(plan)?.placedBy === "finnishCustomer"),
    companyAdmin: count((plan) => accountPlan(plan)?.placedBy === "companyAdmin"),
    companyBuyer: count((plan) => accountPlan(plan)?.placedBy === "companyBuyer"),
    finnishCompanyBuyer: count((plan) => accountPlan(plan)?.placedBy === "finnishCompanyBuyer"),
    agent: count((plan) => accountPlan(plan)?.placedBy === "agent"),
  },
  guests: count((plan) => plan.kind === "guest"),
  /** Orders awaiting their customer's decision. */
  awaitingCustomerAction: count((plan) =>
    plan.customStates.includes(ORDER_CUSTOM_STATES.awaitingCustomerAction),
  ),
} as const;
