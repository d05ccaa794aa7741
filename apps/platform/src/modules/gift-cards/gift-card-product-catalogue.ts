import { GIFT_CARD_TEMPLATE_IDS } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type GiftCardProductRow, giftCardProducts } from "../../db/schema.js";

/**
 * The unlisted catalogue product every bought gift card is a cart line of (seeded by
 * `src/seed/gift-card-product-data.ts`). Lines of this variant are priced at their gift-card
 * product's `amountToLoad`, carry no VAT, take no discount and need no stock.
 */
export const GIFT_CARD_PRODUCT_PARENT_ID = "pp-gift-card";
export const GIFT_CARD_PRODUCT_VARIANT_ID = "pv-gift-card";

/** Whether a cart or order line is a gift card being bought. */
export function isGiftCardLine(line: { productVariantId: string }): boolean {
  return line.productVariantId === GIFT_CARD_PRODUCT_VARIANT_ID;
}

/** The card designs a shopper can choose from. */
export const GIFT_CARD_TEMPLATES = GIFT_CARD_TEMPLATE_IDS;

/**
 * What one card may be loaded with, in minor units of the session's currency: 100–10 000 kr, or
 * 10–1 000 €. Amounts in between are free (not only the storefront's suggested ones).
 */
export const GIFT_CARD_AMOUNT_LIMITS: Record<string, { min: number; max: number }> = {
  SEK: { min: 10_000, max: 1_000_000 },
  EUR: { min: 1_000, max: 100_000 },
};

/** Longest message a buyer may write on a card. */
export const MAX_GIFT_CARD_MESSAGE_LENGTH = 200;

const NAMES: Record<string, { name: string; locale: string }> = {
  sv: { name: "Presentkort", locale: "sv-SE" },
  fi: { name: "Lahjakortti", locale: "fi-FI" },
  en: { name: "Gift card", locale: "en-GB" },
};

/** The line name of a card: "Presentkort 500 kr", "Lahjakortti 50 €", "Gift card €50". */
export function giftCardLineName(amount: number, currencyCode: string, language: string): string {
  const texts = NAMES[language] ?? NAMES.sv!;
  return `${texts.name} ${formatMoney(amount, currencyCode, texts.locale)}`;
}

/** The gift-card products of a session that are still cart lines, keyed by cart item id. */
export async function giftCardProductsByLine(
  db: Database,
  sessionId: string,
): Promise<Map<string, GiftCardProductRow>> {
  const rows = await db
    .select()
    .from(giftCardProducts)
    .where(and(eq(giftCardProducts.sessionId, sessionId), isNotNull(giftCardProducts.cartItemId)));
  return new Map(rows.map((row) => [row.cartItemId as string, row]));
}
