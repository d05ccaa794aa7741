/**
 * Qliro One through the shopper API (C§7 `/shopper-qliro`), in the names of Qliro's Merchant API
 * (PascalCase). One difference from Qliro's own API: every amount is an integer in minor units,
 * and `VatRate` is in basis points (2500 = 25 %), like the rest of the Kassa API.
 */

/** The shopper's details the widget is prefilled with (Qliro's `CustomerInformation`). */
export interface QliroCustomerInformation {
  Email?: string;
  MobileNumber?: string;
  Address?: {
    FirstName?: string;
    LastName?: string;
    Street?: string;
    PostalCode?: string;
    City?: string;
  };
}

/** `POST /shopper-qliro/checkouts` (checkout token): the shop's URLs for this checkout. */
export interface QliroCreateCheckoutInput {
  /**
   * Where the shopper lands after paying. `{order_id}` in it is replaced by the `OrderId`;
   * without it, `qliro_order_id=<OrderId>` is added to the query.
   */
  MerchantConfirmationUrl: string;
  MerchantTermsUrl: string;
  MerchantIntegrityPolicyUrl?: string;
  // No status push URL: Qliro calls the platform's own, with a token the shopper never sees, and a
  // shopper call that names one is refused (400).
  CustomerInformation?: QliroCustomerInformation;
}

/**
 * `InProcess` while the shopper pays; `Completed` once paid and the order placed; `OnHold` when
 * Qliro holds a placed order for review (then `Completed`); `Refused` when the order could not be
 * placed (`errors`, `productVariantIDs`); `Expired` (the sandbox's addition) when the order was not
 * paid within its lifetime.
 */
export type QliroCustomerCheckoutStatus =
  | "InProcess"
  | "OnHold"
  | "Completed"
  | "Refused"
  | "Expired";

export interface QliroOrderItem {
  /** The product variant id, `shipping`, `discount:<variant id>` or `giftcard:<masked code>`. */
  MerchantReference: string;
  Description: string;
  Type: "Product" | "Shipping" | "Discount";
  Quantity: number;
  PricePerItemIncVat: number;
  PricePerItemExVat: number;
  VatRate: number;
}

/**
 * A Qliro One order (`POST /shopper-qliro/checkouts`, `GET /shopper-qliro/checkouts`,
 * `POST /shopper-qliro/checkouts/sync`).
 */
export interface QliroOrder {
  /** Qliro's order id: digits. */
  OrderId: string;
  /** The checkout id. */
  MerchantReference: string;
  /** What Qliro charges: the grand total less gift cards. */
  TotalPrice: number;
  Currency: string;
  Country: string;
  /** `sv-se`, `fi-fi` or `en-us`. */
  Language: string;
  CustomerCheckoutStatus: QliroCustomerCheckoutStatus;
  OrderItems: QliroOrderItem[];
  /**
   * The checkout snippet (a container and the loader script; its page API is the global `q1`)
   * while `InProcess`; the thank-you snippet once `OnHold` or `Completed`.
   */
  OrderHtmlSnippet: string;
  /** The same checkout as a full page (Qliro's payment link), for a shopper without JavaScript. */
  PaymentLink: string;
  MerchantConfirmationUrl: string;
  MerchantTermsUrl: string;
  MerchantIntegrityPolicyUrl?: string;
  /** When the order was created and, once it ended, when its status last changed (ISO 8601). */
  CreatedAt: string;
  UpdatedAt: string;
  /** The platform's order, once placed (`OnHold` or `Completed`). */
  KassaOrderId?: string;
  /** `Refused`: the order error card's texts (C§8: `path: message`). */
  errors?: string[];
  /** `Refused` because these variants sold out while the shopper paid. */
  productVariantIDs?: string[];
}

/**
 * What Qliro posts to the platform's status push URL when `CustomerCheckoutStatus` changes (the
 * URL, with its token, is given to Qliro server to server, never to the shop's pages).
 */
export interface QliroCheckoutStatusPush {
  OrderId: number | string;
  MerchantReference?: string;
  Status: QliroCustomerCheckoutStatus;
  /** When the status changed; with `OrderId` and `Status` it identifies a repeated push. */
  Timestamp: string;
  NotificationType?: "CustomerCheckoutStatus";
  PaymentTransactionId?: number;
}

/** The answer to a status push, repeated or not. */
export interface QliroPushReceived {
  CallbackResponse: "received";
}
