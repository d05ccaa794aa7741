import type { ProductQueryBase } from "@kassa/api-client";
import type { Market } from "@kassa/domain";

/** The store group, market and language every product lookup carries (C§7). */
export function catalogueQuery(
  market: Market,
  language: string,
  storeGroup: string,
): ProductQueryBase {
  return { storeGroupSlug: storeGroup, market: market.country, language };
}
