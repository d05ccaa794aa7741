import { ORDER_LIST_SKELETON_ROWS } from "@kassa/domain";
import { Skeleton } from "@kassa/ui";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OrderBadges } from "./order-badges";
import type { OrderRow } from "./order-list.server";

function Head() {
  const { t } = useTranslation();
  return (
    // On a phone the rows stack and the headings are for screen readers only.
    <thead className="sr-only bg-stone-50 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase sm:not-sr-only sm:table-header-group">
      <tr>
        <th scope="col" className="px-4 py-3">
          {t("orders.table.number")}
        </th>
        <th scope="col" className="px-4 py-3">
          {t("orders.table.date")}
        </th>
        <th scope="col" className="px-4 py-3">
          {t("orders.table.status")}
        </th>
        <th scope="col" className="px-4 py-3 text-right">
          {t("orders.table.total")}
        </th>
        <th scope="col" className="px-4 py-3 text-right">
          {t("orders.table.actions")}
        </th>
      </tr>
    </thead>
  );
}

/*
 * From `sm` up a table; below it each row is a small card (number and total, date and the view
 * link, the badges), so a phone needs no sideways scrolling. The headings stay in the table for
 * screen readers (`sr-only`), which still read each row as a table row.
 */
const TABLE = "block w-full border-collapse text-sm sm:table";
const BODY = "block divide-y divide-stone-200 sm:table-row-group";
const ROW =
  "grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1.5 px-4 py-3 sm:table-row sm:p-0";
const CELL = "sm:table-cell sm:px-4 sm:py-3 sm:align-middle";

/**
 * The order table (C§2): number, date (`yyyy-MM-dd HH:mm`), status badges, total and a view link
 * per row, newest first.
 */
export function OrderTable({ rows }: { rows: OrderRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl border border-stone-200 bg-white">
      <table className={TABLE} data-testid="order-table">
        <caption className="sr-only">{t("orders.table.caption")}</caption>
        <Head />
        <tbody className={BODY}>
          {rows.map((row) => (
            <tr key={row.id} className={ROW} data-testid="order-row">
              <th
                scope="row"
                className={`${CELL} text-left font-semibold text-stone-900 tabular-nums`}
              >
                {row.reference}
              </th>
              <td
                className={`${CELL} col-start-1 row-start-2 whitespace-nowrap text-stone-700 tabular-nums`}
              >
                {row.date}
              </td>
              <td className={`${CELL} col-span-2 row-start-3`}>
                <OrderBadges order={row} />
              </td>
              <td
                className={`${CELL} col-start-2 row-start-1 text-right whitespace-nowrap tabular-nums`}
              >
                {row.total}
              </td>
              <td className={`${CELL} col-start-2 row-start-2 text-right`}>
                <Link
                  to={`/my-account/orders/${encodeURIComponent(row.id)}`}
                  aria-label={t("orders.table.viewOrder", { reference: row.reference })}
                  className="font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-900"
                >
                  {t("orders.table.view")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** C§2, C§9: the table while the next list loads, five rows of placeholders. */
export function OrderTableSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="rounded-xl border border-stone-200 bg-white"
      aria-busy="true"
      data-testid="order-table-skeleton"
    >
      <p className="sr-only" role="status">
        {t("orders.table.loading")}
      </p>
      <table className={TABLE} aria-hidden="true">
        <Head />
        <tbody className={BODY}>
          {Array.from({ length: ORDER_LIST_SKELETON_ROWS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <tr key={index} className={ROW}>
              <td className={CELL}>
                <Skeleton className="h-4 w-16" />
              </td>
              <td className={`${CELL} col-start-1 row-start-2`}>
                <Skeleton className="h-4 w-28" />
              </td>
              <td className={`${CELL} col-span-2 row-start-3`}>
                <Skeleton className="h-5 w-20" />
              </td>
              <td className={`${CELL} col-start-2 row-start-1`}>
                <Skeleton className="ml-auto h-4 w-16" />
              </td>
              <td className={`${CELL} col-start-2 row-start-2`}>
                <Skeleton className="ml-auto h-4 w-10" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
