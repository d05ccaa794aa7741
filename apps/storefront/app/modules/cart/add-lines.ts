import { type LineRefusal, MAX_LINE_QUANTITY } from "@kassa/domain";
import type { TFunction } from "i18next";

/**
 * A line put (or to be put) into the cart by a quick order or an "order again", as the page shows
 * it (`add-lines.server.ts` makes them): `ok` (with how many, and what limited it when fewer than
 * asked), or refused with the reason.
 */
export type LineResult =
  | {
      kind: "ok";
      quantity: number;
      asked: number;
      limitedBy: "order-limit" | "stock" | null;
      orderLimit: number | null;
    }
  | {
      kind: "refused";
      /** `failed`: the platform refused the add for another reason (`message`, when it gave one). */
      reason: LineRefusal | "failed";
      asked: number | null;
      orderLimit: number | null;
      available: number | null;
      message: string | null;
    };

/** What a line's variant is, for the page (no price is ever taken back from the browser). */
export interface VariantView {
  productVariantId: string;
  sku: string;
  name: string;
  slug: string;
  color: string | null;
  size: string | null;
  price: { amount: number; currencyCode: string } | null;
  availableQuantity: number;
}

/** Why a line was not added, in the shopper's language. */
export function refusalText(t: TFunction, result: Extract<LineResult, { kind: "refused" }>) {
  switch (result.reason) {
    case "order-limit":
      return result.orderLimit === null
        ? t("cart.orderLimitTitle")
        : t("quickOrder.problems.order-limit", { limit: result.orderLimit });
    case "stock":
      return t("quickOrder.problems.stock", { available: result.available ?? 0 });
    case "quantity-max":
      return t("quickOrder.problems.quantity-max", { max: MAX_LINE_QUANTITY });
    case "failed":
      return t("quickOrder.problems.failed", { message: result.message ?? t("cart.unexpected") });
    default:
      return t(`quickOrder.problems.${result.reason}`);
  }
}
