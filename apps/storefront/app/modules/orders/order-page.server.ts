import type { OrderWithAccess } from "@kassa/api-client";
import { isKassaApiError } from "@kassa/api-client";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { backendErrorResponse } from "~/modules/http/backend-errors.server";
import { ordersClient } from "~/modules/http/clients.server";

/**
 * The order of `{account}/orders/{id}` and how the user relates to it. An order the user may not
 * see is the same 404 as one that does not exist (C§6: nobody learns of another's order).
 */
export async function loadOrder(
  accessToken: string,
  orderId: string,
  t: TFunction,
): Promise<OrderWithAccess> {
  try {
    return await ordersClient(accessToken).getOrderById(orderId);
  } catch (error) {
    if (isKassaApiError(error) && error.status === 404) {
      throw data({ reason: "not-found", message: t("orders.page.notFound") }, { status: 404 });
    }
    backendErrorResponse(error);
  }
}
