import type { Cart } from "@kassa/api-client";
import { isChildLine } from "@kassa/domain";

/** Number of items the cart badge shows: the quantities of the parent lines (child items ride along). */
export function cartItemCount(cart: Cart | null | undefined): number {
  if (!cart) return 0;
  return cart.items
    .filter((item) => !isChildLine(item))
    .reduce((sum, item) => sum + item.quantity, 0);
}
