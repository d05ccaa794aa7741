import type { Product, ProductQueryBase } from "@kassa/api-client";
import { parseWishlistEntry } from "@kassa/domain";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { productPath } from "~/modules/catalogue/product-path";
import { swatchesOf } from "~/modules/catalogue/product-swatches";

/**
 * C§3's enriched wishlist product: the product's data, its place in the list (`position`) and the
 * colour it was kept in (`colour_variant`, the id of a variant of that colour). The picture and
 * the link follow that colour.
 */
export interface WishlistItem {
  entry: string;
  position: number;
  colour_variant: string | null;
  colour: string | null;
  productId: string;
  name: string;
  brand: string;
  href: string;
  imageUrl: string;
  isAvailable: boolean;
  price: Product["price"] | null;
  swatches: { name: string; hex: string }[];
}

/** The kept products in list order; entries whose product is gone (or not sold here) are skipped. */
export async function wishlistItems(
  entries: readonly string[],
  query: ProductQueryBase,
  productBase: string,
): Promise<WishlistItem[]> {
  const parsed = entries.flatMap((entry) => {
    const parts = parseWishlistEntry(entry);
    return parts ? [{ entry, ...parts }] : [];
  });
  if (parsed.length === 0) return [];
  const page = await catalogue.byIds({
    ...query,
    productIds: [...new Set(parsed.map((item) => item.productId))],
    per_page: parsed.length,
  });
  const products = new Map(page.data.map((product) => [product.id, product]));
  return parsed.flatMap(({ entry, productId, colourVariantId }, position) => {
    const product = products.get(productId);
    if (!product) return [];
    const variant = product.variants.find((candidate) => candidate.id === colourVariantId);
    const href = productPath(productBase, product.slug);
    return [
      {
        entry,
        position,
        colour_variant: variant?.id ?? null,
        colour: variant?.color ?? null,
        productId,
        name: product.name,
        brand: product.brand,
        href: variant ? `${href}?variant=${encodeURIComponent(variant.id)}` : href,
        imageUrl: variant?.imageUrl ?? product.imageUrl,
        isAvailable: product.isAvailable,
        price: product.price ?? null,
        swatches: swatchesOf(product),
      },
    ];
  });
}
