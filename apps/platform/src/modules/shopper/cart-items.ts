import { randomUUID } from "node:crypto";
import type { Cart } from "@kassa/api-client";
import { assertWithinOrderLimit, ORDER_LIMIT_REACHED, OrderLimitError } from "@kassa/domain";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import {
  type CartItemRow,
  cartItems,
  productParents,
  productVariants,
  type ShopperSessionRow,
  variantPrices,
} from "../../db/schema.js";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { badRequest, HttpError, notFound } from "../../http/http-error.js";
import { resolveMarket } from "../catalogue/markets.js";
import { variantPriceIn } from "../catalogue/prices.js";
import { availableQuantities } from "../catalogue/stocks.js";
import { isGiftCardLine } from "../gift-cards/gift-card-product-catalogue.js";
import { type CartChange, changeCart } from "./cart.js";
import { withBoundedExtras } from "./extra-fields.js";

/** Highest quantity one request may ask for; stock and order limits usually stop far earlier. */
export const MAX_REQUESTED_QUANTITY = 999;

const quantity = z.int().min(1).max(MAX_REQUESTED_QUANTITY);

/**
 * Options are stored on the line and sent back with every cart: `parentItem` (C§3) and a few
 * short scalar extras (a gift message, an engraving), bounded by `withBoundedExtras`.
 */
export const addItemBody = z.object({
  productVariantId: z.string().min(1).max(MAX_ID_LENGTH),
  quantity,
  options: withBoundedExtras({
    /** Cart item id of the parent line; makes this a child line (C§3). */
    parentItem: z.string().min(1).max(MAX_ID_LENGTH).optional(),
  }).optional(),
});

export const updateItemBody = z.object({ quantity });

export const changeItemVariantBody = z.object({
  productVariantId: z.string().min(1).max(MAX_ID_LENGTH),
});

export const OUT_OF_STOCK_ERROR = "out of stock error";

function outOfStock(variantIds: string[]): HttpError {
  return new HttpError(404, OUT_OF_STOCK_ERROR, "Not enough stock for the requested quantity", {
    productVariantIDs: variantIds,
  });
}

/** Runs the domain's order-limit rule and answers 403 ORDER_LIMIT_REACHED (C§8) when it fails. */
function enforceOrderLimit(check: Parameters<typeof assertWithinOrderLimit>[0]): void {
  try {
    assertWithinOrderLimit(check);
  } catch (error) {
    if (error instanceof OrderLimitError) {
      throw new HttpError(
        403,
        ORDER_LIMIT_REACHED,
        `At most ${error.orderLimit} of this product may be ordered`,
      );
    }
    throw error;
  }
}

/**
 * Two lines are the same line when they hold the same variant with the same options; key order in
 * the options does not matter.
 */
function sameOptions(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Sum of a variant's quantity over all lines, with some lines' quantities replaced. */
function variantQuantity(
  lines: readonly CartItemRow[],
  variantId: string,
  replaced: ReadonlyMap<string, number> = new Map(),
): number {
  return lines
    .filter((line) => line.productVariantId === variantId)
    .reduce((sum, line) => sum + (replaced.get(line.id) ?? line.quantity), 0);
}

function marketOf(session: ShopperSessionRow) {
  const market = resolveMarket(session.countryCode);
  if (!market)
    throw new Error(`Session ${session.id} has an unknown market ${session.countryCode}`);
  return market;
}

/**
 * Whether `quantity` more of a variant may go into the cart: within its product's order limit
 * (C§4; the line being replaced, when one is, not counted) and within the variant's stock beside
 * what the cart already holds of it. Else the error the shopper API answers.
 */
async function assertLineFits(
  tx: Database,
  session: ShopperSessionRow,
  lines: readonly CartItemRow[],
  wanted: {
    parent: { id: string; orderLimit: number | null };
    variantId: string;
    quantity: number;
    replacingLineId?: string;
  },
): Promise<void> {
  enforceOrderLimit({
    lines,
    productParentId: wanted.parent.id,
    orderLimit: wanted.parent.orderLimit,
    quantity: wanted.quantity,
    ...(wanted.replacingLineId ? { replacingLineId: wanted.replacingLineId } : {}),
  });
  const available =
    (await availableQuantities(tx, [wanted.variantId], marketOf(session))).get(wanted.variantId) ??
    0;
  if (variantQuantity(lines, wanted.variantId) + wanted.quantity > available) {
    throw outOfStock([wanted.variantId]);
  }
}

/**
 * `POST /shopper/sessions/items`. Adding a variant that is already in the cart with the same
 * options raises that line's quantity instead of adding a line.
 */
export async function addItem(
  db: Database,
  sessionId: string,
  input: z.output<typeof addItemBody>,
  context: CartChange,
): Promise<Cart> {
  return changeCart(db, sessionId, context, async (tx, session, lines) => {
    const [found] = await tx
      .select({ variant: productVariants, parent: productParents })
      .from(productVariants)
      .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
      .innerJoin(
        variantPrices,
        variantPriceIn(productVariants.id, session.storeGroupId, session.countryCode),
      )
      .where(
        and(eq(productVariants.id, input.productVariantId), eq(productParents.isActive, true)),
      );
    if (!found) {
      throw notFound(
        "product variant not found",
        `Product variant ${input.productVariantId} is not sold in this store group and market`,
      );
    }
    const { variant, parent } = found;
    if (isGiftCardLine({ productVariantId: variant.id })) {
      // A gift card needs its amount and recipient: it has its own call (C§7), and no stock.
      throw badRequest("Gift cards are added with POST /shopper-retain24/gift-card-products", [
        "productVariantId: a gift card is added with POST /shopper-retain24/gift-card-products",
      ]);
    }

    const options: Record<string, unknown> = { ...(input.options ?? {}) };
    if (options.parentItem !== undefined && !lines.some((line) => line.id === options.parentItem)) {
      throw notFound(
        "cart item not found",
        `No cart item ${String(options.parentItem)} to attach to`,
      );
    }

    await assertLineFits(tx, session, lines, {
      parent,
      variantId: variant.id,
      quantity: input.quantity,
    });

    const existing = lines.find(
      (line) => line.productVariantId === variant.id && sameOptions(line.options, options),
    );
    if (existing) {
      await tx
        .update(cartItems)
        .set({ quantity: existing.quantity + input.quantity })
        .where(eq(cartItems.id, existing.id));
    } else {
      await tx.insert(cartItems).values({
        id: randomUUID(),
        sessionId: session.id,
        productVariantId: variant.id,
        productParentId: parent.id,
        quantity: input.quantity,
        options,
        createdAt: context.now,
      });
    }
    return undefined;
  });
}

/**
 * `PUT /shopper/sessions/items/{id}`. Child lines follow their parent line (C§4): they are set to
 * the same quantity in the same change. Stock and order limits are checked when a quantity grows;
 * lowering a quantity is always allowed, so a shopper can get back under a limit.
 */
export async function updateItem(
  db: Database,
  sessionId: string,
  itemId: string,
  quantity: number,
  context: CartChange,
): Promise<Cart> {
  return changeCart(db, sessionId, context, async (tx, session, lines) => {
    const line = lines.find((candidate) => candidate.id === itemId);
    if (!line) throw notFound("cart item not found", `No cart item ${itemId} in this cart`);
    if (isGiftCardLine(line) && quantity !== line.quantity) {
      // Every gift card is its own line of quantity 1 (its own recipient and code).
      throw badRequest("The quantity of a gift card cannot change", [
        "quantity: a gift card is bought one at a time; add another gift card instead",
      ]);
    }

    const changes = new Map<string, number>([[line.id, quantity]]);
    for (const child of lines) {
      if (child.options.parentItem === line.id) changes.set(child.id, quantity);
    }
    const changed = lines.filter((candidate) => changes.has(candidate.id));
    const growing = changed.filter(
      (candidate) =>
        !isGiftCardLine(candidate) && (changes.get(candidate.id) ?? 0) > candidate.quantity,
    );

    if (growing.length > 0) {
      const parentIds = [...new Set(growing.map((candidate) => candidate.productParentId))];
      const limits = await tx
        .select({ id: productParents.id, orderLimit: productParents.orderLimit })
        .from(productParents)
        .where(inArray(productParents.id, parentIds));
      for (const candidate of growing) {
        enforceOrderLimit({
          lines,
          productParentId: candidate.productParentId,
          orderLimit: limits.find((limit) => limit.id === candidate.productParentId)?.orderLimit,
          quantity: changes.get(candidate.id) ?? candidate.quantity,
          replacingLineId: candidate.id,
        });
      }

      const variantIds = [...new Set(growing.map((candidate) => candidate.productVariantId))];
      const available = await availableQuantities(tx, variantIds, marketOf(session));
      const short = variantIds.filter(
        (variantId) => variantQuantity(lines, variantId, changes) > (available.get(variantId) ?? 0),
      );
      if (short.length > 0) throw outOfStock(short);
    }

    for (const candidate of changed) {
      const next = changes.get(candidate.id);
      if (next !== undefined && next !== candidate.quantity) {
        await tx.update(cartItems).set({ quantity: next }).where(eq(cartItems.id, candidate.id));
      }
    }
    return undefined;
  });
}

/**
 * `PUT /shopper/sessions/items/{id}/variant` (a Kassa call, not in the contract): the line takes
 * another variant of the same product parent (C§4: changing size), keeping its quantity, its
 * options, its place and its child lines, in one change. When the cart already has a line of that
 * variant with the same options, the two become one: that line takes the quantity, and this
 * line's children move to it. The order limit is checked on the cart after the change (the
 * parent's total stays the same, so only a cart already over a lowered limit is refused), and the
 * stock of the new variant for all its lines. A refused change leaves the cart as it was.
 */
export async function changeItemVariant(
  db: Database,
  sessionId: string,
  itemId: string,
  productVariantId: string,
  context: CartChange,
): Promise<Cart> {
  return changeCart(db, sessionId, context, async (tx, session, lines) => {
    const line = lines.find((candidate) => candidate.id === itemId);
    if (!line) throw notFound("cart item not found", `No cart item ${itemId} in this cart`);
    if (isGiftCardLine(line)) {
      throw badRequest("A gift card has no sizes", [
        "productVariantId: a gift card line cannot take another variant",
      ]);
    }
    if (line.productVariantId === productVariantId) return undefined;

    const [found] = await tx
      .select({ variant: productVariants, parent: productParents })
      .from(productVariants)
      .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
      .innerJoin(
        variantPrices,
        variantPriceIn(productVariants.id, session.storeGroupId, session.countryCode),
      )
      .where(and(eq(productVariants.id, productVariantId), eq(productParents.isActive, true)));
    if (!found) {
      throw notFound(
        "product variant not found",
        `Product variant ${productVariantId} is not sold in this store group and market`,
      );
    }
    const { variant, parent } = found;
    if (parent.id !== line.productParentId) {
      throw badRequest("The variant belongs to another product", [
        `productVariantId: ${variant.id} is not a variant of the line's product ${line.productParentId}`,
      ]);
    }

    await assertLineFits(tx, session, lines, {
      parent,
      variantId: variant.id,
      quantity: line.quantity,
      replacingLineId: line.id,
    });

    const existing = lines.find(
      (candidate) =>
        candidate.id !== line.id &&
        candidate.productVariantId === variant.id &&
        sameOptions(candidate.options, line.options),
    );
    if (existing) {
      await tx
        .update(cartItems)
        .set({ quantity: existing.quantity + line.quantity })
        .where(eq(cartItems.id, existing.id));
      for (const child of lines.filter((candidate) => candidate.options.parentItem === line.id)) {
        await tx
          .update(cartItems)
          .set({ options: { ...child.options, parentItem: existing.id } })
          .where(eq(cartItems.id, child.id));
      }
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
    } else {
      await tx
        .update(cartItems)
        .set({ productVariantId: variant.id })
        .where(eq(cartItems.id, line.id));
    }
    return undefined;
  });
}

/** `DELETE /shopper/sessions/items/{id}`: removes the line and its child lines (at any depth). */
export async function removeItem(
  db: Database,
  sessionId: string,
  itemId: string,
  context: CartChange,
): Promise<Cart> {
  return changeCart(db, sessionId, context, async (tx, session, lines) => {
    if (!lines.some((line) => line.id === itemId)) {
      throw notFound("cart item not found", `No cart item ${itemId} in this cart`);
    }
    const doomed = [itemId];
    for (let i = 0; i < doomed.length; i++) {
      for (const line of lines) {
        if (line.options.parentItem === doomed[i] && !doomed.includes(line.id))
          doomed.push(line.id);
      }
    }
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.sessionId, session.id), inArray(cartItems.id, doomed)));
    return undefined;
  });
}
