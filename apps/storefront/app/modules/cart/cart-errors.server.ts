import { isKassaApiError, isOutOfStockError, isUnexpectedError } from "@kassa/api-client";
import { ORDER_LIMIT_REACHED, OrderLimitError } from "@kassa/domain";
import type { TFunction } from "i18next";
import type { Toast } from "~/modules/http/toast.server";

/**
 * The toast a failed cart change shows (C§8): out of stock → 'Slut i lager' / 'Loppuunmyyty';
 * the order limit → what the limit is; too many attempts (429) → wait and retry; anything else → 'Cart error' with the message, falling back
 * to 'An unexpected error occurred'.
 */
export function cartErrorToast(
  error: unknown,
  t: TFunction,
  context: { orderLimit?: number | null } = {},
): Omit<Toast, "id"> {
  if (isOutOfStockError(error)) {
    return {
      variant: "error",
      title: t("cart.outOfStockTitle"),
      description: t("cart.outOfStockBody"),
    };
  }
  const isLimit =
    error instanceof OrderLimitError ||
    (isKassaApiError(error) && error.status === 403 && error.message === ORDER_LIMIT_REACHED);
  if (isLimit) {
    const limit = error instanceof OrderLimitError ? error.orderLimit : context.orderLimit;
    return {
      variant: "error",
      title: t("cart.orderLimitTitle"),
      description: limit ? t("cart.orderLimitBody", { limit }) : undefined,
    };
  }
  // The platform's per-address limits answer a code, not a sentence a shopper can act on.
  if (isKassaApiError(error) && error.status === 429) {
    return {
      variant: "error",
      title: t("cart.errorTitle"),
      description: t("cart.tooManyRequests"),
    };
  }
  if (isKassaApiError(error) && !isUnexpectedError(error)) {
    return { variant: "error", title: t("cart.errorTitle"), description: error.message };
  }
  if (isUnexpectedError(error)) {
    return { variant: "error", title: t("cart.errorTitle"), description: t("cart.unexpected") };
  }
  throw error;
}
