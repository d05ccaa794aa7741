import type { Cart, CartItem } from "@kassa/api-client";
import { isChildLine, type SizeOption, sizeOptionsFor } from "@kassa/domain";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { languageOf } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { storeGroupOf } from "~/modules/http/store-group.server";

/** The sizes each parent line of the cart can change to (C§4), by line id; absent: none. */
export type CartSizeOptions = Record<string, SizeOption[]>;

/** A parent line with a size: the only lines that can change size (child lines follow theirs). */
function hasSize(item: CartItem): boolean {
  return !isChildLine(item) && Boolean(item.customAttributes.size);
}

/**
 * The sizes of each sized line's colour with their stock, read from the catalogue and the cached
 * stock like the product page (for showing; the platform checks live stock when the size
 * changes). A product that cannot be read shows no choice: its line keeps its size as text and
 * the cart page still works.
 */
export async function cartSizeOptions(
  request: Request,
  cart: Pick<Cart, "items">,
): Promise<CartSizeOptions> {
  const sized = cart.items.filter(hasSize);
  if (sized.length === 0) return {};
  const [market, language, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    storeGroupOf(request),
  ]);
  // One page of products: the lookup takes at most 100 ids (a cart rarely holds 100 products).
  const parentIds = [...new Set(sized.map((item) => item.productParentId))].slice(0, 100);
  const [page, stocks] = await Promise.all([
    catalogue
      .byIds({
        ...catalogueQuery(market, language, storeGroup),
        productIds: parentIds,
        per_page: parentIds.length,
      })
      .catch(() => null),
    Promise.all(
      parentIds.map((productParentId) =>
        catalogue
          .stocks({ productParentId, storeGroupId: storeGroup, countryCode: market.country })
          .catch(() => null),
      ),
    ),
  ]);
  const available = new Map<string, number>();
  for (const stock of stocks) {
    for (const variant of stock?.productParent.productVariants ?? []) {
      available.set(variant.id, variant.availableQuantity);
    }
  }
  const options: CartSizeOptions = {};
  for (const item of sized) {
    const product = page?.data.find((candidate) => candidate.id === item.productParentId);
    if (!product) continue;
    const sizes = sizeOptionsFor(item, product.variants, (id) => available.get(id));
    if (sizes.length > 0) options[item.id] = sizes;
  }
  return options;
}
