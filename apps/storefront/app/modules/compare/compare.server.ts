import type { Product, ProductQueryBase } from "@kassa/api-client";
import { compareSelection } from "@kassa/domain";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { mainImageColor, productImageAlt } from "~/modules/catalogue/product-image";
import { productPath } from "~/modules/catalogue/product-path";

/** One product's column in the comparison. */
export interface ComparedProduct {
  id: string;
  name: string;
  brand: string;
  href: string;
  imageUrl: string;
  /** The picture's alt text: the name and the colour it shows. */
  imageAlt: string;
  description: string;
  price: Product["price"] | null;
  isAvailable: boolean;
  colours: string[];
  sizes: string[];
}

export interface Comparison {
  products: ComparedProduct[];
  /** How many asked-for products were past the limit of four. */
  dropped: number;
}

function distinct(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** The products of `/compare?compare=…`, side by side, in the order they were chosen. */
export async function loadComparison(
  url: URL,
  query: ProductQueryBase,
  productBase: string,
): Promise<Comparison> {
  const { productIds, dropped } = compareSelection(url.searchParams.getAll("compare"));
  if (productIds.length === 0) return { products: [], dropped };
  const page = await catalogue.byIds({ ...query, productIds, per_page: productIds.length });
  return {
    dropped,
    products: page.data.map((product) => ({
      id: product.id,
      name: product.name,
      brand: product.brand,
      href: productPath(productBase, product.slug),
      imageUrl: product.imageUrl,
      imageAlt: productImageAlt(product.name, mainImageColor(product)),
      description: product.description,
      price: product.price ?? null,
      isAvailable: product.isAvailable,
      colours: distinct(product.variants.map((variant) => variant.color)),
      sizes: distinct(product.variants.map((variant) => variant.size)),
    })),
  };
}
