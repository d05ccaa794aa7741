/**
 * The markets Kassa sells in (C§3 Market). A market ties a country to a currency, a default
 * interface language and the URL prefix of product pages.
 */
export interface Market {
  /** ISO 3166-1 alpha-2 country code; also the market's id. */
  country: "SE" | "FI";
  /** Name of the market in its own language, as the market selector shows it. */
  name: string;
  currency: "SEK" | "EUR";
  /** Default interface language of the market. */
  language: "sv" | "fi";
  /** Market code of the account backend (A§3 `market`). */
  enadMarket: string;
  /** Locale used by the marketing side (newsletter, contacts). */
  engageLocale: string;
  /** Path segment of product pages after the locale: `/{locale}/{productUrlPrefix}/{productSlug}`. */
  productUrlPrefix: string;
  /** Path segment of category pages after the locale: `/{locale}/{categoryUrlPrefix}/{categoryUri}`. */
  categoryUrlPrefix: string;
  /** BCP 47 locale used to format money and dates. */
  locale: string;
  /** Standard VAT rate in basis points. */
  vatRate: number;
  /**
   * Standard shipping in the market's minor units: `fee`, free from a cart subtotal of `freeFrom`
   * (before discounts). Where prices exclude VAT (the business store group) both are net amounts.
   */
  shipping: { fee: number; freeFrom: number };
}

export const MARKETS = [
  {
    country: "SE",
    name: "Sverige",
    currency: "SEK",
    language: "sv",
    enadMarket: "SE",
    engageLocale: "sv-SE",
    productUrlPrefix: "produkt",
    categoryUrlPrefix: "kategori",
    locale: "sv-SE",
    vatRate: 2500,
    shipping: { fee: 4900, freeFrom: 49900 },
  },
  {
    country: "FI",
    name: "Suomi",
    currency: "EUR",
    language: "fi",
    enadMarket: "FI",
    engageLocale: "fi-FI",
    productUrlPrefix: "tuote",
    categoryUrlPrefix: "kategoria",
    locale: "fi-FI",
    vatRate: 2550,
    shipping: { fee: 490, freeFrom: 4900 },
  },
] as const satisfies readonly Market[];

export type MarketCountry = Market["country"];

/** Defaults of C§9 and A§9: country SE, language SV. */
export const DEFAULT_MARKET: Market = MARKETS[0];

export function findMarket(country: string | null | undefined): Market | undefined {
  if (!country) return undefined;
  const upper = country.toUpperCase();
  return MARKETS.find((market) => market.country === upper);
}

export function marketOrDefault(country: string | null | undefined): Market {
  return findMarket(country) ?? DEFAULT_MARKET;
}

/** The market whose product pages live under this URL prefix. */
export function findMarketByProductUrlPrefix(prefix: string): Market | undefined {
  return MARKETS.find((market) => market.productUrlPrefix === prefix);
}

/** The market whose category pages live under this URL prefix. */
export function findMarketByCategoryUrlPrefix(prefix: string): Market | undefined {
  return MARKETS.find((market) => market.categoryUrlPrefix === prefix);
}

/** Store groups: the consumer shop (prices include VAT) and the business shop (prices exclude it). */
export const STORE_GROUPS = [
  { id: "default", slug: "default", name: "Kassa", isTaxIncludedInPrice: true },
  { id: "business", slug: "business", name: "Kassa Företag", isTaxIncludedInPrice: false },
] as const;

export type StoreGroup = (typeof STORE_GROUPS)[number];

/** A§9: store group 'default'. */
export const DEFAULT_STORE_GROUP: StoreGroup = STORE_GROUPS[0];

export function findStoreGroup(id: string | null | undefined): StoreGroup | undefined {
  return STORE_GROUPS.find((group) => group.id === id || group.slug === id);
}
