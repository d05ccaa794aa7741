import type {
  Cart,
  CartItem,
  CartItemCustomAttributes,
  GiftCardLineAttributes,
} from "@kassa/api-client";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type CartItemRow, cartItems, type ShopperSessionRow } from "../../db/schema.js";
import { productImageUrl } from "../catalogue/image-urls.js";
import { languageOrDefault, translate } from "../catalogue/language.js";
import { resolveMarket } from "../catalogue/markets.js";
import { variantDisplayName, variantName } from "../catalogue/variant-names.js";
import { cartDiscounts } from "../discounts/cart-discounts.js";
import {
  giftCardLineName,
  giftCardProductsByLine,
  isGiftCardLine,
} from "../gift-cards/gift-card-product-catalogue.js";
import { computeCartTotals } from "./cart-totals.js";
import { pricedLinesOf } from "./priced-lines.js";
import { bumpRevision, findSession, type SessionChanges } from "./sessions.js";
import { shippingRuleFor } from "./shipping.js";

/**
 * The cart of a session as the shopper API answers it. Names follow the session's language and
 * prices are read live from the session's store group and market, so the cart always shows what
 * checkout would charge. The discount codes on the session are applied to the lines as the cart
 * is now (`src/modules/discounts/`): a code whose conditions the cart no longer meets stays listed
 * and takes 0 off.
 *
 * `now` is when the codes' validity windows are judged: pass the platform clock. Without it they
 * are judged at the session's last change.
 */
export async function loadCart(
  db: Database,
  session: ShopperSessionRow,
  publicUrl: string,
  now: Date = session.updatedAt,
): Promise<Cart> {
  const language = languageOrDefault(session.languageCode);
  const rows = await pricedLinesOf(db, session);
  const { lineDiscounts } = await cartDiscounts(db, session, rows, now);
  const giftCards = rows.some(({ item }) => isGiftCardLine(item))
    ? await giftCardProductsByLine(db, session.id)
    : new Map();

  const items = rows.map(({ item, variant, parent, price }, index): CartItem => {
    if (isGiftCardLine(item)) {
      // A gift card being bought (C§7): priced at the amount it loads, no VAT (a multi-purpose
      // voucher), never discounted.
      const card = giftCards.get(item.id);
      const amount = card?.amountToLoad ?? 0;
      const name = giftCardLineName(amount, session.currencyCode, language);
      const customAttributes: GiftCardLineAttributes = {
        productSlug: parent.slug,
        parentName: translate(parent.name, language),
        ...(card
          ? {
              giftCard: {
                giftCardProductId: card.id,
                receivingEmail: card.receivingEmail,
                templateId: card.templateId,
              },
            }
          : {}),
      };
      return {
        id: item.id,
        productVariantId: variant.id,
        productParentId: parent.id,
        quantity: item.quantity,
        name,
        displayName: name,
        imageUrl: productImageUrl(publicUrl, variant.id),
        options: item.options,
        customAttributes,
        basePriceAmount: amount,
        salePriceAmount: amount,
        totalDiscountAmount: 0,
        totalPriceAmount: amount * item.quantity,
        taxPercentage: 0,
      };
    }
    const parentName = translate(parent.name, language);
    const customAttributes: CartItemCustomAttributes = {
      productSlug: parent.slug,
      parentName,
    };
    if (variant.color) customAttributes.color = translate(variant.color, language);
    if (variant.size) customAttributes.size = variant.size;
    if (parent.orderLimit !== null) customAttributes.orderLimit = parent.orderLimit;
    // Sale prices are already in salePriceAmount; the discount is what discount codes take off.
    const totalDiscountAmount = lineDiscounts[index] ?? 0;
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
      totalDiscountAmount,
      totalPriceAmount: price.salePriceAmount * item.quantity - totalDiscountAmount,
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

/** The lines of a session's cart, in the order they were added. */
export async function linesOf(db: Database, sessionId: string): Promise<CartItemRow[]> {
  return db
    .select()
    .from(cartItems)
    .where(eq(cartItems.sessionId, sessionId))
    .orderBy(asc(cartItems.position));
}

/** Where and when a cart change happens: the base of image URLs, and the platform's time. */
export interface CartChange {
  publicUrl: string;
  now: Date;
}

/**
 * Runs one change of a session's cart in a transaction: locks the session row (which serialises
 * concurrent changes of one cart), gives `change` the session and its lines, then bumps the
 * revision (storing the session changes `change` answers) and answers the changed cart.
 */
export async function changeCart(
  db: Database,
  sessionId: string,
  { publicUrl, now }: CartChange,
  change: (
    tx: Database,
    session: ShopperSessionRow,
    lines: CartItemRow[],
  ) => Promise<SessionChanges | undefined>,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    const session = await findSession(tx, sessionId, { forUpdate: true });
    const changes = await change(tx, session, await linesOf(tx, session.id));
    return loadCart(tx, await bumpRevision(tx, session.id, now, changes), publicUrl, now);
  });
}
