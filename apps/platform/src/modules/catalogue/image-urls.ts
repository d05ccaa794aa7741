/**
 * Absolute URLs of the generated images. Product images are named after the variant (or the
 * parent, for the product's main image), category images after the category id.
 */
export function productImageUrl(publicUrl: string, variantOrParentId: string): string {
  return `${publicUrl}/media/products/${encodeURIComponent(variantOrParentId)}.svg`;
}

export function categoryImageUrl(publicUrl: string, categoryId: string): string {
  return `${publicUrl}/media/categories/${encodeURIComponent(categoryId)}.svg`;
}
