import {
  type CurrentUser,
  isKassaApiError,
  isUnexpectedError,
  type OrderSummary,
  type OrdersClient,
  type OrdersPage,
  type OrdersPagePayload,
} from "@kassa/api-client";
import {
  formatMoney,
  formatOrderDate,
  ORDER_LIST_PAGE_SIZE,
  ORDER_TIME_ZONES,
  type OrderListQuery,
  orderLookupsFor,
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

/** What a list the platform refuses (a 4xx, e.g. its user gone meanwhile) shows: no orders. */
function noOrders(pageSize: number): OrdersPage {
  return {
    orderSummaries: [],
    total: 0,
    page: 1,
    pageSize,
    totalPages: 1,
    hasOrders: false,
    refused: [],
  };
}

/**
 * One page of the merged lookups (C§4), from `/brink/get-orders-page/`: the platform merges and
 * de-duplicates them, filters, counts and pages in its database (issue 32), so the page costs the
 * same for a company with 10,000 orders as for one with 100. A lookup it refuses (a company the
 * user has just left) adds nothing; a refused call is an empty list, not a broken page. A platform
 * that cannot be reached is the page's 503.
 */
async function readPage(
  client: OrdersClient,
  payload: OrdersPagePayload & { pageSize: number },
): Promise<OrdersPage> {
  try {
    return await client.getOrdersPage(payload);
  } catch (error) {
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) {
      return noOrders(payload.pageSize);
    }
    backendErrorResponse(error);
  }
}

/**
 * The order list of `/my-account/orders/` (C§2, C§4): the lookups of the user's orders (ref2,
 * email, each company's ref1; one company's when filtered; the order number when searched), merged
 * and de-duplicated by reference, narrowed by status, company and search, and paged, in one call.
 * Filters and page come from the URL.
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
  const lookups = orderLookupsFor({ id: user.id, email: user.email, organisations }, query);
  const shown = await readPage(ordersClient(accessToken), {
    lookups,
    status: query.status,
    ...(company ? { companyId: company.id } : {}),
    ...(query.q ? { q: query.q } : {}),
    page: query.page,
    pageSize: ORDER_LIST_PAGE_SIZE,
  });
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
    rows: shown.orderSummaries.map((summary) => ({
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
    hasOrders: shown.hasOrders,
  };
}
