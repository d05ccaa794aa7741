/**
 * The storefront's analytics events, in GA4's recommended ecommerce shape, as they are pushed to
 * `window.dataLayer` (a Google tag, another tag manager or a test reads them there). Every amount
 * is in major units (C§9: minor units ÷ 100), with the ISO currency beside it; `item_id` is the
 * variant's id. Built only by `event-builders.ts`.
 */

export interface AnalyticsItem {
  /** The variant's id (the one the cart and the order name). */
  item_id: string;
  item_name: string;
  item_brand?: string;
  /** The variant in words: colour and size, or the variant's name. */
  item_variant?: string;
  item_list_id?: string;
  item_list_name?: string;
  /** Position in the list, from 0. */
  index?: number;
  /** The unit price paid, in major units (after sale price and discounts). */
  price: number;
  /** The unit discount from the base price, in major units. */
  discount?: number;
  quantity: number;
  coupon?: string;
  /** C§9: the tax percentage as a fraction (basis points ÷ 10,000): 0.25 for 25 %. */
  tax_rate?: number;
}

export interface ItemListParameters {
  item_list_id: string;
  item_list_name: string;
  items: AnalyticsItem[];
}

export interface ValueParameters {
  currency: string;
  /** In major units. */
  value: number;
  items: AnalyticsItem[];
  coupon?: string;
}

export interface PaymentInfoParameters extends ValueParameters {
  payment_type: string;
}

export interface PurchaseParameters extends ValueParameters {
  transaction_id: string;
  /** In major units. */
  tax: number;
  /** In major units. */
  shipping: number;
}

type Ecommerce<Name extends string, Parameters> = { event: Name; ecommerce: Parameters };

export type EcommerceEvent =
  | Ecommerce<"view_item_list", ItemListParameters>
  | Ecommerce<"select_item", ItemListParameters>
  | Ecommerce<"view_item", ValueParameters>
  | Ecommerce<"add_to_cart", ValueParameters>
  | Ecommerce<"remove_from_cart", ValueParameters>
  | Ecommerce<"view_cart", ValueParameters>
  | Ecommerce<"add_to_wishlist", ValueParameters>
  | Ecommerce<"begin_checkout", ValueParameters>
  | Ecommerce<"add_payment_info", PaymentInfoParameters>
  | Ecommerce<"purchase", PurchaseParameters>;

export type SearchEvent = { event: "search"; search_term: string };
export type SignUpEvent = { event: "sign_up"; method: string };
export type LoginEvent = { event: "login"; method: string };

/**
 * A page view, pushed by `AnalyticsHost` for every page (the first and each one scripts navigate
 * to). `page_location` and `page_referrer` keep only the parameters `page-location.ts` allows.
 */
export type PageViewEvent = {
  event: "page_view";
  page_location: string;
  page_referrer: string;
  page_title: string;
};

export type AnalyticsEvent = EcommerceEvent | SearchEvent | SignUpEvent | LoginEvent;

export type AnalyticsEventName = AnalyticsEvent["event"];
