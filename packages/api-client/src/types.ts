/**
 * Wire shapes of the Kassa backend APIs (C§3, C§7 and `shared/platform-contract.md`).
 *
 * Every amount is an integer in minor units (öre, cent). Every tax percentage is in basis points
 * (2500 = 25 %). These types describe what goes over the wire; they carry no behaviour.
 */

/** Country codes of the markets Kassa sells in. */
export type CountryCode = string;
/** ISO 4217 currency code, e.g. `SEK`, `EUR`. */
export type CurrencyCode = string;

// ---------------------------------------------------------------------------------------------
// Shopper session and cart
// ---------------------------------------------------------------------------------------------

export interface CartItemCustomAttributes {
  productSlug: string;
  parentName: string;
  color?: string;
  size?: string;
  /** Maximum summed quantity of all variants of this item's product parent, when limited. */
  orderLimit?: number;
}

export interface CartItemOptions {
  /** Cart item id of the parent line this line belongs to (child items follow its quantity). */
  parentItem?: string;
  [key: string]: unknown;
}

export interface CartItem {
  id: string;
  productVariantId: string;
  productParentId: string;
  quantity: number;
  name: string;
  displayName: string;
  imageUrl: string;
  options: CartItemOptions;
  customAttributes: CartItemCustomAttributes;
  basePriceAmount: number;
  salePriceAmount: number;
  totalDiscountAmount: number;
  totalPriceAmount: number;
  taxPercentage: number;
}

export interface CartTotals {
  subTotal: number;
  shippingTotal: number;
  discountTotal: number;
  taxTotal: number;
  grandTotal: number;
}

export interface SessionCompanyAttributes {
  registrationNumber: string;
  taxId: string;
  name: string;
  reference: string;
}

export interface SessionAttributes {
  company?: SessionCompanyAttributes;
  /** Organisation number without hyphen. */
  merchantReference1?: string;
  [key: string]: unknown;
}

export interface Cart {
  id: string;
  storeGroupId: string;
  countryCode: CountryCode;
  currencyCode: CurrencyCode;
  languageCode: string;
  isTaxIncludedInPrice: boolean;
  discountCodes: { code: string }[];
  /** Increases on every change of the cart; a checkout freezes one revision. */
  revision: number;
  items: CartItem[];
  totals: CartTotals;
  attributes: SessionAttributes;
}

export interface Provider {
  id: string;
  name: string;
}

export interface Capabilities {
  paymentProviders: Provider[];
  shippingProviders: Provider[];
  giftCardProviders: Provider[];
}

export interface StartSessionInput {
  storeGroupId: string;
  countryCode: CountryCode;
  languageCode: string;
}

/** `POST /shopper/sessions/start` */
export interface SessionStarted {
  token: string;
  cart: Cart;
  capabilities: Capabilities;
}

/** `GET /shopper/sessions` */
export interface SessionState {
  token: string;
  cart: Cart;
  capabilities?: Capabilities;
}

export interface AddItemInput {
  productVariantId: string;
  quantity: number;
  options?: CartItemOptions;
}

/** `POST /shopper/sessions/items` */
export interface ItemAdded {
  cart: Cart;
  capabilities: Capabilities;
}

/** `PUT` and `DELETE /shopper/sessions/items/{id}`, `PATCH /shopper/sessions/attributes` */
export interface CartReply {
  cart: Cart;
}

// ---------------------------------------------------------------------------------------------
// Prices and stock per product parent, store group and market
// ---------------------------------------------------------------------------------------------

export interface VariantPrice {
  id: string;
  basePriceAmount: number;
  salePriceAmount: number;
  discountAmount: number;
  taxPercentage: number;
}

/** `GET /shopper/prices/product-parents/{id}/store-groups/{sg}/markets/{cc}` */
export interface ProductParentPrices {
  productParent: {
    id: string;
    currencyCode: CurrencyCode;
    isTaxIncludedInPrice: boolean;
    productVariants: VariantPrice[];
  };
}

export interface VariantStock {
  id: string;
  isAvailable: boolean;
  stockQuantity: number;
  reservedQuantity: number;
  availableQuantity: number;
}

/** `GET /shopper/stocks/product-parents/{id}/store-groups/{sg}/markets/{cc}` */
export interface ProductParentStocks {
  productParent: {
    id: string;
    productVariants: VariantStock[];
  };
}

// ---------------------------------------------------------------------------------------------
// Catalogue (the product wrapper calls under /enad/)
// ---------------------------------------------------------------------------------------------

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

export interface ProductBySlugQuery extends ProductQueryBase {
  slug: string;
}

export interface CategoriesQuery extends ProductQueryBase {}

/** A page of results from a product lookup. */
export interface ProductPage {
  data: Product[];
  total: number;
  total_pages: number;
  page: number;
}

// ---------------------------------------------------------------------------------------------
// Markets
// ---------------------------------------------------------------------------------------------

export interface StoreGroupMarket {
  countryCode: CountryCode;
  currencyCode: CurrencyCode;
  languageCode: string;
  isTaxIncludedInPrice: boolean;
}

/** `GET /shopper/store-groups/{storeGroupId}/markets` */
export interface StoreGroupMarkets {
  storeGroupId: string;
  markets: StoreGroupMarket[];
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** The platform error body (C§3). */
export interface PlatformErrorBody {
  error?: string;
  message?: string;
  statusCode?: number;
  requestId?: string;
  errors?: string[];
  productVariantIDs?: string[];
}
