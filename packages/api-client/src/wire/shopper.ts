/**
 * Wire shapes of the shopper API (C§3, C§7): the session and its cart under `/shopper/sessions`,
 * and the public reads of prices, stock and markets under `/shopper`. The Kassa platform types its
 * replies with these; the shopper client (`../shopper.ts`) speaks them.
 *
 * Every amount is an integer in minor units (öre, cent). Every tax percentage is in basis points
 * (2500 = 25 %). These types describe what goes over the wire; they carry no behaviour.
 */

import type { CountryCode, CurrencyCode } from "./common.js";
import type { AddressFields } from "./companies.js";

// ---------------------------------------------------------------------------------------------
// Session and cart
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
  /**
   * Whose order the session's checkout becomes, with the customer card's choice (see
   * {@link SessionCustomer}); `null` while the session is not linked. Kassa's platform always
   * answers it; another backend may leave it out.
   */
  customer?: SessionCustomer | null;
}

export interface AddItemInput {
  productVariantId: string;
  quantity: number;
  options?: CartItemOptions;
}

/**
 * `PUT /shopper/sessions/items/{id}/variant` (Kassa's platform; not a call of the real shopper
 * API): the line takes another variant of its product, keeping its quantity and child lines.
 */
export interface ChangeItemVariantInput {
  productVariantId: string;
}

/** `POST /shopper/sessions/items` */
export interface ItemAdded {
  cart: Cart;
  capabilities: Capabilities;
}

/** `PUT` and `DELETE /shopper/sessions/items/{id}`, `PUT …/{id}/variant`, `PATCH /shopper/sessions/attributes` */
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

/**
 * `PUT /shopper/sessions/customer` (beyond the spec: C§7 leaves open how an order comes to belong
 * to an account): links the session to the logged-in user, proven by the user's access token, and
 * to one of the user's companies. The platform checks both (a customer or agent of the company, or
 * a super admin), so an order placed from the session belongs to that user and company and shows
 * in their order lookups (ref1, ref2). `DELETE` on the same path unlinks it. Changing the link
 * moves the cart's revision on, so an earlier checkout cannot be paid for someone else.
 *
 * With a company, the body may also carry the customer-information card's choice (A§2, A§4): the
 * contact person and the billing and shipping addresses of the order. The PUT replaces the whole
 * link: a field left out is no longer chosen.
 */
export interface SetSessionCustomerInput {
  /** The user's access token (the `userToken` cookie). */
  accessToken: string;
  /** One of the user's organisations (or, for a super admin, any); left out for a consumer. */
  organisationId?: string;
  /**
   * The order's contact person (A§4): a user of the organisation with role customer, or the
   * caller themself (an agent may choose themself). Needs `organisationId`.
   */
  contactUserId?: string;
  /** The order's billing address (needs `organisationId`). */
  billingAddress?: SessionCustomerAddressInput;
  /** The order's shipping address (needs `organisationId`). */
  shippingAddress?: SessionCustomerAddressInput;
}

/**
 * A card address as sent: `{id}` of one of the organisation's addresses of that kind, or a new
 * address (A§5 "New address (card)"), used for this order only and never added to the company.
 */
export type SessionCustomerAddressInput = { id: string } | SessionNewAddressInput;

/** A§5 "New address (card)": company name, street, city, state/province, zip and country. */
export interface SessionNewAddressInput {
  /** The location's name, optional. */
  name?: string;
  company_name: string;
  street_address: string;
  city: string;
  state_province: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * A card address as the session keeps it: a copy of the company's address taken when it was
 * chosen (`id` names it), or the new address (`id: null`). The order is placed with this copy.
 */
export interface SessionCustomerAddress extends AddressFields {
  id: string | null;
}

/** The order's contact person as the session answers it. */
export interface SessionCustomerContact {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** The session's customer: who orders, for which company, and whether on the company's behalf. */
export interface SessionCustomer {
  userId: string;
  organisationId: string | null;
  /** An agent or super admin ordering for a company they are not a customer of. */
  onBehalf: boolean;
  /** The card's contact person, or `null` when none is chosen. */
  contact: SessionCustomerContact | null;
  /** The card's billing address, or `null`: the payment provider's is used. */
  billingAddress: SessionCustomerAddress | null;
  /** The card's shipping address, or `null`: the payment provider's is used. */
  shippingAddress: SessionCustomerAddress | null;
}

/** `PUT /shopper/sessions/customer` answers the link; `DELETE` answers `{ customer: null }`. */
export interface SessionCustomerReply {
  customer: SessionCustomer | null;
}
