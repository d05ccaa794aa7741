import type { Capabilities, Provider } from "@kassa/api-client";
import type { PaymentProviderName } from "@kassa/domain";

/**
 * What a shopper can check out with, per store group and market. Payment provider names are the
 * spec's (C§4: Adyen, QliroOne, Avarda, KlarnaCheckout, WalleyCheckout); which of them a market
 * offers is configuration (`KASSA_PAYMENT_PROVIDERS`, see `config.ts`), so any provider can be
 * switched on without a code change.
 */
export const PAYMENT_PROVIDER_IDS: Record<PaymentProviderName, string> = {
  Adyen: "adyen",
  QliroOne: "qliro-one",
  Avarda: "avarda",
  KlarnaCheckout: "klarna-checkout",
  WalleyCheckout: "walley-checkout",
};

/**
 * Payment providers per `storeGroupId:countryCode`; `storeGroupId:*` and `*:countryCode` and
 * `*:*` are fallbacks, tried in that order.
 */
export type PaymentProviderSettings = Record<string, PaymentProviderName[]>;

/**
 * Out of the box each market uses another provider, so a demonstration shows more than one:
 * consumers in Sweden pay with Qliro One, in Finland with Avarda; business customers with Walley
 * (it takes a business customer preset). Klarna and Adyen are switched on by configuration.
 */
export const DEFAULT_PAYMENT_PROVIDERS: PaymentProviderSettings = {
  "default:SE": ["QliroOne", "KlarnaCheckout", "WalleyCheckout"],
  "default:FI": ["Avarda", "KlarnaCheckout", "WalleyCheckout"],
  "business:*": ["WalleyCheckout"],
  "*:*": ["KlarnaCheckout"],
};

export function paymentProvidersFor(
  settings: PaymentProviderSettings,
  storeGroupId: string,
  countryCode: string,
): PaymentProviderName[] {
  return (
    settings[`${storeGroupId}:${countryCode}`] ??
    settings[`${storeGroupId}:*`] ??
    settings[`*:${countryCode}`] ??
    settings["*:*"] ??
    []
  );
}

export const SHIPPING_PROVIDERS: Provider[] = [{ id: "postnord", name: "PostNord" }];
export const GIFT_CARD_PROVIDERS: Provider[] = [{ id: "retain24", name: "Retain24" }];

export function capabilitiesFor(
  settings: PaymentProviderSettings,
  storeGroupId: string,
  countryCode: string,
): Capabilities {
  return {
    paymentProviders: paymentProvidersFor(settings, storeGroupId, countryCode).map((name) => ({
      id: PAYMENT_PROVIDER_IDS[name],
      name,
    })),
    shippingProviders: SHIPPING_PROVIDERS.map((provider) => ({ ...provider })),
    giftCardProviders: GIFT_CARD_PROVIDERS.map((provider) => ({ ...provider })),
  };
}
