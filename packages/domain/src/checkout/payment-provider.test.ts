import { describe, expect, it } from "vitest";
import {
  CAPABILITIES_UNAVAILABLE,
  CheckoutProviderError,
  choosePaymentProvider,
  NO_PAYMENT_PROVIDER,
} from "./payment-provider.js";

const providers = (...names: string[]) => ({ paymentProviders: names.map((name) => ({ name })) });

describe("choosePaymentProvider (C§4)", () => {
  it("prefers Adyen, then QliroOne, Avarda, KlarnaCheckout, WalleyCheckout", () => {
    expect(choosePaymentProvider(providers("WalleyCheckout", "Adyen"))).toBe("Adyen");
    expect(choosePaymentProvider(providers("KlarnaCheckout", "QliroOne"))).toBe("QliroOne");
    expect(choosePaymentProvider(providers("WalleyCheckout", "Avarda"))).toBe("Avarda");
    expect(choosePaymentProvider(providers("WalleyCheckout", "KlarnaCheckout"))).toBe(
      "KlarnaCheckout",
    );
    expect(choosePaymentProvider(providers("WalleyCheckout"))).toBe("WalleyCheckout");
  });

  it("answers C§8's errors for no capabilities and no known provider", () => {
    expect(() => choosePaymentProvider(undefined)).toThrow(CAPABILITIES_UNAVAILABLE);
    expect(() => choosePaymentProvider(providers("Swish"))).toThrow(NO_PAYMENT_PROVIDER);
    expect(() => choosePaymentProvider(providers())).toThrow(CheckoutProviderError);
  });

  it("says which of the two it is, whatever else the capabilities hold", () => {
    const kindOf = (capabilities: Parameters<typeof choosePaymentProvider>[0]) => {
      try {
        choosePaymentProvider(capabilities);
      } catch (error) {
        return error instanceof CheckoutProviderError ? error.kind : "other";
      }
      return "none";
    };
    expect(kindOf(undefined)).toBe("capabilities-unavailable");
    // Capabilities with no payment providers at all, missing or empty: C§8's first message.
    expect(kindOf({} as { paymentProviders?: { name: string }[] })).toBe(
      "capabilities-unavailable",
    );
    expect(kindOf(providers())).toBe("capabilities-unavailable");
    expect(kindOf(providers("Swish"))).toBe("no-payment-provider");
  });
});
