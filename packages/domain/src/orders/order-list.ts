import { z } from "zod";

/**
 * The order list (C§2, C§4): its status filter, the merge of the lookups, and its query (filters,
 * search and page live in the URL, so they work without JavaScript and can be bookmarked).
 */

/** C§4 status filter options, in the order the filter lists them. */
export const ORDER_STATUS_FILTERS = [
  "ALL",
  "DELIVERED",
  "PLACED",
  "CANCELLED",
  "FULLY_COMPENSATED",
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The back-office states each filter option matches (C§4). */
const FILTER_STATES: Record<Exclude<OrderStatusFilter, "ALL">, readonly string[]> = {
  DELIVERED: ["FULLY_DELIVERED"],
  PLACED: ["PLACED"],
  CANCELLED: ["CANCELLED"],
  FULLY_COMPENSATED: ["FULLY_COMPENSATED", "PARTIALLY_COMPENSATED"],
};

/**
 * The back-office states a filter option matches (C§4), none for `ALL` (every order): what a query
 * on the platform asks for, the same table {@link matchesStatusFilter} reads.
 */
export function orderStatesOfFilter(filter: OrderStatusFilter): readonly string[] {
  return filter === "ALL" ? [] : FILTER_STATES[filter];
}

export function matchesStatusFilter(
  orderStates: readonly string[],
  filter: OrderStatusFilter,
): boolean {
  if (filter === "ALL") return true;
  return FILTER_STATES[filter].some((state) => orderStates.includes(state));
}

/** Orders on one page of the list. */
export const ORDER_LIST_PAGE_SIZE = 20;
/** The most orders one page of the paged order lookup answers (`/brink/get-orders-page/`). */
export const MAX_ORDER_PAGE_SIZE = 100;
/** The most lookups one paged order lookup takes: ref2, email and a ref1 per company, and more. */
export const MAX_ORDER_PAGE_LOOKUPS = 50;
/** C§2, C§9: rows of the list's loading skeleton. */
export const ORDER_LIST_SKELETON_ROWS = 5;
/** The longest order-number search the list takes. */
export const MAX_ORDER_SEARCH_LENGTH = 40;

export interface MergeableOrderSummary {
  reference: string;
  date: string;
}

/**
 * C§4: the answers of several lookups (ref1, ref2, email) as one list, each order once (by
 * `reference`, the first answer's copy kept), newest first; equal dates keep the higher number first.
 */
export function mergeOrderSummaries<T extends MergeableOrderSummary>(
  lists: readonly (readonly T[])[],
): T[] {
  const seen = new Map<string, T>();
  for (const list of lists) {
    for (const summary of list) {
      if (!seen.has(summary.reference)) seen.set(summary.reference, summary);
    }
  }
  return [...seen.values()].sort((a, b) => {
    const byDate = Date.parse(b.date) - Date.parse(a.date);
    if (byDate !== 0 && !Number.isNaN(byDate)) return byDate;
    return b.reference.localeCompare(a.reference, "en", { numeric: true });
  });
}

/**
 * Whether an order number matches what was typed in the search box: the number begins with the
 * digits typed, spaces left out (`1004` finds 1004 and 100413). The beginning, not any part: a
 * buyer types a number from the start, and the platform finds such numbers by index.
 */
export function matchesOrderSearch(reference: string, search: string | undefined): boolean {
  const wanted = search?.replace(/\s+/g, "");
  return !wanted || reference.startsWith(wanted);
}

/**
 * The list's query: `?status=&company=&q=&page=`. Anything unknown or malformed falls back to the
 * default (a bookmarked or hand-edited URL always shows a list, never an error).
 */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUS_FILTERS).catch("ALL"),
  /** An organisation id, or absent for all of the user's orders. */
  company: z.string().trim().min(1).max(100).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(MAX_ORDER_SEARCH_LENGTH)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  return orderListQuerySchema.parse({
    status: params.get("status") ?? undefined,
    company: params.get("company") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** One page of a list: its items, the page shown (clamped to the last) and how many pages there are. */
export function pageOfList<T>(
  items: readonly T[],
  page: number,
  pageSize: number = ORDER_LIST_PAGE_SIZE,
): { items: T[]; page: number; totalPages: number; total: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const shown = Math.min(Math.max(1, page), totalPages);
  const start = (shown - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: shown,
    totalPages,
    total: items.length,
  };
}
