/**
 * Wire shapes of the checkout (C§3, C§7; platform contract "Checkout"): discount codes on the
 * session, the checkout (a frozen copy of the cart), gift cards applied to it (Retain24), and the
 * order a paid checkout becomes. The Kassa platform types its replies with these.
 *
 * Every amount is an integer in minor units; every tax percentage in basis points.
 */

import type { Cart, CartItem, CartItemCustomAttributes, CartTotals } from "./shopper.js";

// ---------------------------------------------------------------------------------------------
// Discount codes
// ---------------------------------------------------------------------------------------------

/** `POST /shopper/sessions/discount-codes` */
export interface AddDiscountCodeInput {
  discountCode: string;
}

/**
 * The `error` of a refused discount code (C§8). The platform answers 400 (422 for a code that is
 * valid but whose conditions the cart does not meet) with one of these as `error`.
 */
export const DISCOUNT_CODE_ERRORS = [
  "MISSING_DISCOUNT_CODE",
  "CONDITION_DISCOUNT_CODE",
  "CONDITION_DISCOUNT_EXTERNAL",
  "EXPIRED_DISCOUNT_CODE",
  "ALREADY_ADDED_DISCOUNT_CODE",
  "INACTIVE_DISCOUNT_CODE",
  "BAD_REQUEST",
] as const;
export type DiscountCodeError = (typeof DISCOUNT_CODE_ERRORS)[number];

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

/** `POST /shopper/sessions/checkout/start`: provider names as in `capabilities`. */
export interface StartCheckoutInput {
  paymentProvider: string;
  shippingProvider: string;
  giftCardProvider?: string;
}

/** A gift card applied to a checkout: `amount` is what it will pay, `name` the masked code. */
export interface CheckoutGiftCard {
  id: string;
  amount: number;
  name: string;
  currencyCode: string;
}

export interface CheckoutTotals extends CartTotals {
  /** Paid by gift cards, at most the grand total. */
  giftCardTotal: number;
  /** Left for the payment provider: grand total less gift cards. */
  amountToPay: number;
}

/**
 * A checkout: the cart as it was at `cartRevision`, frozen. `isStale` is true once the cart has
 * changed since; a stale checkout cannot be paid and a new one must be started.
 */
export interface Checkout {
  id: string;
  cartRevision: number;
  isStale: boolean;
  status: "open" | "completed";
  paymentProvider: string;
  shippingProvider: string;
  giftCardProvider: string | null;
  currencyCode: string;
  countryCode: string;
  languageCode: string;
  isTaxIncludedInPrice: boolean;
  items: CartItem[];
  discountCodes: { code: string }[];
  giftCards: CheckoutGiftCard[];
  totals: CheckoutTotals;
  attributes: Cart["attributes"];
  /** Set once the checkout is paid and its order placed. */
  orderId: string | null;
}

/** `POST /shopper/sessions/checkout/start`: `token` is the checkout token (it names the checkout). */
export interface CheckoutStarted {
  token: string;
  checkout: Checkout;
}

/** `GET /shopper/sessions/checkout` (checkout token): the checkout and, once placed, its order. */
export interface CheckoutState {
  token: string;
  checkout: Checkout;
  order?: PlacedOrder;
}

// ---------------------------------------------------------------------------------------------
// Gift cards (Retain24)
// ---------------------------------------------------------------------------------------------

/** `PUT /shopper-retain24/gift-cards/{code}` (checkout token): answers 204. */
export interface ApplyGiftCardInput {
  pin: string;
}

/** Error texts of the gift-card service (platform contract), as the platform answers them. */
export const GIFT_CARD_ERRORS = {
  unableToAdd: "unable to add/update card",
  insufficientBalance: "requested gift card has insufficient balance",
  grandTotalZero: "grand total is 0",
  pinRequired: "PIN code required",
  currencyMismatch: "gift card currency does not match checkout currency",
  outsideValidDates: "outside valid date range",
  statusInvalid: "gift card status invalid",
} as const;

/**
 * `POST /shopper-retain24/gift-card-products` (session token): buy a gift card, sent to
 * `receivingEmail` once the order is placed. `amountToLoad` is in minor units of the cart's
 * currency: 10 000–1 000 000 (100–10 000 kr) or 1 000–100 000 (10–1 000 €). `templateId` is one of
 * `GIFT_CARD_TEMPLATE_IDS`; `message` at most 200 characters; `market` must be the cart's market.
 */
export interface GiftCardProductInput {
  amountToLoad: number;
  templateId: string;
  receivingEmail: string;
  senderName?: string;
  message?: string;
  market: string;
  lang: string;
  store: string;
}

/** The card designs the platform offers. */
export const GIFT_CARD_TEMPLATE_IDS = ["classic", "birthday", "christmas"] as const;
export type GiftCardTemplateId = (typeof GIFT_CARD_TEMPLATE_IDS)[number];

/** A gift-card product: a cart line that issues a card when its order is placed. */
export interface GiftCardProduct {
  id: string;
  /** The cart line it is (`cart.items[].id`). */
  cartItemId: string;
  amountToLoad: number;
  currencyCode: string;
  templateId: string;
  receivingEmail: string;
  senderName: string | null;
  message: string | null;
}

/** `POST /shopper-retain24/gift-card-products` answers the cart with the product line. */
export interface GiftCardProductAdded {
  giftCardProduct: GiftCardProduct;
  cart: Cart;
}

/** `customAttributes` of a gift-card cart line: which gift-card product it is. */
export interface GiftCardLineAttributes extends CartItemCustomAttributes {
  giftCard?: { giftCardProductId: string; receivingEmail: string; templateId: string };
}

// ---------------------------------------------------------------------------------------------
// Placed orders
// ---------------------------------------------------------------------------------------------

export interface OrderAddress {
  givenName: string;
  familyName: string;
  email: string;
  telephoneNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  country: string;
  organizationName?: string;
  /** A business customer's organisation number, as entered in the provider's widget. */
  organizationNumber?: string;
}

export interface OrderLine {
  productVariantId: string;
  productParentId: string;
  name: string;
  displayName: string;
  imageUrl: string;
  quantity: number;
  options: Record<string, unknown>;
  customAttributes: CartItem["customAttributes"];
  basePriceAmount: number;
  salePriceAmount: number;
  totalDiscountAmount: number;
  totalPriceAmount: number;
  taxPercentage: number;
}

/** An order as the shopper sees it after paying (the management API reads the same rows). */
export interface PlacedOrder {
  id: string;
  /** The order number. */
  reference: string;
  placedAt: string;
  orderStates: string[];
  customStates: { id: string }[];
  email: string;
  currencyCode: string;
  countryCode: string;
  isTaxIncludedInPrice: boolean;
  lines: OrderLine[];
  discountCodes: { code: string }[];
  giftCards: { name: string; amount: number }[];
  totals: CheckoutTotals;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  payment: { provider: string; reference: string; amount: number };
  shippingProvider: string;
  attributes: Cart["attributes"];
}

/**
 * How a payment ended, as every provider sandbox reports it in its own words (`status` in the
 * provider's vocabulary) and, for the shop, in these: `errors` are C§8's order-error-card texts
 * (`path: message`), `productVariantIDs` the lines that sold out while the shopper paid.
 */
export interface PaymentOutcome {
  outcome: "pending" | "completed" | "declined" | "refused" | "expired";
  errors?: string[];
  productVariantIDs?: string[];
  orderId?: string;
}

/**
 * The `errors` of a payment the platform would not turn into an order because the money did not
 * add up (ADR 0030), in C§8's `path: message` form; the storefront's order error card translates
 * them. `paymentMismatch`: what the provider charged plus the gift cards is not the order's total
 * (the checkout's gift cards changed after the payment opened, and the payment was not updated).
 * `cartChanged`: the cart changed after the checkout started (lines, codes, the customer card).
 * `paymentEnded`: the payment ended (or another one paid the checkout) while the shopper paid.
 */
export const ORDER_REFUSAL_ERRORS = {
  paymentMismatch: "payment: the amount paid does not match the order",
  cartChanged: "cart: the cart changed after the checkout started",
  paymentEnded: "payment: this payment has ended",
} as const;
