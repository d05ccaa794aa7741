/**
 * The checkout's payment provider (C§4): the first of Adyen, QliroOne, Avarda, KlarnaCheckout,
 * WalleyCheckout that the cart's capabilities offer. None offered is C§8's error.
 */

export const PAYMENT_PROVIDER_PREFERENCE = [
  "Adyen",
  "QliroOne",
  "Avarda",
  "KlarnaCheckout",
  "WalleyCheckout",
] as const;

export type PaymentProviderName = (typeof PAYMENT_PROVIDER_PREFERENCE)[number];

/** C§8: the capabilities are missing, or offer no payment provider at all. */
export const CAPABILITIES_UNAVAILABLE =
  "Capabilities are not available. Cannot proceed with checkout.";
/** C§8: capabilities offer payment providers, but none the shop can embed. */
export const NO_PAYMENT_PROVIDER = "No suitable payment provider available.";

/** Which of C§8's two checkout-start errors: no capabilities, or none of their providers usable. */
export type CheckoutProviderProblem = "capabilities-unavailable" | "no-payment-provider";

export class CheckoutProviderError extends Error {
  override name = "CheckoutProviderError";
  /** The message's case, for a caller that shows its own (translated) text for it. */
  readonly kind: CheckoutProviderProblem;
  constructor(kind: CheckoutProviderProblem) {
    super(kind === "capabilities-unavailable" ? CAPABILITIES_UNAVAILABLE : NO_PAYMENT_PROVIDER);
    this.kind = kind;
  }
}

export function isPaymentProviderName(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDER_PREFERENCE as readonly string[]).includes(name);
}

export interface NamedPaymentProvider {
  name: string;
}

/**
 * The provider to check out with, by the preference of C§4. Throws {@link CheckoutProviderError}
 * with C§8's texts when there are no capabilities or no provider the shop knows.
 */
export function choosePaymentProvider(
  capabilities: { paymentProviders?: readonly NamedPaymentProvider[] } | null | undefined,
): PaymentProviderName {
  // No payment providers at all is "not available"; providers, but none the shop can embed, is
  // "no suitable provider" (C§8's two messages).
  if (!capabilities?.paymentProviders?.length) {
    throw new CheckoutProviderError("capabilities-unavailable");
  }
  const offered = new Set(capabilities.paymentProviders.map((provider) => provider.name));
  const chosen = PAYMENT_PROVIDER_PREFERENCE.find((name) => offered.has(name));
  if (!chosen) throw new CheckoutProviderError("no-payment-provider");
  return chosen;
}

/** The first shipping (or gift-card) provider of the capabilities (C§4), if any. */
export function firstProvider(
  providers: readonly NamedPaymentProvider[] | undefined,
): string | undefined {
  return providers?.[0]?.name;
}
