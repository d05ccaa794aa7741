import type { Checkout, PaymentOutcome } from "@kassa/api-client";
import type { PaymentProviderName } from "@kassa/domain";

/**
 * One payment provider as the checkout sees it (C§4, C§7): open (create or update) the provider's
 * payment for the checkout and answer what the page embeds, and, back on the confirmation route,
 * confirm server-side how the payment ended before anything is shown. The checkout route and the
 * confirmation route know nothing else of a provider, so adding one is one file here.
 */
export interface PaymentProviderAdapter {
  name: PaymentProviderName;
  /** The `?provider=` of `/checkout/confirmation` (C§2: `avarda`, `qliro`, `walley`, …). */
  confirmationKey: string;
  open(input: OpenPaymentInput): Promise<ProviderEmbed>;
  confirm(input: ConfirmPaymentInput): Promise<ConfirmedPayment>;
}

/** The shop's URLs a provider sends the shopper (or its notifications) to. */
export interface ShopUrls {
  /** Terms of purchase (`/kopvillkor`, Finnish `/ostoehdot`). */
  terms: string;
  /** Privacy notice (`/integritetspolicy`, Finnish `/tietosuojaseloste`). */
  privacy: string;
  /** The checkout page, to come back to. */
  checkout: string;
  /** `/checkout/confirmation?provider=<confirmationKey>`; adapters add their own parameters. */
  confirmation: string;
}

export interface OpenPaymentInput {
  checkoutToken: string;
  checkout: Checkout;
  urls: ShopUrls;
  /** The incoming request (cookies such as Avarda's purchase token). */
  request: Request;
}

export interface ProviderEmbed {
  /** The provider's id of this purchase. */
  reference: string;
  /**
   * The snippet the checkout page puts in the page (a container and the provider's script), as the
   * provider answered it or as its documentation says to build it.
   */
  html: string;
  /** The provider's page API global (`_klarnaCheckout`, `q1`, …): `suspend()` and `resume()`. */
  scriptApi: string;
  /** The page API's own names for suspend and resume, when they differ (Qliro: lock, unlock). */
  scriptMethods?: { suspend: string; resume: string };
  /** The same payment as a full page: the checkout without JavaScript links here. */
  hostedUrl: string;
  /** `Set-Cookie` headers the checkout page must send (Avarda's purchase token). */
  setCookies?: string[];
}

export interface ConfirmPaymentInput {
  checkoutToken: string;
  searchParams: URLSearchParams;
  request: Request;
}

export interface ConfirmedPayment extends PaymentOutcome {
  /** `Set-Cookie` headers to send with the answer (clearing a purchase token). */
  setCookies?: string[];
}
