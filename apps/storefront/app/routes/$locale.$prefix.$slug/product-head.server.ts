import type { Product, ProductVariant, VariantPrice, VariantStock } from "@kassa/api-client";
import type { CategoryStep } from "~/modules/catalogue/category-trail";
import { productImageAlt } from "~/modules/catalogue/product-image";
import { categoryPathIn, localePath } from "~/modules/http/locale-url";
import { publicUrl } from "~/modules/http/public-origin.server";
import { localeOf } from "~/modules/http/request-locale.server";
import { shareOf } from "~/modules/http/share.server";
import { jsonLdGraph, jsonLdText } from "~/modules/structured-data/json-ld";
import { productJsonLd } from "~/modules/structured-data/product";
import { shopOrganizationId, shownBreadcrumb } from "~/modules/structured-data/shop-nodes.server";

export interface ProductHeadInput {
  product: Product;
  /** The variant the page shows. */
  selected: ProductVariant | undefined;
  /** The market's prices and stock per variant id: the same maps the page shows from. */
  priceOf: ReadonlyMap<string, VariantPrice>;
  stockOf: ReadonlyMap<string, VariantStock>;
  currencyCode: string | undefined;
  /** The breadcrumb's categories, as the page shows them. */
  categoryTrail: readonly CategoryStep[];
  /** "Start", "Home", "Etusivu": the breadcrumb's first step in the page's language. */
  homeName: string;
}

/**
 * What search engines and link previews read of a product page: the Open Graph tags (the shown
 * variant's picture and price) and the JSON-LD (the Product with an Offer per variant, and the
 * breadcrumb), all from the prices and stock the page itself shows, so neither can tell another
 * price than the page (docs/search-engines.md).
 */
export async function productHead(request: Request, input: ProductHeadInput) {
  const locale = await localeOf(request);
  const { product, selected, priceOf, stockOf, currencyCode } = input;
  const shownPrice = selected ? priceOf.get(selected.id) : undefined;
  const share = await shareOf(request, {
    type: "product",
    image: {
      url: selected?.imageUrl ?? product.imageUrl,
      alt: productImageAlt(product.name, selected?.color),
    },
    price:
      shownPrice && currencyCode
        ? { amount: shownPrice.salePriceAmount, currency: currencyCode }
        : null,
  });
  const structuredData = jsonLdText(
    jsonLdGraph(
      productJsonLd({
        url: share.url,
        name: product.name,
        description: product.description,
        brand: product.brand,
        selectedVariantId: selected?.id,
        sellerId: shopOrganizationId(),
        variants: product.variants.map((variant) => {
          const price = priceOf.get(variant.id);
          return {
            id: variant.id,
            sku: variant.sku,
            name:
              variant.name === product.name ? product.name : `${product.name} – ${variant.name}`,
            image: publicUrl(variant.imageUrl),
            // The sale price: what the page shows as the price.
            price:
              price && currencyCode
                ? { amount: price.salePriceAmount, currency: currencyCode }
                : null,
            stock: stockOf.get(variant.id) ?? null,
          };
        }),
      }),
      shownBreadcrumb(
        request,
        [
          { name: input.homeName, path: localePath(locale) },
          ...input.categoryTrail.map((step) => ({
            name: step.name,
            path: categoryPathIn(locale, step.uri),
          })),
        ],
        product.name,
      ),
    ),
  );
  return { share, structuredData };
}
