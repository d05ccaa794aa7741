import type { Capabilities, Provider } from "@kassa/api-client";

/**
 * What a shopper can check out with, per market. Names are the provider names the spec uses
 * (C§4 checkout preference: Adyen, QliroOne, Avarda, KlarnaCheckout, WalleyCheckout); Qliro One
 * only operates in Sweden here, and Adyen is not offered by this platform.
 */
const KLARNA: Provider = { id: "klarna-checkout", name: "KlarnaCheckout" };
const QLIRO: Provider = { id: "qliro-one", name: "QliroOne" };
const AVARDA: Provider = { id: "avarda", name: "Avarda" };
const WALLEY: Provider = { id: "walley-checkout", name: "WalleyCheckout" };

const PAYMENT_PROVIDERS: Record<string, Provider[]> = {
  SE: [KLARNA, QLIRO, AVARDA, WALLEY],
  FI: [KLARNA, AVARDA, WALLEY],
};

export function capabilitiesFor(countryCode: string): Capabilities {
  return {
    paymentProviders: (PAYMENT_PROVIDERS[countryCode] ?? []).map((provider) => ({ ...provider })),
    shippingProviders: [{ id: "postnord", name: "PostNord" }],
    giftCardProviders: [{ id: "retain24", name: "Retain24" }],
  };
}
