/**
 * Gift card input (C§5): code and pin with every space removed. (The 300 ms × index between cards
 * applied at checkout, C§9, is in `timings.ts`.)
 */

/** C§5: spaces removed (a printed card groups its digits) and trimmed. */
export function normalizeGiftCardValue(value: string): string {
  return value.replace(/\s+/g, "").trim();
}

/** A card's code as a shopper may see it again: all but the last four characters hidden. */
export function maskGiftCardCode(code: string): string {
  const visible = code.slice(-4);
  return `${"•".repeat(Math.max(0, Math.min(code.length - 4, 8)))}${visible}`;
}
