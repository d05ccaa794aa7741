/**
 * Klarna Checkout through the shopper API (C§7 `/shopper-kco`), in Klarna Checkout v3's names.
 * Amounts in minor units; `tax_rate` in basis points.
 */

export interface KlarnaMerchantUrls {
  terms: string;
  checkout: string;
  /** May hold `{checkout.order.id}`, which Klarna fills in. */
  confirmation: string;
  // No push or validation URL: Klarna calls the platform's own (its configuration), and a shopper
  // call that names one is refused (400).
}

/** `POST /shopper-kco/orders` (checkout token). */
export interface KlarnaCreateOrderInput {
  merchant_urls: KlarnaMerchantUrls;
  locale?: string;
}

export interface KlarnaOrderLine {
  type: string;
  reference: string;
  name: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount: number;
}

/** A Klarna checkout order (`POST /shopper-kco/orders`, `GET /shopper-kco/orders/{id}`). */
export interface KlarnaOrder {
  order_id: string;
  status: "checkout_incomplete" | "checkout_complete";
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  gift_card_amount: number;
  order_lines: KlarnaOrderLine[];
  merchant_urls: Partial<KlarnaMerchantUrls>;
  /** The checkout snippet while incomplete; the confirmation snippet once complete. */
  html_snippet: string;
  /** The same checkout as a full page, for a shopper without JavaScript. */
  hosted_payment_page_url: string;
  started_at: string;
  completed_at?: string;
  /** The platform's order, once placed. */
  kassa_order_id?: string | null;
  /** Set when the order was refused: `VALIDATION_ERROR` (fields to fix) or `OUT_OF_STOCK`. */
  error_code?: "VALIDATION_ERROR" | "OUT_OF_STOCK";
  error_messages?: string[];
  productVariantIDs?: string[];
}
