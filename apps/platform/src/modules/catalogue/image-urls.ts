/**
 * Absolute URLs of the generated images. Product images are named after the variant (or the
 * parent, for the product's main image), category images after the category id.
 *
 * The pictures are served `immutable` for a year, so the URL carries the drawings' version: when
 * the drawings change (ADR 0019: square, no text), a browser fetches the new ones instead of
 * keeping what it cached.
 */
export const IMAGE_VERSION = 2;

export function productImageUrl(publicUrl: string, variantOrParentId: string): string {
  return `${publicUrl}/media/products/${encodeURIComponent(variantOrParentId)}.svg?v=${IMAGE_VERSION}`;
}

export function categoryImageUrl(publicUrl: string, categoryId: string): string {
  return `${publicUrl}/media/categories/${encodeURIComponent(categoryId)}.svg?v=${IMAGE_VERSION}`;
}
