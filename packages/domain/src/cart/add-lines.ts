/**
 * Putting several lines into the cart at once (issue 32: a quick order, ordering an old order
 * again): which of them can be added, how many of each, and why the others cannot. Pure; the
 * storefront looks the variants up, asks this, adds, and reports the platform's own refusals
 * (stock drawn meanwhile) the same way.
 */
import type { QuickOrderLineProblem } from "./quick-order.js";

/** Why a line is not added (or not in full). */
export type LineRefusal =
  /** No variant has that article number (or the product is no longer sold at all). */
  | "unknown"
  /** The product exists but has no price in this market and store group. */
  | "not-sold"
  /** None in stock. */
  | "sold-out"
  /** The parent's order limit (C§4) is already reached by the cart and the lines before. */
  | "order-limit"
  /** Fewer in stock than asked for (counting the cart and the lines before). */
  | "stock"
  | QuickOrderLineProblem;

/** What the shop sells of a line's variant today (read just before adding). */
export interface LineOffer {
  productVariantId: string;
  productParentId: string;
  orderLimit: number | null;
  /** Has a price in the market: it is sold there. */
  priced: boolean;
  /** How many are in stock. */
  availableQuantity: number;
}

export interface LineAsk {
  /** The quantity asked for; `null` when it could not be read. */
  quantity: number | null;
  /** The variant, or `null` when nothing was found. */
  offer: LineOffer | null;
  /** A problem found before the look-up (`parseQuickOrder`). */
  problem?: QuickOrderLineProblem | null;
}

export type LinePlan =
  | {
      kind: "add";
      quantity: number;
      asked: number;
      /** Set when fewer than asked are added (mode `up-to`). */
      limitedBy: "order-limit" | "stock" | null;
      offer: LineOffer;
    }
  | {
      kind: "refused";
      reason: LineRefusal;
      asked: number | null;
      /** With `order-limit`: the parent's limit. */
      orderLimit?: number;
      /** With `stock`: how many more could be added. */
      available?: number;
    };

/**
 * `exact`: a line is added with its quantity or refused (a quick order: the buyer fixes the
 * number). `up-to`: as many as stock and order limit allow are added, saying what limited it
 * (ordering again: the old quantities are a wish, not a count the buyer typed now).
 */
export type LinePlanMode = "exact" | "up-to";

/** A line already in the cart, as far as stock and order limits count it. */
export interface CartQuantity {
  productVariantId: string;
  productParentId: string;
  quantity: number;
}

/**
 * Plans adding `asks` in order to a cart holding `cart` (its parent lines: child lines follow their
 * parent and do not count toward an order limit). Stock counts what the cart holds of the variant
 * (the platform refuses an add past it); the order limit sums every variant of one parent (C§4).
 * Earlier lines count for later ones, so two lines of one product cannot pass a limit together.
 *
 * @example
 * planLines([{ quantity: 5, offer }], [], "up-to"); // stock 3 → { kind: "add", quantity: 3, limitedBy: "stock" }
 */
export function planLines(
  asks: readonly LineAsk[],
  cart: readonly CartQuantity[],
  mode: LinePlanMode,
): LinePlan[] {
  const ofVariant = new Map<string, number>();
  const ofParent = new Map<string, number>();
  const take = (line: CartQuantity) => {
    ofVariant.set(
      line.productVariantId,
      (ofVariant.get(line.productVariantId) ?? 0) + line.quantity,
    );
    ofParent.set(line.productParentId, (ofParent.get(line.productParentId) ?? 0) + line.quantity);
  };
  cart.forEach(take);

  return asks.map((ask): LinePlan => {
    const asked = ask.quantity;
    if (ask.problem) return { kind: "refused", reason: ask.problem, asked };
    if (asked === null || !Number.isInteger(asked) || asked < 1) {
      return { kind: "refused", reason: "quantity", asked };
    }
    const offer = ask.offer;
    if (!offer) return { kind: "refused", reason: "unknown", asked };
    if (!offer.priced) return { kind: "refused", reason: "not-sold", asked };
    if (offer.availableQuantity <= 0) return { kind: "refused", reason: "sold-out", asked };

    const limitLeft =
      offer.orderLimit === null
        ? Number.POSITIVE_INFINITY
        : offer.orderLimit - (ofParent.get(offer.productParentId) ?? 0);
    const stockLeft = offer.availableQuantity - (ofVariant.get(offer.productVariantId) ?? 0);
    const limitRefusal = (): LinePlan => ({
      kind: "refused",
      reason: "order-limit",
      asked,
      orderLimit: offer.orderLimit ?? undefined,
    });
    const stockRefusal = (): LinePlan => ({
      kind: "refused",
      reason: "stock",
      asked,
      available: Math.max(stockLeft, 0),
    });
    if (limitLeft <= 0) return limitRefusal();
    if (stockLeft <= 0) return stockRefusal();
    if (mode === "exact") {
      if (asked > limitLeft) return limitRefusal();
      if (asked > stockLeft) return stockRefusal();
    }
    const quantity = Math.min(asked, limitLeft, stockLeft);
    const limitedBy = quantity === asked ? null : limitLeft <= stockLeft ? "order-limit" : "stock";
    take({ ...offer, quantity });
    return { kind: "add", quantity, asked, limitedBy, offer };
  });
}
