/**
 * Wire shapes of the product wrapper calls under `/enad/` (C§7): lookups by category, tag, SKU,
 * product ids and slug, and the category list. The Kassa platform types its replies with these; the product client
 * (`../products.ts`) speaks them.
 */

import type { CountryCode, CurrencyCode } from "./common.js";

export interface Category {
  id: string;
  /** Path-like identifier, e.g. `klader/trojor`. Used in storefront URLs. */
  uri: string;
  name: string;
  description: string;
  imageUrl: string;
  parentId: string | null;
  productCount: number;
}

export interface ProductVariant {
  id: string;
  sku: string;
  name: string;
  color?: string;
  /** CSS colour for swatches, e.g. `#1d3557`. */
  colorHex?: string;
  size?: string;
  imageUrl: string;
}

/** An add-on item that is added together with the parent and follows its quantity. */
export interface ProductChildItem {
  productVariantId: string;
  productParentId: string;
  name: string;
}

export interface ProductPriceSummary {
  currencyCode: CurrencyCode;
  /** Lowest base price among the variants in this market. */
  basePriceAmount: number;
  /** Lowest sale price among the variants in this market. */
  salePriceAmount: number;
  /** True when the variants are not all priced the same. */
  hasPriceRange: boolean;
}

export interface Product {
  id: string;
  slug: string;
  name: string;
  description: string;
  brand: string;
  categoryIds: string[];
  tags: string[];
  imageUrl: string;
  orderLimit: number | null;
  variants: ProductVariant[];
  childItems: ProductChildItem[];
  /** Absent when the product has no price in the requested market. */
  price?: ProductPriceSummary;
  /** True when at least one variant can be bought in the requested market. */
  isAvailable: boolean;
}

export interface ProductQueryBase {
  storeGroupSlug: string;
  /** Country code of the market, e.g. `SE`. */
  market: CountryCode;
  /** Lower-case language code, e.g. `sv`. */
  language: string;
}

export interface PagedQuery {
  page?: number;
  per_page?: number;
}

export interface ProductsByCategoryUriQuery extends ProductQueryBase, PagedQuery {
  categoryUri: string;
  include_child_category_products?: boolean;
}

export interface ProductsByCategoryIdQuery extends ProductQueryBase, PagedQuery {
  categoryId: string;
  include_child_category_products?: boolean;
}

export interface ProductsByTagQuery extends ProductQueryBase, PagedQuery {
  tag: string;
  only_active?: boolean;
  sort?: "name" | "price_asc" | "price_desc" | "newest";
  revalidate?: boolean;
}

export interface ProductsBySkuQuery extends ProductQueryBase, PagedQuery {
  skuQuery: string;
  isMultiple?: boolean;
}

/**
 * `POST /enad/get-products-by-ids/`: the active products among these product (parent) ids, in the
 * order asked, each once; unknown and inactive ids are left out. 1–100 ids of at most 64
 * characters. `per_page` defaults to 100, so one page holds every id asked for.
 */
export interface ProductsByIdsQuery extends ProductQueryBase, PagedQuery {
  productIds: string[];
}

export interface ProductBySlugQuery extends ProductQueryBase {
  slug: string;
}

export interface CategoriesQuery extends ProductQueryBase {}

/**
 * `POST /enad/get-sitemap-products/`: one page of the products sold in a market (active, listed,
 * with a price in the store group and market), ordered by id, for a sitemap. Keyset paging: the
 * next page starts after the last id of this one. `language` is not needed (nothing is named).
 */
export interface SitemapProductsQuery extends Omit<ProductQueryBase, "language"> {
  language?: string;
  /** The `next` of the page before; omitted for the first page. */
  after?: string;
  /** Products per page, 1–5000. @default 5000 */
  limit?: number;
}

/** A product as a sitemap names it. */
export interface SitemapProduct {
  /** The product parent's id. */
  id: string;
  slug: string;
  /** When the product last changed (ISO 8601, UTC). */
  updatedAt: string;
}

export interface SitemapProductsReply {
  data: SitemapProduct[];
  /** The `after` of the next page, or `null` when this page is the last. */
  next: string | null;
  /** How many products the market sells in all; only on the first page (no `after`). */
  total?: number;
}

/** A page of results from a product lookup. */
export interface ProductPage {
  data: Product[];
  total: number;
  total_pages: number;
  page: number;
}

/** `POST /enad/get-product-by-slug/`: the active product with the slug, or `null`. */
export interface ProductBySlugReply {
  data: Product | null;
}

/** `POST /enad/get-categories/` */
export interface CategoriesReply {
  data: Category[];
}
