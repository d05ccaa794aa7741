/** How a payment provider is called to a shopper (its brand, not the capability name). */
const LABELS: Record<string, string> = {
  Adyen: "Adyen",
  QliroOne: "Qliro",
  Avarda: "Avarda",
  KlarnaCheckout: "Klarna",
  WalleyCheckout: "Walley",
};

export function providerLabel(name: string): string {
  return LABELS[name] ?? name;
}
