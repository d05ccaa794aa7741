/**
 * The order limit of a product parent (C§5): the summed quantity of every variant of one parent in
 * a cart may not exceed the parent's `orderLimit`. Raised as ORDER_LIMIT_REACHED with status 403
 * (C§8), by the storefront before it calls the platform and by the platform itself.
 */
export const ORDER_LIMIT_REACHED = "ORDER_LIMIT_REACHED";

export interface OrderLimitLine {
  id: string;
  productParentId: string;
  quantity: number;
}

export interface OrderLimitCheck {
  /** The lines already in the cart. */
  lines: readonly OrderLimitLine[];
  productParentId: string;
  /** The parent's limit; `null` or `undefined` means unlimited. */
  orderLimit: number | null | undefined;
  /** Quantity the change adds (an add) or sets (an update of `replacingLineId`). */
  quantity: number;
  /** When the change sets the quantity of an existing line, that line's id. */
  replacingLineId?: string;
}

export class OrderLimitError extends Error {
  readonly code = ORDER_LIMIT_REACHED;
  readonly status = 403;

  constructor(
    readonly productParentId: string,
    readonly orderLimit: number,
    /** Quantity of the parent the cart would have held after the change. */
    readonly requestedQuantity: number,
  ) {
    super(ORDER_LIMIT_REACHED);
    this.name = "OrderLimitError";
  }
}

/** Summed quantity of one product parent's lines, leaving out one line when given. */
export function quantityOfParent(
  lines: readonly OrderLimitLine[],
  productParentId: string,
  exceptLineId?: string,
): number {
  return lines
    .filter((line) => line.productParentId === productParentId && line.id !== exceptLineId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** The parent's quantity after the change. */
export function quantityAfterChange(check: OrderLimitCheck): number {
  return (
    quantityOfParent(check.lines, check.productParentId, check.replacingLineId) + check.quantity
  );
}

export function exceedsOrderLimit(check: OrderLimitCheck): boolean {
  if (check.orderLimit == null) return false;
  return quantityAfterChange(check) > check.orderLimit;
}

/** Throws {@link OrderLimitError} when the change would exceed the parent's order limit. */
export function assertWithinOrderLimit(check: OrderLimitCheck): void {
  if (check.orderLimit != null && exceedsOrderLimit(check)) {
    throw new OrderLimitError(check.productParentId, check.orderLimit, quantityAfterChange(check));
  }
}
