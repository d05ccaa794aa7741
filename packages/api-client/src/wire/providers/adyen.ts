/**
 * Adyen Checkout, Sessions flow, through the shopper API (`/shopper-adyen`, paths the platform
 * chose: C§7 leaves them open), in Adyen's names. Amounts in minor units.
 */

/** `POST /shopper-adyen/sessions` (checkout token): the fields of Adyen's `/sessions` a shop sets. */
export interface AdyenCreateSessionInput {
  /**
   * Where the shopper comes back to when the payment ends; the platform adds `sessionId` and
   * `sessionResult` to it.
   */
  returnUrl: string;
  /** ISO 3166-1 alpha-2; must be the checkout's country when given. */
  countryCode?: string;
  /** `sv-SE`, `fi-FI`, `en-GB`, …; defaults to the checkout's language. */
  shopperLocale?: string;
  /** The shopper, when the shop knows them: the Drop-in is preset with it. */
  shopperEmail?: string;
  shopperName?: { firstName?: string; lastName?: string };
  telephoneNumber?: string;
  billingAddress?: AdyenAddress;
}

export interface AdyenAddress {
  street?: string;
  houseNumberOrName?: string;
  postalCode?: string;
  city?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

export interface AdyenAmount {
  /** Minor units. */
  value: number;
  currency: string;
}

/** A payment session (`POST /shopper-adyen/sessions`, answered 201). */
export interface AdyenSession {
  /** Adyen's session id (`CS…`): `AdyenCheckout({ session: { id, sessionData } })`. */
  id: string;
  /** Opaque; changes with the amount. */
  sessionData: string;
  /** What is left to pay after gift cards. */
  amount: AdyenAmount;
  /** The merchant reference: the platform's payment id (notifications name it). */
  reference: string;
  returnUrl: string;
  /** One hour after creation; the session then ends `expired` for good. */
  expiresAt: string;
  merchantAccount: string;
  countryCode: string;
  shopperLocale: string;
  mode: "embedded";
  /** The same payment as a full page, for a shopper without JavaScript. */
  url: string;
  /** The Drop-in script the page loads (the sandbox's loader). */
  scriptUrl: string;
  /** The document the script frames in the Drop-in container. */
  dropinUrl: string;
}

/**
 * `GET /shopper-adyen/sessions/{id}?sessionResult=…`: `paymentPending` while the shopper pays,
 * `completed` once paid and the order placed, `refused` after a declined attempt (nothing paid;
 * the Drop-in can try again) or when the order was refused (`errors`, `productVariantIDs`),
 * `canceled` when the cart changed under the session, `expired` after the hour.
 */
export type AdyenSessionStatus =
  | "completed"
  | "paymentPending"
  | "refused"
  | "canceled"
  | "expired";

export interface AdyenSessionResult {
  id: string;
  status: AdyenSessionStatus;
  reference: string;
  /** The platform's order, once placed. */
  orderId?: string;
  /** When the order was refused: the order error card's `path: message` texts (C§8). */
  errors?: string[];
  /** When the order was refused because these sold out while the shopper paid. */
  productVariantIDs?: string[];
}

/** One item of Adyen's webhook batch (`POST /shopper-adyen/notifications`, no token). */
export interface AdyenNotificationRequestItem {
  eventCode: string;
  success: "true" | "false";
  pspReference: string;
  originalReference?: string;
  merchantAccountCode?: string;
  /** The session's `reference`. */
  merchantReference: string;
  amount: AdyenAmount;
  eventDate?: string;
  reason?: string;
  paymentMethod?: string;
  /** `hmacSignature`: base64 HMAC-SHA256 of the item (see API.md). */
  additionalData?: Record<string, string>;
}

export interface AdyenNotification {
  live: "true" | "false";
  notificationItems: { NotificationRequestItem: AdyenNotificationRequestItem }[];
}
