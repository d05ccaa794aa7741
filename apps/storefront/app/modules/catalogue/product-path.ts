/** A product page's path in a market: `/{productUrlPrefix}/{slug}` (`/produkt/…`, `/tuote/…`). */
export function productPath(productUrlPrefix: string, slug: string): string {
  return `/${productUrlPrefix}/${slug}`;
}
