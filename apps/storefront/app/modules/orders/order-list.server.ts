import {
  type CurrentUser,
  isKassaApiError,
  isUnexpectedError,
  type OrderSummary,
  type OrdersClient,
} from "@kassa/api-client";
import {
  filterOrderSummaries,
  formatMoney,
  formatOrderDate,
  mergeOrderSummaries,
  ORDER_LIST_PAGE_SIZE,
  ORDER_TIME_ZONES,
  type OrderListQuery,
  type OrderLookup,
  orderLookupsFor,
  pageOfList,
  parseOrderListQuery,
  selectedOrganisation,
} from "@kassa/domain";
import { backendErrorResponse } from "~/modules/http/backend-errors.server";
import { ordersClient } from "~/modules/http/clients.server";

/** One row of the order table, formatted on the server (C§2: Swedish dates, newest first). */
export interface OrderRow {
  id: string;
  reference: string;
  /** `yyyy-MM-dd HH:mm` in the order's market's time zone. */
  date: string;
  total: string;
  status: OrderSummary["status"];
  attributes: OrderSummary["attributes"];
}

export interface OrderList {
  query: OrderListQuery;
  /** The company filter's choices: only when the user has more than one organisation (C§2). */
  companies: { id: string; name: string }[];
  /** The company filtered to, when it is one of the user's. */
  companyId: string | undefined;
  rows: OrderRow[];
  page: number;
  totalPages: number;
  /** Orders that match the filters, on every page. */
  total: number;
  /** Whether the user has any order at all under these lookups before the status and search filters. */
  hasOrders: boolean;
}

/**
 * One lookup (C§4). The platform answers only what the user may see; a lookup it refuses (a
 * company the user has just left, 403) is an empty answer, not a broken page. A platform that
 * cannot be reached is the page's 503.
 */
async function runLookup(client: OrdersClient, lookup: OrderLookup): Promise<OrderSummary[]> {
  try {
    const answer =
      lookup.source === "email"
        ? await client.getOrdersByEmail(lookup.email)
        : await client.getOrdersByRef({
            ref: lookup.ref,
            source: lookup.source,
            ...(lookup.source === "ref1" && lookup.email ? { email: lookup.email } : {}),
          });
    return answer.orderSummaries;
  } catch (error) {
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) return [];
    backendErrorResponse(error);
  }
}

/**
 * The order list of `/my-account/orders/` (C§2, C§4): the lookups of the user's orders (ref2,
 * email, each company's ref1; one company's when filtered; the order number when searched), run
 * together, merged and de-duplicated by reference, narrowed by status, company and search, and
 * paged. Filters and page come from the URL.
 */
export async function loadOrderList(
  user: CurrentUser,
  accessToken: string,
  url: URL,
  locale: string,
): Promise<OrderList> {
  const query = parseOrderListQuery(url.searchParams);
  const organisations = user.organisations.filter(
    (organisation) => organisation.organisation_number,
  );
  const company = selectedOrganisation(organisations, query.company);
  const client = ordersClient(accessToken);
  const lookups = orderLookupsFor({ id: user.id, email: user.email, organisations }, query);
  const answers = await Promise.all(lookups.map((lookup) => runLookup(client, lookup)));
  const merged = mergeOrderSummaries(answers);
  const matching = filterOrderSummaries(merged, {
    status: query.status,
    q: query.q,
    companyId: company?.id,
  });
  const shown = pageOfList(matching, query.page, ORDER_LIST_PAGE_SIZE);
  return {
    query: { ...query, page: shown.page },
    companies:
      user.organisations.length > 1
        ? user.organisations.map((organisation) => ({
            id: organisation.id,
            name: organisation.name,
          }))
        : [],
    companyId: company?.id,
    rows: shown.items.map((summary) => ({
      id: summary.id,
      reference: summary.reference,
      date: formatOrderDate(
        summary.date,
        ORDER_TIME_ZONES[summary.countryCode as keyof typeof ORDER_TIME_ZONES] ??
          ORDER_TIME_ZONES.SE,
      ),
      total: formatMoney(summary.totals.grandTotal, summary.currencyCode, locale),
      status: summary.status,
      attributes: summary.attributes,
    })),
    page: shown.page,
    totalPages: shown.totalPages,
    total: shown.total,
    hasOrders: merged.length > 0,
  };
}
