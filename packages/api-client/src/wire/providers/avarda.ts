/**
 * Avarda Checkout 3 through the shopper API (C§7 `/shopper-avarda`), in Avarda's names, with the
 * checkout token as Bearer. Amounts are integers in minor units (the platform's rule; Avarda's own
 * API sends decimals).
 */

/** `B2C` for consumers; `B2B` for the business store group (the widget asks for the company). */
export type AvardaMode = "B2C" | "B2B";

/**
 * Avarda's purchase steps. The sandbox answers `Initialized` (nothing entered yet),
 * `PersonalInfo` (the shopper entered details: a declined payment, or a purchase the shop refused
 * — then `errorCode` is set), `Completed` and `TimedOut` (30 minutes passed; for good).
 */
export type AvardaStep =
  | "Initialized"
  | "EmailZipEntry"
  | "SsnEntry"
  | "PhoneNumberEntry"
  | "PersonalInfo"
  | "WaitingForSwish"
  | "RedirectedToDirectPaymentBank"
  | "RedirectedToNets"
  | "WaitingForBankId"
  | "Completed"
  | "TimedOut"
  | "HandledByMerchant"
  | "AwaitingCreditApproval"
  | "Unknown";

/** `POST /shopper-avarda/payments` (checkout token). */
export interface AvardaCreatePaymentInput {
  /**
   * Where the shopper lands when the purchase ends (the shop's confirmation page); the purchase id
   * is added as `purchaseId`. Absolute http(s).
   */
  redirectUrl: string;
  /** The shop's terms of purchase. Absolute http(s). */
  termsUrl: string;
  /** The checkout page, linked from a purchase that has ended. Absolute http(s). */
  checkoutUrl?: string;
}

export interface AvardaItem {
  description: string;
  /** The variant id, or the shipping provider. */
  notes: string;
  /** The line total, in minor units. */
  amount: number;
  /** The VAT rate in per cent, as text (`"25"`). */
  taxCode: string;
  quantity: number;
}

export interface AvardaAddress {
  firstName: string;
  lastName: string;
  address1: string;
  zip: string;
  city: string;
  country: string;
  /** B2B: the company's name. */
  name?: string;
}

/** The customer part of a purchase, under `b2C` or `b2B` (by `mode`). */
export interface AvardaCustomer {
  step: { current: AvardaStep };
  /** Set once the purchase is completed. */
  invoicingAddress?: AvardaAddress;
  deliveryAddress?: AvardaAddress;
  userInputs?: { email: string; phone: string };
}

/**
 * A purchase: the answer of `POST /shopper-avarda/payments`, `POST /shopper-avarda/payments/sync`
 * and `GET /shopper-avarda/confirmation`.
 */
export interface AvardaPayment {
  purchaseId: string;
  /** The purchase token the page hands `avardaCheckoutInit` (the `avardaPurchaseToken` cookie). */
  jwt: string;
  /** When the purchase times out for good (ISO 8601, UTC): 30 minutes after it started. */
  expiredUtc: string;
  mode: AvardaMode;
  /** The purchase's current step (the same as `b2C.step` or `b2B.step`). */
  step: { current: AvardaStep };
  b2C?: AvardaCustomer;
  b2B?: AvardaCustomer;
  /** What the shopper pays: the checkout's total less gift cards, in minor units. */
  totalPrice: number;
  currency: string;
  items: AvardaItem[];
  /**
   * The script the page loads (in reality Avarda's `main.js`, which defines `avardaCheckoutInit`):
   * `<div id="…"></div><script src="{checkoutScriptUrl}" data-container="…"
   * data-src="{embeddedCheckoutUrl}" data-title="…"></script>`. It defines `avardaCheckout` with
   * `suspend()`/`resume()`.
   */
  checkoutScriptUrl: string;
  /** The checkout form inside the page's iframe (`data-src`). */
  embeddedCheckoutUrl: string;
  /** The same checkout as a full page, for a shopper without JavaScript. */
  hostedPaymentPageUrl: string;
  /** The platform's order, once the purchase is completed. */
  orderId?: string;
  completedUtc?: string;
  /** Set when the shop refused the order: `VALIDATION_ERROR` (fields to fix) or `OUT_OF_STOCK`. */
  errorCode?: "VALIDATION_ERROR" | "OUT_OF_STOCK";
  /** C§8 order-error-card texts, `path: message`. */
  errors?: string[];
  /** The variants that sold out while the shopper paid. */
  productVariantIDs?: string[];
}
