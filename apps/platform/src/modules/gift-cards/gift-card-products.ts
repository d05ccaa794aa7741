import { randomUUID } from "node:crypto";
import type { Cart, GiftCardProduct } from "@kassa/api-client";
import {
  MAX_GIFT_CARD_RECIPIENTS_PER_ORDER,
  recipientKey,
  TOO_MANY_GIFT_CARD_RECIPIENTS,
} from "@kassa/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import {
  cartItems,
  type GiftCardProductRow,
  giftCardProducts,
  productParents,
  productVariants,
  variantPrices,
} from "../../db/schema.js";
import { MAX_ID_LENGTH, MAX_LANGUAGE_LENGTH } from "../../http/field-limits.js";
import { badRequest, HttpError, notFound } from "../../http/http-error.js";
import { variantPriceIn } from "../catalogue/prices.js";
import { type CartChange, changeCart } from "../shopper/cart.js";
import {
  GIFT_CARD_AMOUNT_LIMITS,
  GIFT_CARD_PRODUCT_VARIANT_ID,
  GIFT_CARD_TEMPLATES,
  isGiftCardLine,
  MAX_GIFT_CARD_MESSAGE_LENGTH,
} from "./gift-card-product-catalogue.js";

/** Gift cards one cart may hold at once; a shop buying hundreds orders them another way. */
export const MAX_GIFT_CARDS_PER_CART = 10;

/** Longest sender name printed on a card. */
export const MAX_GIFT_CARD_SENDER_LENGTH = 100;

/** An optional text: trimmed, and blank counts as not given. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** `POST /shopper-retain24/gift-card-products` (C§7). The amount's limits depend on the cart. */
export const giftCardProductBody = z.object({
  amountToLoad: z.int().positive(),
  templateId: z.enum(GIFT_CARD_TEMPLATES),
  receivingEmail: z.string().trim().max(254).pipe(z.email()),
  senderName: optionalText(MAX_GIFT_CARD_SENDER_LENGTH),
  message: optionalText(MAX_GIFT_CARD_MESSAGE_LENGTH),
  market: z.string().trim().min(1).max(MAX_ID_LENGTH),
  lang: z.string().trim().min(1).max(MAX_LANGUAGE_LENGTH),
  store: z.string().trim().min(1).max(MAX_ID_LENGTH),
});

export function giftCardProductReply(row: GiftCardProductRow): GiftCardProduct {
  return {
    id: row.id,
    cartItemId: row.cartItemId ?? "",
    amountToLoad: row.amountToLoad,
    currencyCode: row.currencyCode,
    templateId: row.templateId,
    receivingEmail: row.receivingEmail,
    senderName: row.senderName,
    message: row.message,
  };
}

/**
 * Adds a gift card to buy to the session's cart: its own line of the "Presentkort" product,
 * quantity 1, priced at `amountToLoad` (in the cart's currency, within
 * {@link GIFT_CARD_AMOUNT_LIMITS}). `market` must be the cart's market: the amount is in its
 * currency.
 */
export async function addGiftCardProduct(
  db: Database,
  sessionId: string,
  input: z.output<typeof giftCardProductBody>,
  context: CartChange,
): Promise<{ giftCardProduct: GiftCardProduct; cart: Cart }> {
  let added: GiftCardProductRow | undefined;
  const cart = await changeCart(db, sessionId, context, async (tx, session, lines) => {
    const errors: string[] = [];
    if (input.market.toUpperCase() !== session.countryCode) {
      errors.push(`market: "${input.market}" is not the cart's market ${session.countryCode}`);
    }
    const limits = GIFT_CARD_AMOUNT_LIMITS[session.currencyCode];
    if (!limits || input.amountToLoad < limits.min || input.amountToLoad > limits.max) {
      errors.push(
        limits
          ? `amountToLoad: must be from ${limits.min} to ${limits.max} (${session.currencyCode} minor units)`
          : `amountToLoad: gift cards are not sold in ${session.currencyCode}`,
      );
    }
    if (lines.filter(isGiftCardLine).length >= MAX_GIFT_CARDS_PER_CART) {
      errors.push(`giftCards: at most ${MAX_GIFT_CARDS_PER_CART} gift cards fit in one cart`);
    }
    if (errors.length > 0) throw badRequest("The gift card cannot be added", errors);
    // The cart is locked (changeCart): two adds at once cannot both take the last recipient.
    const recipients = await tx
      .select({ email: giftCardProducts.receivingEmail })
      .from(giftCardProducts)
      .where(
        and(eq(giftCardProducts.sessionId, session.id), isNotNull(giftCardProducts.cartItemId)),
      );
    const addresses = new Set(recipients.map((row) => recipientKey(row.email)));
    if (
      !addresses.has(recipientKey(input.receivingEmail)) &&
      addresses.size >= MAX_GIFT_CARD_RECIPIENTS_PER_ORDER
    ) {
      throw new HttpError(
        400,
        TOO_MANY_GIFT_CARD_RECIPIENTS,
        `The gift cards of one order go to at most ${MAX_GIFT_CARD_RECIPIENTS_PER_ORDER} different addresses`,
        {
          errors: [
            `receivingEmail: the gift cards of one order go to at most ${MAX_GIFT_CARD_RECIPIENTS_PER_ORDER} different addresses`,
          ],
        },
      );
    }

    const [found] = await tx
      .select({ variant: productVariants })
      .from(productVariants)
      .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
      .innerJoin(
        variantPrices,
        variantPriceIn(productVariants.id, session.storeGroupId, session.countryCode),
      )
      .where(
        and(
          eq(productVariants.id, GIFT_CARD_PRODUCT_VARIANT_ID),
          eq(productParents.isActive, true),
        ),
      );
    if (!found) {
      throw notFound("product variant not found", "Gift cards are not sold in this store group");
    }

    const cartItemId = randomUUID();
    await tx.insert(cartItems).values({
      id: cartItemId,
      sessionId: session.id,
      productVariantId: found.variant.id,
      productParentId: found.variant.productParentId,
      quantity: 1,
      options: {},
      createdAt: context.now,
    });
    [added] = await tx
      .insert(giftCardProducts)
      .values({
        id: randomUUID(),
        sessionId: session.id,
        cartItemId,
        amountToLoad: input.amountToLoad,
        currencyCode: session.currencyCode,
        templateId: input.templateId,
        receivingEmail: input.receivingEmail,
        senderName: input.senderName ?? null,
        message: input.message ?? null,
        createdAt: context.now,
      })
      .returning();
    return undefined;
  });
  if (!added) throw new Error("Inserting a gift-card product returned no row");
  return { giftCardProduct: giftCardProductReply(added), cart };
}

/** `DELETE /shopper-retain24/gift-card-products/{id}`: takes the card out of the cart; 404 if not in it. */
export async function removeGiftCardProduct(
  db: Database,
  sessionId: string,
  id: string,
  context: CartChange,
): Promise<Cart> {
  return changeCart(db, sessionId, context, async (tx, session) => {
    const [row] = await tx
      .select()
      .from(giftCardProducts)
      .where(
        and(
          eq(giftCardProducts.id, id),
          eq(giftCardProducts.sessionId, session.id),
          isNotNull(giftCardProducts.cartItemId),
        ),
      );
    if (!row?.cartItemId) {
      throw notFound("gift card product not found", `No gift card product ${id} in this cart`);
    }
    await tx.delete(giftCardProducts).where(eq(giftCardProducts.id, row.id));
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.sessionId, session.id), eq(cartItems.id, row.cartItemId)));
    return undefined;
  });
}
