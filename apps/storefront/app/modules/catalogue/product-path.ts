/**
 * A product page's path: `{productBase}/{slug}`, where the base is the locale's product path
 * (`/sv-se/produkt`, `/fi-fi/tuote`; `productBasePath` in `~/modules/http/locale-url`).
 */
export function productPath(productBase: string, slug: string): string {
  return `${productBase}/${slug}`;
}
