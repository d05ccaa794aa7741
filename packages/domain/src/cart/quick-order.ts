/**
 * Quick order (issue 32): lines of "article number, quantity" typed, pasted or uploaded as a CSV
 * file. The parse is pure: it finds the article numbers and quantities; what they are and whether
 * they can be bought is asked of the platform and judged by `add-lines.ts`.
 */
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./cart-changes.js";

/** The most lines one quick order takes; the rest is reported as left out, never silently. */
export const QUICK_ORDER_MAX_LINES = 100;
/** The longest text (or CSV file) a quick order reads: 100 lines of long article numbers fit. */
export const QUICK_ORDER_MAX_TEXT_LENGTH = 20_000;
/**
 * An uploaded CSV file's largest size in bytes: 100 lines need a few KB, and file and text box
 * together stay under the storefront's 64 KB limit of a form post (`KASSA_FORM_MAX_KB`).
 */
export const QUICK_ORDER_MAX_FILE_BYTES = 32 * 1024;
/** The longest article number read; a longer one is a mistake (a whole paragraph on one line). */
export const QUICK_ORDER_MAX_SKU_LENGTH = 64;

/**
 * What may be wrong with a line before anything is looked up: a quantity that is not a whole
 * number of at least one, or more than one cart line holds; no or an overlong article number.
 */
export type QuickOrderLineProblem = "quantity" | "quantity-max" | "sku-missing" | "sku-too-long";

export interface QuickOrderLine {
  /** The line's number in the text, from 1 (blank lines counted), so a message can point at it. */
  row: number;
  /** The article number as written, trimmed and without quotes. */
  sku: string;
  /** The quantity asked for; 1 when the line names none. `null` when it is not usable. */
  quantity: number | null;
  /** The quantity as written (for the form to show back). */
  quantityText: string;
  problem: QuickOrderLineProblem | null;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  /** Lines beyond {@link QUICK_ORDER_MAX_LINES}, left out (not blank ones). */
  leftOut: number;
}

/** A line's fields split on its first tab, semicolon or comma (in that order of preference). */
function fieldsOf(line: string): string[] {
  for (const separator of ["\t", ";", ","]) {
    if (line.includes(separator)) return line.split(separator);
  }
  return [line];
}

function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replaceAll('""', '"').trim();
  }
  return trimmed;
}

/** A quantity as written: empty means 1; anything but a whole number from 1 is a problem. */
export function parseQuickOrderQuantity(text: string): {
  quantity: number | null;
  problem: QuickOrderLineProblem | null;
} {
  if (text === "") return { quantity: MIN_LINE_QUANTITY, problem: null };
  if (!/^\d+$/.test(text)) return { quantity: null, problem: "quantity" };
  const quantity = Number(text);
  if (quantity < MIN_LINE_QUANTITY) return { quantity: null, problem: "quantity" };
  if (quantity > MAX_LINE_QUANTITY) return { quantity: null, problem: "quantity-max" };
  return { quantity, problem: null };
}

/**
 * Reads a quick order: one "article number, quantity" a line, the two separated by a comma, a
 * semicolon or a tab (a spreadsheet's copy), the quantity optional (1). Blank lines are skipped,
 * columns after the second ignored, quotes around a field dropped. At most
 * {@link QUICK_ORDER_MAX_LINES} lines are read; `leftOut` counts the others.
 *
 * @example
 * parseQuickOrder("AB-1, 2\n\nCD-2").lines;
 * // [{ row: 1, sku: "AB-1", quantity: 2, … }, { row: 3, sku: "CD-2", quantity: 1, … }]
 */
export function parseQuickOrder(text: string): ParsedQuickOrder {
  const lines: QuickOrderLine[] = [];
  let leftOut = 0;
  const rows = text.slice(0, QUICK_ORDER_MAX_TEXT_LENGTH).split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const [skuField = "", quantityField = ""] = fieldsOf(raw.replace(/^\uFEFF/, "").trim());
    const sku = unquote(skuField);
    const quantityText = unquote(quantityField);
    if (sku === "" && quantityText === "") return;
    if (lines.length >= QUICK_ORDER_MAX_LINES) {
      leftOut += 1;
      return;
    }
    const parsed = parseQuickOrderQuantity(quantityText);
    const problem: QuickOrderLineProblem | null =
      sku === ""
        ? "sku-missing"
        : sku.length > QUICK_ORDER_MAX_SKU_LENGTH
          ? "sku-too-long"
          : parsed.problem;
    lines.push({ row: index + 1, sku, quantity: parsed.quantity, quantityText, problem });
  });
  return { lines, leftOut };
}

/** The lines as text again (one "article number, quantity" a line), for the text box to show. */
export function quickOrderText(lines: readonly Pick<QuickOrderLine, "sku" | "quantityText">[]) {
  return lines
    .map((line) => (line.quantityText ? `${line.sku}, ${line.quantityText}` : line.sku))
    .join("\n");
}
