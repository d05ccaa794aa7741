import { z } from "zod";
import { formNumber, formText, numberWithMessages, requiredId } from "../forms/form-values.js";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";
import { redirectToSchema } from "../forms/redirect.js";
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from "./cart-changes.js";

/**
 * The cart forms (C§4): one route takes every cart mutation, told apart by the `intent` field.
 * The storefront's action parses with {@link cartSchema}; the browser validates with the same
 * schema through conform (`parseWithZod(formData, { schema: cartSchema })`).
 */

function lineQuantity() {
  return numberWithMessages(M.invalid)
    .int({ error: M.quantityInteger })
    .min(MIN_LINE_QUANTITY, { error: M.quantityMin })
    .max(MAX_LINE_QUANTITY, { error: M.quantityMax });
}

export const CART_INTENTS = [
  "add",
  "increase",
  "decrease",
  "set-quantity",
  "remove",
  "change-size",
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];
export type CartLineIntent = Exclude<CartIntent, "add">;

/**
 * Add a variant to the cart; `orderLimit` is the parent's limit, when it has one (C§5). The parent
 * and its limit are optional: a server that looks the product up itself trusts its own copy.
 */
export const addToCartSchema = z.object({
  intent: z.literal("add"),
  productVariantId: requiredId(),
  productParentId: formText(requiredId().optional()),
  quantity: formNumber(lineQuantity().default(1)),
  orderLimit: formNumber(
    z
      .number({ error: M.invalid })
      .int({ error: M.invalid })
      .min(1, { error: M.invalid })
      .optional(),
  ),
  redirectTo: redirectToSchema,
});

/** Plus on a line; `quantity` is the line's current quantity. */
export const increaseQuantitySchema = z.object({
  intent: z.literal("increase"),
  itemId: requiredId(),
  quantity: formNumber(
    numberWithMessages(M.invalid)
      .int({ error: M.quantityInteger })
      .min(MIN_LINE_QUANTITY, { error: M.quantityMin }),
  ),
  redirectTo: redirectToSchema,
});

/** Minus on a line; `quantity` is the line's current quantity (minus at 1 removes, C§4). */
export const decreaseQuantitySchema = increaseQuantitySchema.extend({
  intent: z.literal("decrease"),
});

/** A quantity typed into the line's field. */
export const setQuantitySchema = z.object({
  intent: z.literal("set-quantity"),
  itemId: requiredId(),
  quantity: formNumber(lineQuantity()),
  redirectTo: redirectToSchema,
});

/** Remove a line. */
export const removeItemSchema = z.object({
  intent: z.literal("remove"),
  itemId: requiredId(),
  redirectTo: redirectToSchema,
});

/**
 * Another size for a line (C§4): `productVariantId` is the variant of the size chosen, one of the
 * sizes of the line's colour (`sizeChangeRefusal` says whether it may be taken).
 */
export const changeSizeSchema = z.object({
  intent: z.literal("change-size"),
  itemId: requiredId(),
  productVariantId: z
    .string({ error: M.cartSizeRequired })
    .trim()
    .min(1, { error: M.cartSizeRequired }),
  redirectTo: redirectToSchema,
});

/**
 * The changes of a line already in the cart (the cart page posts these; `add` goes to the product
 * page), told apart by `intent`.
 */
export const cartLineSchema = z.discriminatedUnion(
  "intent",
  [
    increaseQuantitySchema,
    decreaseQuantitySchema,
    setQuantitySchema,
    removeItemSchema,
    changeSizeSchema,
  ],
  { error: M.invalid },
);

/** Every cart form, told apart by `intent`. */
export const cartSchema = z.discriminatedUnion(
  "intent",
  [
    addToCartSchema,
    increaseQuantitySchema,
    decreaseQuantitySchema,
    setQuantitySchema,
    removeItemSchema,
    changeSizeSchema,
  ],
  { error: M.invalid },
);

export type CartLineFormInput = z.input<typeof cartLineSchema>;
export type CartLineForm = z.output<typeof cartLineSchema>;
export type CartFormInput = z.input<typeof cartSchema>;
export type CartForm = z.output<typeof cartSchema>;
export type AddToCartForm = z.output<typeof addToCartSchema>;
export type IncreaseQuantityForm = z.output<typeof increaseQuantitySchema>;
export type DecreaseQuantityForm = z.output<typeof decreaseQuantitySchema>;
export type SetQuantityForm = z.output<typeof setQuantitySchema>;
export type RemoveItemForm = z.output<typeof removeItemSchema>;
export type ChangeSizeForm = z.output<typeof changeSizeSchema>;
