import type { DeliveryLine, OrderOperationKind } from "@kassa/api-client";
import {
  ORDER_COMPENSATION_STATES,
  ORDER_FLOW_STATES,
  type OrderCompensationState,
  type OrderFlowState,
} from "@kassa/domain";

/**
 * What the back office's operations do to an order (platform contract, ADR 0012), without a
 * database. `orderStates` are the order's current states: one of the flow, and one of
 * compensation once money went back.
 *
 * | Operation | From | To |
 * |---|---|---|
 * | release | PLACED | RELEASED |
 * | delivery | RELEASED, PARTIALLY_DELIVERED | PARTIALLY_DELIVERED, or FULLY_DELIVERED once every line is |
 * | cancellation | PLACED, RELEASED (nothing delivered) | CANCELLED |
 * | compensation | PARTIALLY_DELIVERED, FULLY_DELIVERED, CANCELLED | keeps the flow; PARTIALLY_COMPENSATED, or FULLY_COMPENSATED once the grand total is back |
 *
 * A blocking custom state refuses the operations its definition names (`awaiting_customer_action`
 * and `customer_declined` refuse release and delivery).
 */

export interface OrderForOperation {
  orderStates: readonly string[];
  customStates: readonly string[];
  lines: readonly { quantity: number; deliveredQuantity: number }[];
  grandTotal: number;
  compensatedTotal: number;
}

/** What an operation changes, once its input is settled (everything remaining when none given). */
export type OperationChange =
  | { kind: "releases" | "cancellations" }
  | { kind: "deliveries"; lines: DeliveryLine[] }
  | { kind: "compensations"; amount: number };

/** The order's flow state (PLACED when it names none this version knows). */
export function flowStateOf(orderStates: readonly string[]): OrderFlowState {
  return (
    (orderStates.find((state) => (ORDER_FLOW_STATES as readonly string[]).includes(state)) as
      | OrderFlowState
      | undefined) ?? "PLACED"
  );
}

function compensationStateOf(orderStates: readonly string[]): OrderCompensationState | null {
  return (
    (orderStates.find((state) =>
      (ORDER_COMPENSATION_STATES as readonly string[]).includes(state),
    ) as OrderCompensationState | undefined) ?? null
  );
}

const ALLOWED_FROM: Record<OrderOperationKind, readonly OrderFlowState[]> = {
  releases: ["PLACED"],
  deliveries: ["RELEASED", "PARTIALLY_DELIVERED"],
  cancellations: ["PLACED", "RELEASED"],
  compensations: ["PARTIALLY_DELIVERED", "FULLY_DELIVERED", "CANCELLED"],
};

/** Lines still to deliver: `[{ position, quantity }]` of every line with some left. */
export function remainingDelivery(order: Pick<OrderForOperation, "lines">): DeliveryLine[] {
  return order.lines
    .map((line, position) => ({ position, quantity: line.quantity - line.deliveredQuantity }))
    .filter((line) => line.quantity > 0);
}

/** Minor units still to give back. */
export function remainingCompensation(
  order: Pick<OrderForOperation, "grandTotal" | "compensatedTotal">,
): number {
  return Math.max(0, order.grandTotal - order.compensatedTotal);
}

/**
 * Why the operation cannot be done to the order now, or null when it can. `blocking` maps each
 * blocking custom state to the operations it blocks.
 */
export function refusalOf(
  change: OperationChange,
  order: OrderForOperation,
  blocking: ReadonlyMap<string, readonly OrderOperationKind[]>,
): string | null {
  const flow = flowStateOf(order.orderStates);
  if (!ALLOWED_FROM[change.kind].includes(flow)) {
    return `An order that is ${flow} cannot take ${change.kind}`;
  }
  for (const state of order.customStates) {
    if (blocking.get(state)?.includes(change.kind)) {
      return `The custom state ${state} blocks ${change.kind}`;
    }
  }
  if (change.kind === "cancellations" && order.lines.some((line) => line.deliveredQuantity > 0)) {
    return "A delivered order cannot be cancelled";
  }
  if (change.kind === "deliveries") {
    if (change.lines.length === 0) return "Nothing is left to deliver";
    const remaining = new Map(
      remainingDelivery(order).map((line) => [line.position, line.quantity]),
    );
    for (const line of change.lines) {
      if ((remaining.get(line.position) ?? 0) < line.quantity) {
        return `Line ${line.position} has ${remaining.get(line.position) ?? 0} left to deliver`;
      }
    }
  }
  if (change.kind === "compensations") {
    const remaining = remainingCompensation(order);
    if (change.amount < 1 || change.amount > remaining) {
      return `${remaining} is left to compensate`;
    }
  }
  return null;
}

export interface OrderAfterOperation {
  orderStates: string[];
  /** Deliveries: the delivered quantity of each line after it. */
  deliveredQuantities: number[];
  compensatedTotal: number;
  /** Whether the operation did only part of what is left (a partial delivery or compensation). */
  partial: boolean;
}

/** The order after the operation (call {@link refusalOf} first). */
export function applyOperation(
  change: OperationChange,
  order: OrderForOperation,
): OrderAfterOperation {
  let flow = flowStateOf(order.orderStates);
  let compensation = compensationStateOf(order.orderStates);
  const deliveredQuantities = order.lines.map((line) => line.deliveredQuantity);
  let compensatedTotal = order.compensatedTotal;
  let partial = false;
  switch (change.kind) {
    case "releases":
      flow = "RELEASED";
      break;
    case "cancellations":
      flow = "CANCELLED";
      break;
    case "deliveries": {
      for (const line of change.lines) {
        deliveredQuantities[line.position] =
          (deliveredQuantities[line.position] ?? 0) + line.quantity;
      }
      const complete = order.lines.every(
        (line, position) => (deliveredQuantities[position] ?? 0) >= line.quantity,
      );
      flow = complete ? "FULLY_DELIVERED" : "PARTIALLY_DELIVERED";
      partial = !complete;
      break;
    }
    case "compensations":
      compensatedTotal += change.amount;
      compensation =
        compensatedTotal >= order.grandTotal ? "FULLY_COMPENSATED" : "PARTIALLY_COMPENSATED";
      partial = compensation === "PARTIALLY_COMPENSATED";
      break;
  }
  return {
    orderStates: compensation ? [flow, compensation] : [flow],
    deliveredQuantities,
    compensatedTotal,
    partial,
  };
}
