/**
 * The compare list (C§2): products side by side. It lives only as long as the page (C§2: it
 * empties on every route change), so it is plain state, never stored. At most four: our choice
 * (four columns fit a laptop and scroll on a phone); C§2 sets no limit (ADR 0016, ADR 0047).
 */
export const COMPARE_MAX_PRODUCTS = 4;

export interface CompareToggle {
  productIds: string[];
  change: "added" | "removed" | "full";
}

/** Adds the product when absent (while there is room), removes it when present. */
export function toggleCompare(productIds: readonly string[], productId: string): CompareToggle {
  if (productIds.includes(productId)) {
    return { productIds: productIds.filter((id) => id !== productId), change: "removed" };
  }
  if (productIds.length >= COMPARE_MAX_PRODUCTS)
    return { productIds: [...productIds], change: "full" };
  return { productIds: [...productIds, productId], change: "added" };
}

/** The products a compare address asks for: distinct, at most four, in the order given. */
export function compareSelection(productIds: readonly string[]): {
  productIds: string[];
  dropped: number;
} {
  const distinct = [...new Set(productIds.map((id) => id.trim()).filter(Boolean))];
  return {
    productIds: distinct.slice(0, COMPARE_MAX_PRODUCTS),
    dropped: Math.max(0, distinct.length - COMPARE_MAX_PRODUCTS),
  };
}
