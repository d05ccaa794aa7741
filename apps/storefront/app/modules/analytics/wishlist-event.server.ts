import { parseWishlistEntry } from "@kassa/domain";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { languageOf } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { addToWishlistEvent } from "./event-builders";
import type { EcommerceEvent } from "./events";

/**
 * `add_to_wishlist` for a wishlist entry, priced in the shopper's market (a cached catalogue
 * read); null when the product cannot be found or has no price here.
 */
export async function wishlistAddedEvent(
  request: Request,
  entry: string,
): Promise<EcommerceEvent | null> {
  const parsed = parseWishlistEntry(entry);
  if (!parsed) return null;
  const [market, language, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    storeGroupOf(request),
  ]);
  const found = await catalogue
    .byIds({ ...catalogueQuery(market, language, storeGroup), productIds: [parsed.productId] })
    .catch(() => null);
  const product = found?.data[0];
  return product ? addToWishlistEvent(product, parsed.colourVariantId) : null;
}
