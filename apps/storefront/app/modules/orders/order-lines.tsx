import type { OrderLine } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import { useTranslation } from "react-i18next";
import { PRODUCT_IMAGE, productImageAlt } from "~/modules/catalogue/product-image";

/** The lines of an order: picture, name, colour and size, quantity, unit price and line total. */
export function OrderLines({
  lines,
  currencyCode,
  locale,
}: {
  lines: OrderLine[];
  currencyCode: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, currencyCode, locale);
  return (
    <ul
      className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
      data-testid="order-lines"
    >
      {lines.map((line, index) => (
        <li
          // Lines have no id of their own; their position in the order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          className="flex gap-4 p-4"
        >
          <img
            src={line.imageUrl}
            alt={productImageAlt(
              line.customAttributes.parentName ?? line.name,
              line.customAttributes.color,
            )}
            width={PRODUCT_IMAGE.width}
            height={PRODUCT_IMAGE.height}
            loading="lazy"
            style={{ aspectRatio: `${PRODUCT_IMAGE.width} / ${PRODUCT_IMAGE.height}` }}
            className="h-auto w-16 shrink-0 self-start rounded-lg bg-stone-100 object-contain"
          />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-stone-900">
              {line.customAttributes.parentName ?? line.name}
            </p>
            <p className="text-sm text-stone-600">
              {[line.customAttributes.color, line.customAttributes.size].filter(Boolean).join(", ")}
            </p>
            <p className="text-sm text-stone-700">
              {t("orders.page.quantity")}: {line.quantity} × {money(line.salePriceAmount)}
            </p>
          </div>
          <p className="font-medium whitespace-nowrap tabular-nums">
            {money(line.totalPriceAmount)}
          </p>
        </li>
      ))}
    </ul>
  );
}
