import {
  parseQuickOrder,
  QUICK_ORDER_MAX_FILE_BYTES,
  QUICK_ORDER_MAX_TEXT_LENGTH,
  type QuickOrderLine,
  quickOrderText,
} from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import type { LineResult, VariantView } from "./add-lines";
import {
  judgeLines,
  type LinesAsk,
  putLinesInCart,
  type ResolvedVariant,
  variantsBySku,
} from "./add-lines.server";

/**
 * A quick order (issue 32) on the server: the text box and the CSV file read into lines, each
 * looked up by article number (C§7 `get-products-by-sku`, `isMultiple`) and judged against the
 * cart; on add, looked up again live and put into the cart.
 */

export interface QuickOrderRow {
  row: number;
  sku: string;
  quantityText: string;
  variant: VariantView | null;
  result: LineResult;
}

export interface QuickOrderView {
  /** The lines as the text box shows them (a posted file's lines after the typed ones). */
  text: string;
  rows: QuickOrderRow[];
  /** Lines past the cap, left out. */
  leftOut: number;
  /** What is wrong with the post as a whole, if anything. */
  error: "empty" | "file-too-large" | null;
}

export const EMPTY_QUICK_ORDER: QuickOrderView = { text: "", rows: [], leftOut: 0, error: null };

/** The text of a post: the text box, then the lines of an uploaded file. */
export async function quickOrderInput(
  formData: FormData,
): Promise<{ text: string; error: QuickOrderView["error"] }> {
  const typed = String(formData.get("lines") ?? "").slice(0, QUICK_ORDER_MAX_TEXT_LENGTH);
  const file = formData.get("file");
  if (!(file instanceof Blob) || file.size === 0) return { text: typed, error: null };
  if (file.size > QUICK_ORDER_MAX_FILE_BYTES) return { text: typed, error: "file-too-large" };
  const uploaded = await file.text();
  return { text: [typed.trimEnd(), uploaded].filter(Boolean).join("\n"), error: null };
}

function view(variant: ResolvedVariant | null): VariantView | null {
  if (!variant) return null;
  const { offer: _offer, childVariantIds: _children, ...shown } = variant;
  return shown;
}

async function asksOf(request: Request, lines: readonly QuickOrderLine[], live: boolean) {
  const variants = await variantsBySku(
    request,
    lines.filter((line) => !line.problem).map((line) => line.sku),
    { live },
  );
  return lines.map(
    (line): LinesAsk => ({
      quantity: line.quantity,
      problem: line.problem,
      variant: variants.get(line.sku.toUpperCase()) ?? null,
      offer: variants.get(line.sku.toUpperCase())?.offer ?? null,
    }),
  );
}

function rowsOf(
  lines: readonly QuickOrderLine[],
  asks: readonly LinesAsk[],
  results: readonly LineResult[],
): QuickOrderRow[] {
  return lines.map((line, index) => ({
    row: line.row,
    sku: line.sku,
    quantityText: line.quantityText,
    variant: view(asks[index]?.variant ?? null),
    result: results[index] as LineResult,
  }));
}

/** Every line of `text` looked up and judged against the cart, nothing changed (intent=resolve). */
export async function resolveQuickOrder(request: Request, text: string): Promise<QuickOrderView> {
  const { lines, leftOut } = parseQuickOrder(text);
  if (lines.length === 0) return { ...EMPTY_QUICK_ORDER, text };
  const asks = await asksOf(request, lines, false);
  const results = await judgeLines(request, asks, "exact");
  return { text, rows: rowsOf(lines, asks, results), leftOut, error: null };
}

/**
 * Puts every valid line of `text` into the cart (intent=add): looked up again, live, so neither a
 * price nor a stock figure is ever taken from the browser. Each line is added with its quantity
 * or not at all (the buyer typed it; a smaller number is theirs to choose).
 */
export async function addQuickOrder(request: Request, context: AppLoadContext, text: string) {
  const { lines, leftOut } = parseQuickOrder(text);
  const asks = await asksOf(request, lines, true);
  const { results, setCookies } = await putLinesInCart(request, context, asks, "exact");
  const rows = rowsOf(lines, asks, results);
  const refused = rows.filter((row) => row.result.kind === "refused");
  return {
    rows,
    leftOut,
    setCookies,
    /** The lines not added, as text: what the page keeps for the buyer to correct. */
    remainingText: quickOrderText(refused),
  };
}
