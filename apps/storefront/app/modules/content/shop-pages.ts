import {
  COOKIES,
  formatMoney,
  GIFT_CARD_AMOUNT_RANGE,
  type GiftCardCurrency,
  MARKETS,
} from "@kassa/domain";
import { sv } from "@kassa/i18n";
import { RETURN_PERIOD_DAYS, SHOP_DETAILS, shopAddress, shopPhone } from "./shop-details";
import type { ShopPage } from "./shop-page-list";

export { isShopPage, SHOP_PAGES, type ShopPage } from "./shop-page-list";

/** A page's sections in the order the Swedish text (which defines the keys) gives them. */
export function sectionsOf(page: ShopPage): string[] {
  return Object.keys(sv[page].sections);
}

const LOCALES: Record<string, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-GB" };
const DAY_SECONDS = 86_400;

/**
 * What the pages' placeholders stand for, in the page's language: the company's details, and the
 * shop's real numbers from `@kassa/domain` (each market's shipping fee and free-shipping
 * threshold and VAT rate, the gift cards' range, the cookies' lifetimes), so a page can never
 * promise other numbers than the cart and checkout use.
 */
export function shopPageValues(language: string): Record<string, string | number> {
  let values = valuesByLanguage.get(language);
  if (!values) {
    values = computeShopPageValues(language);
    valuesByLanguage.set(language, values);
  }
  return values;
}

/** The values depend only on the language and the shop's constants: computed once per language. */
const valuesByLanguage = new Map<string, Record<string, string | number>>();

function computeShopPageValues(language: string): Record<string, string | number> {
  const locale = LOCALES[language] ?? "sv-SE";
  const [se, fi] = [marketNamed("SE"), marketNamed("FI")];
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const giftCardRange = (currency: GiftCardCurrency) => {
    const { min, max } = GIFT_CARD_AMOUNT_RANGE[currency];
    const money = (major: number) => formatMoney(major, currency, locale, { major: true });
    return `${money(min)}–${money(max)}`;
  };
  return {
    company: SHOP_DETAILS.company,
    orgNumber: SHOP_DETAILS.orgNumber,
    vatNumber: SHOP_DETAILS.vatNumber,
    city: SHOP_DETAILS.city,
    address: shopAddress(language),
    phone: shopPhone(language),
    email: SHOP_DETAILS.email,
    returnDays: RETURN_PERIOD_DAYS,
    feeSE: formatMoney(se.shipping.fee, se.currency, locale),
    freeFromSE: formatMoney(se.shipping.freeFrom, se.currency, locale),
    feeFI: formatMoney(fi.shipping.fee, fi.currency, locale),
    freeFromFI: formatMoney(fi.shipping.freeFrom, fi.currency, locale),
    vatSE: percent.format(se.vatRate / 10_000),
    vatFI: percent.format(fi.vatRate / 10_000),
    giftCardRangeSEK: giftCardRange("SEK"),
    giftCardRangeEUR: giftCardRange("EUR"),
    cartDays: COOKIES.cartToken.maxAge / DAY_SECONDS,
    checkoutDays: COOKIES.checkoutToken.maxAge / DAY_SECONDS,
    loginDays: COOKIES.userToken.maxAge / DAY_SECONDS,
    preferenceDays: COOKIES.language.maxAge / DAY_SECONDS,
  };
}

function marketNamed(country: "SE" | "FI") {
  const market = MARKETS.find((candidate) => candidate.country === country);
  if (!market) throw new Error(`No market ${country}`);
  return market;
}
