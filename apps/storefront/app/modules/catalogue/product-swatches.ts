import type { Product } from "@kassa/api-client";

/** Each colour of the product once, in variant order, for a card's swatches. */
export function swatchesOf(product: Pick<Product, "variants">): { name: string; hex: string }[] {
  const seen = new Map<string, string>();
  for (const variant of product.variants) {
    if (variant.color && variant.colorHex && !seen.has(variant.color)) {
      seen.set(variant.color, variant.colorHex);
    }
  }
  return [...seen].map(([name, hex]) => ({ name, hex }));
}
