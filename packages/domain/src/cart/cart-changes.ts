/**
 * Quantity buttons of a cart line (C§4): plus adds one, minus takes one away, and minus at
 * quantity 1 removes the line.
 */

/** Highest quantity one cart line may hold (the quantity field accepts 1–99). */
export const MAX_LINE_QUANTITY = 99;
/** Lowest quantity a cart line may hold; below it the line is removed. */
export const MIN_LINE_QUANTITY = 1;

export type QuantityIntent = "increase" | "decrease";

export type QuantityChange = { type: "update"; quantity: number } | { type: "remove" };

/**
 * What a press on plus or minus does to a line at `current`.
 * Plus never goes past {@link MAX_LINE_QUANTITY}.
 *
 * @example
 * quantityChange(1, "decrease"); // { type: "remove" }
 * quantityChange(1, "increase"); // { type: "update", quantity: 2 }
 */
export function quantityChange(current: number, intent: QuantityIntent): QuantityChange {
  if (intent === "increase") {
    return { type: "update", quantity: Math.min(Math.max(current, 0) + 1, MAX_LINE_QUANTITY) };
  }
  if (current <= MIN_LINE_QUANTITY) return { type: "remove" };
  return { type: "update", quantity: Math.min(current - 1, MAX_LINE_QUANTITY) };
}
