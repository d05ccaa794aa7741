import { ORDER_SEARCH_DEBOUNCE_MS, ORDER_STATUS_FILTERS } from "@kassa/domain";
import { Button, Field, Input, Pagination, Select } from "@kassa/ui";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { useDebouncedSubmit } from "~/hooks/use-debounced-submit";
import { requireLogin } from "~/modules/account/auth.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { loadOrderList } from "~/modules/orders/order-list.server";
import { OrderTable, OrderTableSkeleton } from "~/modules/orders/order-table";

/**
 * `/my-account/orders/` (C§2, C§4): the user's orders and their companies', newest first, with the
 * company filter (more than one organisation), the status filter and the order-number search as
 * query parameters, so the list works without JavaScript and can be bookmarked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [login, t, market] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    marketOf(request),
  ]);
  const list = await loadOrderList(
    login.user,
    login.accessToken,
    new URL(request.url),
    market.locale,
  );
  return data(
    { title: `${t("orders.title")} – ${t("meta.siteName")}`, list },
    { headers: headersSettingCookies(login.setCookies) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

/** The list's URL with other parameters: filters kept, page reset unless given. */
function withParams(search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export default function OrdersPage() {
  const { list } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const submitLater = useDebouncedSubmit();
  const formRef = useRef<HTMLFormElement>(null);

  // C§2: the 5-row skeleton while the next list (another filter, search or page) loads.
  const loadingList =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filtered = list.query.status !== "ALL" || Boolean(list.query.q) || Boolean(list.companyId);

  /** With JavaScript the filters apply as they change; the button is for a page without. */
  function applyFilters(delayMs = 0) {
    submitLater(formRef.current, delayMs);
  }

  return (
    <PageFrame
      title={t("orders.title")}
      wide
      back={
        <Link
          to="/my-account/overview/"
          className="text-sm text-emerald-800 underline underline-offset-4"
        >
          {t("myAccount.backToAccount")}
        </Link>
      }
    >
      <p className="text-stone-700">{t("orders.intro")}</p>

      <Form
        method="get"
        ref={formRef}
        role="search"
        aria-label={t("orders.filters.legend")}
        className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))] sm:items-end"
      >
        {list.companies.length > 0 ? (
          <Field label={t("orders.filters.company")} id="order-company">
            <Select
              name="company"
              defaultValue={list.companyId ?? ""}
              onChange={() => applyFilters()}
            >
              <option value="">{t("orders.filters.allCompanies")}</option>
              {list.companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field label={t("orders.filters.status")} id="order-status">
          <Select name="status" defaultValue={list.query.status} onChange={() => applyFilters()}>
            {ORDER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {t(`orders.statusFilter.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t("orders.filters.search")}
          id="order-search"
          hint={t("orders.filters.searchHint")}
        >
          <Input
            type="search"
            name="q"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={list.query.q ?? ""}
            maxLength={40}
            onChange={() => applyFilters(ORDER_SEARCH_DEBOUNCE_MS)}
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary">
            {t("orders.filters.apply")}
          </Button>
          {filtered ? (
            <Link
              to="?"
              className="text-sm font-medium text-emerald-800 underline underline-offset-4"
            >
              {t("orders.filters.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="text-sm text-stone-700" role="status" data-testid="order-count">
        {t("orders.count", { count: list.total })}
        {list.totalPages > 1
          ? ` · ${t("orders.pageOf", { page: list.page, total: list.totalPages })}`
          : ""}
      </p>

      {loadingList ? (
        <OrderTableSkeleton />
      ) : list.rows.length > 0 ? (
        <OrderTable rows={list.rows} />
      ) : (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          {list.hasOrders ? t("orders.noMatch") : t("orders.empty")}
        </p>
      )}

      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        hrefForPage={(page) =>
          withParams(location.search, { page: page > 1 ? String(page) : undefined })
        }
        linkComponent={Link}
        labels={{
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          page: (page, total) => t("orders.pageOf", { page, total }),
          nav: t("orders.pagination"),
        }}
      />
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
