import { isKassaApiError, isOutOfStockError } from "@kassa/api-client";
import { ORDER_LIMIT_REACHED, OrderLimitError, type SizeChangeRefusal } from "@kassa/domain";
import type { TFunction } from "i18next";
import type { Toast } from "~/modules/http/toast.server";
import { cartErrorToast } from "./cart-errors.server";

const REFUSALS: readonly SizeChangeRefusal[] = ["unknown-size", "sold-out", "order-limit"];

/**
 * The toast of a size change that was not made (C§4), each saying the cart is unchanged: a
 * refusal of the storefront's rule, or the platform's answer (stock drawn meanwhile, a variant it
 * does not take, a lowered order limit). Other failures are the cart's usual errors (C§8).
 */
export function sizeChangeErrorToast(
  reason: SizeChangeRefusal | unknown,
  t: TFunction,
  context: { size?: string; limit?: number | null },
): Omit<Toast, "id"> {
  const refusal = REFUSALS.includes(reason as SizeChangeRefusal)
    ? (reason as SizeChangeRefusal)
    : refusalOf(reason);
  const title = t("cart.sizeChangeErrorTitle");
  switch (refusal) {
    case "unknown-size":
      return { variant: "error", title, description: t("cart.sizeUnknown") };
    case "sold-out":
      return {
        variant: "error",
        title,
        description: t("cart.sizeSoldOut", { size: context.size ?? "" }),
      };
    case "order-limit": {
      const limit = reason instanceof OrderLimitError ? reason.orderLimit : context.limit;
      return {
        variant: "error",
        title,
        description: limit ? t("cart.sizeOrderLimit", { limit }) : t("cart.sizeNotChanged"),
      };
    }
    default: {
      const toast = cartErrorToast(reason, t);
      return { ...toast, title, description: toast.description ?? t("cart.sizeNotChanged") };
    }
  }
}

/** The platform's refusals of `PUT …/items/{id}/variant` as the rule's words. */
function refusalOf(error: unknown): SizeChangeRefusal | null {
  if (error instanceof OrderLimitError) return "order-limit";
  if (isOutOfStockError(error)) return "sold-out";
  if (!isKassaApiError(error)) return null;
  if (error.status === 403 && error.message === ORDER_LIMIT_REACHED) return "order-limit";
  // Another product's variant (400), or one not sold here (404 product variant not found).
  if (
    error.status === 400 ||
    (error.status === 404 && error.message === "product variant not found")
  )
    return "unknown-size";
  return null;
}
