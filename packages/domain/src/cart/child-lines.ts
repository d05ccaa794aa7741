/**
 * Child lines (C§4): an add-on item added together with a product carries the id of its parent
 * line in `options.parentItem`, and follows the parent's quantity: when the parent line changes to
 * N, every child line changes to N too; when the parent goes, its children go.
 */

/** The part of a cart line this rule reads (structurally a `CartItem` of `@kassa/api-client`). */
export interface ChildLineCandidate {
  id: string;
  quantity: number;
  options?: { parentItem?: string | null; [key: string]: unknown } | null;
}

/** A quantity to set on one line; `0` means the line is removed. */
export interface LineQuantityUpdate {
  id: string;
  quantity: number;
}

/** True when the line belongs to a parent line. */
export function isChildLine(item: ChildLineCandidate): boolean {
  const parent = item.options?.parentItem;
  return typeof parent === "string" && parent !== "";
}

/** The lines whose parent is `parentId`, in cart order. */
export function childLinesOf<T extends ChildLineCandidate>(
  items: readonly T[],
  parentId: string,
): T[] {
  return items.filter((item) => item.options?.parentItem === parentId);
}

/**
 * The updates that make the children of `parentId` follow the parent's new quantity. Children
 * already at that quantity are left out. A `quantity` of 0 (the parent is removed) yields 0 for
 * every child: remove them.
 *
 * @example
 * childLineUpdates(cart.items, "line-1", 3); // [{ id: "line-2", quantity: 3 }]
 */
export function childLineUpdates(
  items: readonly ChildLineCandidate[],
  parentId: string,
  quantity: number,
): LineQuantityUpdate[] {
  const target = Math.max(0, Math.trunc(quantity));
  return childLinesOf(items, parentId)
    .filter((child) => child.quantity !== target)
    .map((child) => ({ id: child.id, quantity: target }));
}
