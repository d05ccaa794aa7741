/** Stock a new cart can still take: what the warehouse holds minus what checkouts hold. */
export function availableQuantity(
  stock: { stockQuantity: number; reservedQuantity: number } | undefined,
): number {
  if (!stock) return 0;
  return Math.max(0, stock.stockQuantity - stock.reservedQuantity);
}
