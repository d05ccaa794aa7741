import { MARKETS, STORE_GROUPS } from "@kassa/domain";
import type { Database } from "../db/open-database.js";
import { productParents, productVariants, variantPrices } from "../db/schema.js";
import {
  GIFT_CARD_PRODUCT_PARENT_ID,
  GIFT_CARD_PRODUCT_VARIANT_ID,
} from "../modules/gift-cards/gift-card-product-catalogue.js";

/**
 * The catalogue product every bought gift card is a line of (C§7 gift-card products): "Presentkort",
 * unlisted (never in a category page), in no category, with no stock (a card is issued, not
 * shipped from a warehouse). Its price rows are 0 in every store group and market: they only make
 * the variant sellable there; a gift-card line is priced at its `amountToLoad`
 * (`src/modules/gift-cards/gift-card-products.ts`).
 */
export function giftCardProductRows() {
  return {
    parent: {
      id: GIFT_CARD_PRODUCT_PARENT_ID,
      slug: "presentkort",
      brand: "Kassa",
      name: { sv: "Presentkort", fi: "Lahjakortti", en: "Gift card" },
      description: {
        sv: "Presentkort som skickas med e-post till mottagaren.",
        fi: "Lahjakortti, joka lähetetään vastaanottajalle sähköpostilla.",
        en: "A gift card sent to its recipient by email.",
      },
      tags: ["gift-card"],
      orderLimit: null,
      isActive: true,
      isListed: false,
      imageShape: "giftCard",
      imageColorHex: "#b8860b",
      sortOrder: 100_000,
      createdAt: new Date("2025-01-01T00:00:00Z"),
      updatedAt: new Date("2025-01-01T00:00:00Z"),
    },
    variant: {
      id: GIFT_CARD_PRODUCT_VARIANT_ID,
      productParentId: GIFT_CARD_PRODUCT_PARENT_ID,
      sku: "KS-GIFTCARD",
      color: null,
      colorHex: null,
      size: null,
      sortOrder: 0,
    },
    prices: MARKETS.flatMap((market) =>
      STORE_GROUPS.map((storeGroup) => ({
        productVariantId: GIFT_CARD_PRODUCT_VARIANT_ID,
        storeGroupId: storeGroup.id,
        countryCode: market.country,
        currencyCode: market.currency,
        basePriceAmount: 0,
        salePriceAmount: 0,
        taxPercentage: 0,
      })),
    ),
  };
}

/** Adds the gift-card product when it is missing (a database seeded before it existed too). */
export async function seedGiftCardProduct(db: Database): Promise<void> {
  const rows = giftCardProductRows();
  await db.insert(productParents).values(rows.parent).onConflictDoNothing();
  await db.insert(productVariants).values(rows.variant).onConflictDoNothing();
  await db.insert(variantPrices).values(rows.prices).onConflictDoNothing();
}
