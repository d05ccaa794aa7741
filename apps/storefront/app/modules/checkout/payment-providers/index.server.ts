import type { PaymentProviderName } from "@kassa/domain";
import { adyen } from "./adyen.server";
import { avarda } from "./avarda.server";
import { klarna } from "./klarna.server";
import type { PaymentProviderAdapter } from "./payment-provider.server";
import { qliro } from "./qliro.server";
import { walley } from "./walley.server";

/** Every payment provider the checkout can embed (C§4). */
const ADAPTERS: readonly PaymentProviderAdapter[] = [klarna, adyen, avarda, walley, qliro];

export function adapterFor(name: string): PaymentProviderAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === (name as PaymentProviderName));
}

export function adapterForConfirmation(key: string | null): PaymentProviderAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.confirmationKey === key);
}
