import { toMajorUnits } from "@kassa/domain";
import type { Offer, Product } from "schema-dts";
import { availabilityOf, type StockLevel } from "./availability";

/** One variant as the product page knows it, its picture's URL already absolute. */
export interface ProductVariantFacts {
  id: string;
  sku: string;
  name: string;
  image: string;
  /** The price the page shows (the sale price), in minor units; null when not sold here. */
  price: { amount: number; currency: string } | null;
  stock: StockLevel | null;
}

export interface ProductFacts {
  /** The page's canonical URL (`canonicalUrlOf`). */
  url: string;
  name: string;
  description: string;
  brand: string;
  /** The variant the page shows, whose picture comes first. */
  selectedVariantId?: string;
  variants: readonly ProductVariantFacts[];
  /** The seller's `@id` (the shop's Organization). */
  sellerId: string;
}

/**
 * A product page's Product: one Offer per variant that has a price in the page's market, each
 * with the variant's SKU, its price in major units (C§9: minor ÷ 100) and its availability. One
 * Offer per variant rather than an AggregateOffer: Google's merchant listings take Offers only,
 * and variants of different prices stay exact. Null when no variant is sold in this market: a
 * Product without an offer is not one Google can show (and the page says "not sold here").
 *
 * A variant's Offer points at the page with that variant chosen (`?variant=`), which the page
 * serves; its canonical link still names the product's one URL.
 */
export function productJsonLd(facts: ProductFacts): Product | null {
  const offered = facts.variants.filter((variant) => variant.price !== null);
  if (offered.length === 0) return null;
  const several = facts.variants.length > 1;
  const offers = offered.map((variant): Offer => {
    const price = variant.price as NonNullable<ProductVariantFacts["price"]>;
    return {
      "@type": "Offer",
      sku: variant.sku,
      name: variant.name,
      url: several ? variantUrl(facts.url, variant.id) : facts.url,
      price: toMajorUnits(price.amount),
      priceCurrency: price.currency,
      availability: availabilityOf(variant.stock),
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@id": facts.sellerId },
    };
  });
  const selected =
    facts.variants.find((variant) => variant.id === facts.selectedVariantId) ?? facts.variants[0];
  const images = [
    ...new Set([selected?.image, ...facts.variants.map((variant) => variant.image)]),
  ].filter((image): image is string => Boolean(image));
  return {
    "@type": "Product",
    "@id": `${facts.url}#product`,
    name: facts.name,
    description: facts.description,
    url: facts.url,
    image: images,
    ...(facts.brand ? { brand: { "@type": "Brand", name: facts.brand } } : {}),
    // One variant: it is the product, and its SKU is the product's.
    ...(facts.variants.length === 1 && selected ? { sku: selected.sku } : {}),
    offers,
  };
}

function variantUrl(pageUrl: string, variantId: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set("variant", variantId);
  return url.href;
}
