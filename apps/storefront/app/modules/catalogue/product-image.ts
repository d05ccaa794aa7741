import type { Product } from "@kassa/api-client";

/**
 * The size of product and category pictures (ADR 0019): square, so every box that shows one is
 * square too and nothing is cut off. Given to each `<img>` as `width`/`height`, so the browser
 * keeps the space before the picture arrives.
 */
export const PRODUCT_IMAGE = { width: 800, height: 800 } as const;

/**
 * The attributes of the page's largest picture, its Largest Contentful Paint (issue 15): loaded at
 * once and before other pictures. React 18 knows no `fetchPriority` prop, so the HTML attribute is
 * given as it is spelt. Every other picture is `loading="lazy"`.
 */
export const LCP_IMAGE_ATTRIBUTES = { loading: "eager", fetchpriority: "high" } as const;

/** How a picture in a grid loads: the first `priority` as the LCP, the rest of `eager` at once. */
export function gridImageLoading(
  index: number,
  { priority = 0, eager = priority }: { priority?: number; eager?: number },
): "priority" | "eager" | "lazy" {
  if (index < priority) return "priority";
  return index < eager ? "eager" : "lazy";
}

/** A picture's alt text: the product's name and the colour it shows, in the page's language. */
export function productImageAlt(name: string, color?: string | null): string {
  return color ? `${name}, ${color}` : name;
}

/** The colour of the variant whose picture is the product's main picture, if it has one. */
export function mainImageColor(
  product: Pick<Product, "imageUrl" | "variants">,
): string | undefined {
  return product.variants.find((variant) => variant.imageUrl === product.imageUrl)?.color;
}
