// The list of shop pages, apart from their texts (`shop-pages.ts` reads the Swedish resources), so
// the footer that links them does not put a language's translations into every page's JavaScript.

/**
 * The pages every shop has, each at a one-segment slug of its own in every language (the
 * translation key `<page>.slug`): `/kopvillkor`, `/ostoehdot`, `/terms` and so on. Their text is
 * in `@kassa/i18n` (`shop-pages.<language>.ts`); the order here is the footer's.
 */
export const SHOP_PAGES = [
  "terms",
  "privacy",
  "deliveryReturns",
  "paymentMethods",
  "customerService",
  "about",
] as const;

export type ShopPage = (typeof SHOP_PAGES)[number];

export function isShopPage(value: unknown): value is ShopPage {
  return typeof value === "string" && (SHOP_PAGES as readonly string[]).includes(value);
}
