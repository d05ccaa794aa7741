/**
 * Wire shapes of orders (C§3 Order summary, C§4, C§7 Orders): the order as the management API and
 * the `/brink/*` wrapper read it, its notes and its audit trail, and the wrapper's calls.
 *
 * State names are plain strings on the wire: a back office may add states this version does not
 * know, and C§4 says unknown states show no badge rather than fail. The known names and the rules
 * over them are in `@kassa/domain` (`orders/`).
 */

import type { OrderAddress, OrderLine } from "./checkout.js";

/** A custom state on an order (C§3): `{ id }`, e.g. `{ id: "awaiting_customer_action" }`. */
export interface OrderCustomState {
  id: string;
}

/** `status` of an order (C§3): its back-office states and its custom states. */
export interface OrderStatus {
  /**
   * The order's current back-office states: at most one of the flow (`PLACED`, `RELEASED`,
   * `PARTIALLY_DELIVERED`, `FULLY_DELIVERED`, `CANCELLED`) and at most one of compensation
   * (`PARTIALLY_COMPENSATED`, `FULLY_COMPENSATED`), in that order.
   */
  orderStates: string[];
  customStates: OrderCustomState[];
}

/** The money of an order, minor units of `currencyCode`. */
export interface OrderTotals {
  subTotal: number;
  shippingTotal: number;
  discountTotal: number;
  taxTotal: number;
  grandTotal: number;
  giftCardTotal: number;
  /** What the payment provider charged: grand total less gift cards. */
  amountToPay: number;
  /** Refunded so far by compensations. */
  compensatedTotal: number;
}

/**
 * An order in a list (C§3 Order summary): what the order table shows and what the lookups answer.
 * `reference` is the order number a shopper sees; lookups are merged and de-duplicated by it.
 */
export interface OrderSummary {
  id: string;
  reference: string;
  /** ISO 8601, UTC: when the order was placed. */
  date: string;
  status: OrderStatus;
  currencyCode: string;
  countryCode: string;
  totals: { grandTotal: number };
  /** `merchantReference2: "provorder"` marks a Provorder (C§4 badge). */
  attributes: { merchantReference1?: string; merchantReference2?: string };
  /** The company the order was placed for, when one was (`null` for a consumer's order). */
  company: { id: string; name: string; organisationNumber: string } | null;
}

/** Who did something to an order, as the audit trail and notes name them. */
export interface OrderActor {
  /** `user`: a logged-in account; `client`: a back office (OAuth client); `system`: the platform. */
  type: "user" | "client" | "system";
  /** A user id, an OAuth client id, or `kassa`. */
  id: string;
  /** What a person reads: the user's name (or email), the client's id. */
  name: string;
  /** The actor's relation to the order when it acted. */
  role: "customer" | "agent" | "super_admin" | "back_office" | "system";
}

/** A note on an order (C§4: a decline reason, a change request, a back-office remark). */
export interface OrderNote {
  id: string;
  text: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  author: OrderActor;
}

/** What an audit entry records. */
export type OrderEventKind =
  | "placed"
  | "custom_state_added"
  | "custom_state_removed"
  | "note_added"
  | "released"
  | "delivered"
  | "compensated"
  | "cancelled";

/**
 * One entry of an order's audit trail (beyond the spec): who, when, what, on whose behalf. Every
 * decision, note, back-office step and on-behalf order leaves one; entries are never changed.
 */
export interface OrderEvent {
  id: string;
  kind: OrderEventKind;
  /** ISO 8601, UTC. */
  at: string;
  actor: OrderActor;
  /** The company an agent or super admin acted for, when they acted for one. */
  onBehalfOf: { id: string; name: string } | null;
  /**
   * What changed: `{ stateId }` for custom states, `{ noteId }` for notes, `{ partial, lines? }` for
   * deliveries, `{ partial, amount }` for compensations, `{ orderStates }` (the states after) for
   * every back-office step.
   */
  details: Record<string, unknown>;
}

/** A whole order, as `get-order-by-id` and the management API read it. */
export interface Order extends OrderSummary {
  email: string;
  languageCode: string;
  isTaxIncludedInPrice: boolean;
  lines: OrderLine[];
  totals: OrderTotals;
  discountCodes: { code: string }[];
  giftCards: { name: string; amount: number }[];
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  payment: { provider: string; reference: string; amount: number };
  shippingProvider: string;
  /** The session's attributes as they were at checkout (company, merchantReference1/2, …). */
  attributes: OrderSummary["attributes"] & Record<string, unknown>;
  /** Oldest first. */
  notes: OrderNote[];
  /** Oldest first. */
  events: OrderEvent[];
}

// ---------------------------------------------------------------------------------------------
// The `/brink/*` wrapper (C§7 Orders): the logged-in user's access token as `Authorization:
// Bearer`; every answer is `{ data }`. A caller reads only orders it may see (its own, its
// companies', or any for a super admin); another order answers 404, as if it did not exist.
// ---------------------------------------------------------------------------------------------

/** How the caller relates to an order; `customer` is the one who may decide (C§6). */
export type OrderAccess = "customer" | "agent" | "super_admin";

/** `POST /brink/get-order-by-id/` answers the order and how the caller relates to it. */
export interface OrderWithAccess {
  order: Order;
  access: OrderAccess;
}

/** `POST /brink/get-orders-by-email/`. A caller other than a super admin may ask for its own email only. */
export interface OrdersByEmailPayload {
  email: string;
}

/**
 * Where `POST /brink/get-orders-by-ref/` looks (C§4 order lookup sources):
 * - `ref1`: `ref` is a company's organisation number (without hyphen, as `merchantReference1`);
 *   the orders placed for that company. `email` narrows them to orders placed with that email.
 * - `ref2`: `ref` is a user id; the orders that user placed.
 * - `order`: `ref` is an order number; that order (the order-number search).
 */
export type OrderLookupSource = "ref1" | "ref2" | "order";

/** `POST /brink/get-orders-by-ref/`. */
export interface OrdersByRefPayload {
  ref: string;
  /** @default "ref1" */
  source?: OrderLookupSource;
  email?: string;
}

/** What the lookups answer, newest first (C§7: `orderSummaries`). */
export interface OrderSummaries {
  orderSummaries: OrderSummary[];
}

/**
 * One lookup of `POST /brink/get-orders-page/`: C§4's sources, each as the single lookups take it
 * (`get-orders-by-email`, `get-orders-by-ref`) and each checked the same way.
 */
export type OrderPageLookup =
  | { source: "email"; email: string }
  | { source: "ref1"; ref: string; email?: string }
  | { source: "ref2"; ref: string }
  | { source: "order"; ref: string };

/** C§4's status filter options (`ALL`: every state). */
export type OrderPageStatus = "ALL" | "DELIVERED" | "PLACED" | "CANCELLED" | "FULLY_COMPENSATED";

/**
 * `POST /brink/get-orders-page/`: one page of the merged lookups (C§4: merged and de-duplicated
 * by reference, newest first), narrowed by status, company and order-number search.
 */
export interface OrdersPagePayload {
  /** 1 to 50 lookups; each order they find is on the list once. */
  lookups: OrderPageLookup[];
  /** @default "ALL" */
  status?: OrderPageStatus;
  /** Only the orders of this organisation (its id). */
  companyId?: string;
  /** An order-number search: orders whose number contains these digits (spaces ignored). */
  q?: string;
  /** 1-based; a page past the last answers the last. @default 1 */
  page?: number;
  /** 1 to 100. @default 20 */
  pageSize?: number;
}

/** What `POST /brink/get-orders-page/` answers: one page and the counts 'Page x of y' needs. */
export interface OrdersPage {
  /** The page's orders, newest first (equal times: the higher number first). */
  orderSummaries: OrderSummary[];
  /** Orders that match the lookups and the filters, on every page. */
  total: number;
  /** The page answered: the one asked for, or the last when it was past it. */
  page: number;
  /** The page size the list was paged with. */
  pageSize: number;
  /** At least 1. */
  totalPages: number;
  /** Whether the lookups find any order at all before the status, company and search filters. */
  hasOrders: boolean;
  /**
   * The indexes (into `lookups`) of the lookups the caller may not make (another's email or user
   * id, a company they are not a member of): they add nothing, as the single lookup's 403 would.
   */
  refused: number[];
}

/** `POST /brink/get-order-by-id/`. The spec names the body `endpoint`; Kassa takes the id. */
export interface OrderByIdPayload {
  orderId: string;
}

/** `POST /brink/change-order-custom-state/` (C§7): adds or removes one custom state. */
export interface ChangeOrderCustomStatePayload {
  orderId: string;
  stateId: string;
  type: "add" | "remove";
}

/**
 * The answer of a custom-state change: `ok` and the order's custom states after it. Adding a state
 * the order has, or removing one it lacks, changes nothing and is still `ok`.
 */
export interface CustomStateChanged {
  ok: true;
  customStates: OrderCustomState[];
}

/** `POST /brink/add-order-note/` (path not in the spec): a note from the caller. */
export interface AddOrderNotePayload {
  orderId: string;
  /** 1–2000 characters after trimming. */
  text: string;
}

export interface OrderNoteAdded {
  ok: true;
  note: OrderNote;
}
