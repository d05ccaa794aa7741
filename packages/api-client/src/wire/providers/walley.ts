/**
 * Walley Checkout through the shopper API (C§7 `/shopper-walley`), in Walley Checkout's names.
 * Walley itself sends amounts as decimals in major units; the shopper API keeps the platform's
 * rule: every amount is an integer in minor units. `vat` is a percentage (25 = 25 %).
 */

/** The buyer a business checkout opens with (all optional: the widget asks for what is missing). */
export interface WalleyBuyerPreset {
  firstName?: string;
  lastName?: string;
  email?: string;
  mobilePhoneNumber?: string;
}

export interface WalleyDeliveryAddressPreset {
  companyName?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  /** ISO 3166-1 alpha-2 (`SE`). */
  country?: string;
}

/** Opens the widget as a business purchase, prefilled (C§7 `businessCustomerPreset`). */
export interface WalleyBusinessCustomerPreset {
  organizationNumber: string;
  buyer?: WalleyBuyerPreset;
  deliveryAddress?: WalleyDeliveryAddressPreset;
}

/** `POST /shopper-walley/checkouts` (checkout token). */
export interface WalleyInitCheckoutInput {
  /** The shop's terms of purchase. */
  merchantTermsUri: string;
  /** Where the shopper lands after the purchase (`/checkout/confirmation?provider=walley…`). */
  redirectPageUri: string;
  // No notification or validation URI: Walley calls the platform's own (its configuration), and a
  // shopper call that names one is refused (400).
  businessCustomerPreset?: WalleyBusinessCustomerPreset;
}

/**
 * - `Initialized`: open; the shopper has not paid (a declined payment stays here: the shopper
 *   tries again in the widget).
 * - `PurchaseCompleted`: paid; the order is placed (`kassaOrderId`).
 * - `PurchaseRefused`: the platform refused the order (`errorCode`, `errors`,
 *   `productVariantIDs`); start a new Walley checkout after fixing it.
 * - `Expired`: the public token's 7 days passed without a purchase.
 */
export type WalleyCheckoutStatus =
  | "Initialized"
  | "PurchaseCompleted"
  | "PurchaseRefused"
  | "Expired";

export interface WalleyCartItem {
  /** The product variant id, or `giftcard-…` for a gift card. */
  id: string;
  description: string;
  quantity: number;
  /** Minor units; negative for a gift card. */
  unitPrice: number;
  /** The line after discounts (`unitPrice × quantity − discounts`), minor units. */
  totalAmount: number;
  /** Percent (25 = 25 %). */
  vat: number;
  /** Walley's item type for a gift card paying part of the purchase. */
  type?: "GiftCard";
}

export interface WalleyFee {
  id: string;
  description: string;
  /** Minor units. */
  unitPrice: number;
}

/** How the shopper paid, once the purchase is completed. */
export interface WalleyPurchase {
  /** Minor units. */
  amountToPay: number;
  paymentName: string;
  /** The order number the shopper sees. */
  purchaseIdentifier: string;
  result: "Completed";
}

/** The business customer of a business purchase (from the preset). */
export interface WalleyBusinessCustomer {
  organizationNumber: string;
  companyName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  mobilePhoneNumber?: string;
}

/**
 * A Walley checkout (`POST` and `GET /shopper-walley/checkouts`). What the page needs to embed it:
 * `publicToken`, `loaderUrl` (Walley's loader script) and `embedUrl` (the widget the loader
 * frames, by public token); `hostedCheckoutUrl` is the same checkout as a full page, for a
 * shopper without JavaScript.
 */
export interface WalleyCheckout {
  /** Server-side id: reads and notifications name the checkout by it. */
  privateId: string;
  /** Public id for the page's loader script (`data-token`); valid 7 days. */
  publicToken: string;
  /** When the public token stops working (ISO 8601). */
  expiresAt: string;
  status: WalleyCheckoutStatus;
  customerType: "PrivateCustomer" | "BusinessCustomer";
  countryCode: string;
  currency: string;
  /** The shop's reference: the platform's checkout id. */
  reference: string;
  cart: { items: WalleyCartItem[] };
  fees: { shipping: WalleyFee | null };
  /** What the widget charges: the grand total less gift cards, minor units. */
  amountToPay: number;
  businessCustomer: WalleyBusinessCustomer | null;
  /** Set once `PurchaseCompleted`. */
  purchase: WalleyPurchase | null;
  loaderUrl: string;
  embedUrl: string;
  hostedCheckoutUrl: string;
  merchantTermsUri: string;
  redirectPageUri: string;
  /** Where Walley notifies the shop: the platform's own `/shopper-walley/notifications`. */
  notificationUri: string;
  /** The platform's order, once placed. */
  kassaOrderId?: string;
  /** Set when `PurchaseRefused`: `VALIDATION_ERROR` (fields to fix) or `OUT_OF_STOCK`. */
  errorCode?: "VALIDATION_ERROR" | "OUT_OF_STOCK";
  /** C§8 order-error-card texts, `path: message`. */
  errors?: string[];
  productVariantIDs?: string[];
}

/** `POST /shopper-walley/notifications?privateId=…` (also `GET`): the acknowledgement. */
export interface WalleyNotificationReply {
  privateId: string;
  status: WalleyCheckoutStatus;
  kassaOrderId?: string;
}
