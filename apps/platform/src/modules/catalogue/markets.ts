import type { StoreGroupMarkets } from "@kassa/api-client";
import { findMarket, findStoreGroup, MARKETS, type Market, type StoreGroup } from "@kassa/domain";

export type { Market, StoreGroup };

/** A store group and market: what every price, stock and product answer is computed for. */
export interface MarketContext {
  storeGroup: StoreGroup;
  market: Market;
}

export function resolveStoreGroup(idOrSlug: string | null | undefined): StoreGroup | undefined {
  return findStoreGroup(idOrSlug);
}

export function resolveMarket(countryCode: string | null | undefined): Market | undefined {
  return findMarket(countryCode);
}

/**
 * `GET /shopper/store-groups/{id}/markets`. Every store group sells in every market; the store
 * group decides whether prices include VAT.
 */
export function storeGroupMarkets(storeGroup: StoreGroup): StoreGroupMarkets {
  return {
    storeGroupId: storeGroup.id,
    markets: MARKETS.map((market) => ({
      countryCode: market.country,
      currencyCode: market.currency,
      languageCode: market.language,
      isTaxIncludedInPrice: storeGroup.isTaxIncludedInPrice,
    })),
  };
}
