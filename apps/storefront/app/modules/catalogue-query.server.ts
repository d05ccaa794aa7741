import type { ProductQueryBase } from "@kassa/api-client";
import type { Market } from "@kassa/domain";
import { config } from "./config.server";

/** The store group, market and language every product lookup carries (C§7). */
export function catalogueQuery(market: Market, language: string): ProductQueryBase {
  return { storeGroupSlug: config().storeGroupId, market: market.country, language };
}
