import type { CartTotals, CheckoutTotals } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import type { CartSummaryLine } from "@kassa/ui";
import type { TFunction } from "i18next";

export interface SummaryInput {
  totals: CartTotals | CheckoutTotals;
  currencyCode: string;
  isTaxIncludedInPrice: boolean;
  /** The item count line, when the card shows one. */
  itemCount?: number;
}

/**
 * The totals lines of C§2 (subtotal, shipping, optional discount and VAT, grand total), and on a
 * checkout or an order the gift cards and what is left to pay. The platform computed every amount;
 * this only formats them.
 */
export function summaryLines(input: SummaryInput, t: TFunction, locale: string): CartSummaryLine[] {
  const money = (amount: number) => formatMoney(amount, input.currencyCode, locale);
  const { totals } = input;
  const lines: CartSummaryLine[] = [];
  if (input.itemCount !== undefined) {
    lines.push({ id: "items", label: t("cart.items"), value: String(input.itemCount) });
  }
  lines.push(
    { id: "subtotal", label: t("cart.subtotal"), value: money(totals.subTotal) },
    {
      id: "shipping",
      label: t("cart.shipping"),
      value: totals.shippingTotal === 0 ? t("cart.shippingFree") : money(totals.shippingTotal),
    },
  );
  if (totals.discountTotal > 0) {
    lines.push({
      id: "discount",
      label: t("cart.discount"),
      value: `−${money(totals.discountTotal)}`,
      tone: "discount",
    });
  }
  if (totals.taxTotal > 0) {
    lines.push({
      id: "vat",
      label: input.isTaxIncludedInPrice ? t("cart.vat") : t("cart.vatAdded"),
      value: money(totals.taxTotal),
    });
  }
  const giftCardTotal = "giftCardTotal" in totals ? totals.giftCardTotal : 0;
  lines.push({
    id: "grand-total",
    label: t("cart.grandTotal"),
    value: money(totals.grandTotal),
    emphasis: giftCardTotal === 0,
  });
  if ("amountToPay" in totals && giftCardTotal > 0) {
    lines.push(
      {
        id: "gift-cards",
        label: t("checkout.giftCardTotal"),
        value: `−${money(giftCardTotal)}`,
        tone: "discount",
      },
      {
        id: "amount-to-pay",
        label: t("checkout.amountToPay"),
        value: money(totals.amountToPay),
        emphasis: true,
      },
    );
  }
  return lines;
}
