import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  cartItems,
  productParents,
  productVariants,
  type ShopperSessionRow,
  variantPrices,
} from "../../db/schema.js";
import { languageOrDefault, translate } from "../catalogue/language.js";
import { resolveMarket } from "../catalogue/markets.js";
import { variantDisplayName, variantName } from "../catalogue/variant-names.js";
import { productImageUrl } from "../media/image-urls.js";
import { type CartTotals, computeCartTotals } from "./cart-totals.js";
import { shippingRuleFor } from "./shipping.js";

export interface CartItemReply {
  id: string;
  productVariantId: string;
  productParentId: string;
  quantity: number;
  name: string;
  displayName: string;
  imageUrl: string;
  options: Record<string, unknown>;
  customAttributes: {
    productSlug: string;
    parentName: string;
    color?: string;
    size?: string;
    orderLimit?: number;
  };
  basePriceAmount: number;
  salePriceAmount: number;
  totalDiscountAmount: number;
  totalPriceAmount: number;
  taxPercentage: number;
}

export interface CartReply {
  id: string;
  storeGroupId: string;
  countryCode: string;
  currencyCode: string;
  languageCode: string;
  isTaxIncludedInPrice: boolean;
  discountCodes: { code: string }[];
  revision: number;
  items: CartItemReply[];
  totals: CartTotals;
  attributes: Record<string, unknown>;
}

/**
 * The cart of a session as the shopper API answers it. Names follow the session's language and
 * prices are read live from the session's store group and market, so the cart always shows what
 * checkout would charge.
 */
export async function loadCart(
  db: Database,
  session: ShopperSessionRow,
  publicUrl: string,
): Promise<CartReply> {
  const language = languageOrDefault(session.languageCode);
  const rows = await db
    .select({
      item: cartItems,
      variant: productVariants,
      parent: productParents,
      price: variantPrices,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.productVariantId))
    .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
    // A line whose price was withdrawn from the market is not shown (it could not be bought).
    .innerJoin(
      variantPrices,
      and(
        eq(variantPrices.productVariantId, cartItems.productVariantId),
        eq(variantPrices.storeGroupId, session.storeGroupId),
        eq(variantPrices.countryCode, session.countryCode),
      ),
    )
    .where(eq(cartItems.sessionId, session.id))
    .orderBy(asc(cartItems.position));

  const items = rows.map(({ item, variant, parent, price }): CartItemReply => {
    const parentName = translate(parent.name, language);
    const customAttributes: CartItemReply["customAttributes"] = {
      productSlug: parent.slug,
      parentName,
    };
    if (variant.color) customAttributes.color = translate(variant.color, language);
    if (variant.size) customAttributes.size = variant.size;
    if (parent.orderLimit !== null) customAttributes.orderLimit = parent.orderLimit;
    return {
      id: item.id,
      productVariantId: variant.id,
      productParentId: parent.id,
      quantity: item.quantity,
      name: variantName(variant, parentName, language),
      displayName: variantDisplayName(variant, parentName, language),
      imageUrl: productImageUrl(publicUrl, variant.id),
      options: item.options,
      customAttributes,
      basePriceAmount: price.basePriceAmount,
      salePriceAmount: price.salePriceAmount,
      // Sale prices are already in salePriceAmount; this is for discount codes, which come later.
      totalDiscountAmount: 0,
      totalPriceAmount: price.salePriceAmount * item.quantity,
      taxPercentage: price.taxPercentage,
    };
  });

  const market = resolveMarket(session.countryCode);
  const totals = computeCartTotals({
    lines: items,
    isTaxIncludedInPrice: session.isTaxIncludedInPrice,
    shipping: shippingRuleFor(session.countryCode),
    shippingTaxPercentage: market?.vatRate ?? 0,
  });

  return {
    id: session.id,
    storeGroupId: session.storeGroupId,
    countryCode: session.countryCode,
    currencyCode: session.currencyCode,
    languageCode: session.languageCode,
    isTaxIncludedInPrice: session.isTaxIncludedInPrice,
    discountCodes: session.discountCodes,
    revision: session.revision,
    items,
    totals,
    attributes: session.attributes,
  };
}
