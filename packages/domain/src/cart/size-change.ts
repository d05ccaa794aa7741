import { assertWithinOrderLimit, OrderLimitError, type OrderLimitLine } from "./order-limit.js";

/**
 * Changing a cart line's size (C§3 "colour, size or name", C§4 "changing size clears the checkout
 * token"): a line of a product with sizes may take another size of its colour. The line keeps its
 * quantity and its child lines; the platform swaps the variant in one change of the cart.
 */

/** A variant of the line's product as the catalogue has it (structurally `ProductVariant`). */
export interface SizeVariant {
  id: string;
  color?: string | null;
  size?: string | null;
}

/** The line being changed (structurally a `CartItem` of `@kassa/api-client`). */
export interface SizeChangeLine extends OrderLimitLine {
  productVariantId: string;
}

/** One size the line can be changed to, as the cart shows it. */
export interface SizeOption {
  variantId: string;
  size: string;
  /** What is available now (`availableQuantity` of the stock read); 0 when unknown. */
  availableQuantity: number;
  /** The line's own size. */
  current: boolean;
  /** Not enough for the line's quantity (0 is sold out): shown, marked and not choosable. */
  unavailable: boolean;
}

/** Why a size change is refused; each has its own message in the storefront. */
export type SizeChangeRefusal =
  /** The variant is not a size of the line's product in the line's colour. */
  | "unknown-size"
  /** The size has not enough stock for the line's quantity. */
  | "sold-out"
  /** The product would be over its order limit (only a cart over a limit lowered since). */
  | "order-limit";

/**
 * The sizes of the line's colour, in the catalogue's order, with their stock. Empty when the
 * line's variant is not among `variants` or has no size (nothing to choose), or when its colour
 * has one size only.
 */
export function sizeOptionsFor(
  line: SizeChangeLine,
  variants: readonly SizeVariant[],
  availableQuantity: (variantId: string) => number | undefined,
): SizeOption[] {
  const own = variants.find((variant) => variant.id === line.productVariantId);
  if (!own?.size) return [];
  const ofColour = variants.filter(
    (variant): variant is SizeVariant & { size: string } =>
      Boolean(variant.size) && (variant.color ?? null) === (own.color ?? null),
  );
  if (ofColour.length < 2) return [];
  return ofColour.map((variant) => {
    const current = variant.id === own.id;
    const available = Math.max(0, availableQuantity(variant.id) ?? 0);
    return {
      variantId: variant.id,
      size: variant.size,
      availableQuantity: available,
      current,
      unavailable: !current && available < line.quantity,
    };
  });
}

export interface SizeChangeCheck {
  line: SizeChangeLine;
  /** The sizes the line may take ({@link sizeOptionsFor}). */
  options: readonly SizeOption[];
  /** The variant chosen. */
  productVariantId: string;
  /** Every parent line of the cart (child lines do not count toward a limit). */
  lines: readonly OrderLimitLine[];
  /** The product parent's order limit; `null` or `undefined` for none. */
  orderLimit: number | null | undefined;
}

/**
 * Why the change may not be made, or `null` when it may (also when the size is the line's own:
 * nothing to change). The order limit counts the parent's lines after the change, the line
 * holding the same quantity in its new size. The platform checks the same again, and live stock.
 *
 * @example
 * sizeChangeRefusal({ line, options, productVariantId: "pv-1002-03", lines, orderLimit: 3 }); // null
 */
export function sizeChangeRefusal(check: SizeChangeCheck): SizeChangeRefusal | null {
  const option = check.options.find((candidate) => candidate.variantId === check.productVariantId);
  if (!option) return "unknown-size";
  if (option.current) return null;
  if (option.unavailable) return "sold-out";
  try {
    assertWithinOrderLimit({
      lines: check.lines,
      productParentId: check.line.productParentId,
      orderLimit: check.orderLimit,
      quantity: check.line.quantity,
      replacingLineId: check.line.id,
    });
  } catch (error) {
    if (error instanceof OrderLimitError) return "order-limit";
    throw error;
  }
  return null;
}
