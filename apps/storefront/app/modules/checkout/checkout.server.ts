import {
  type Checkout,
  type CheckoutState,
  isKassaApiError,
  isOutOfStockError,
  isUnexpectedError,
} from "@kassa/api-client";
import { CheckoutProviderError, choosePaymentProvider, firstProvider } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { type CartSession, loadCartSession, removeLine } from "~/modules/cart/cart.server";
import { checkoutTokenCookie, readCheckoutToken } from "~/modules/cart/checkout-token.server";
import { readSavedGiftCards, savedGiftCardsCookie } from "~/modules/cart/gift-card-cookie.server";
import { shopperClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { type Locale, localePath } from "~/modules/http/locale-url";
import { publicUrl } from "~/modules/http/public-origin.server";
import { localeOf } from "~/modules/http/request-locale.server";
import { applySavedGiftCards } from "./apply-saved-gift-cards.server";
import { checkoutClient } from "./checkout-client.server";
import { linkCheckoutCustomer } from "./checkout-customer.server";
import { adapterFor } from "./payment-providers/index.server";
import type { ProviderEmbed, ShopUrls } from "./payment-providers/payment-provider.server";

/** Why the checkout cannot be shown (C§8), each with what the page offers. */
export type CheckoutProblem =
  | { kind: "capabilities-unavailable" }
  | { kind: "no-payment-provider" }
  | { kind: "unexpected" };

export type OpenedCheckout =
  | { kind: "empty-cart" }
  | { kind: "out-of-stock"; removedNames: string[]; setCookies: string[] }
  | { kind: "problem"; problem: CheckoutProblem; setCookies: string[] }
  | {
      kind: "ready";
      checkout: Checkout;
      embed: ProviderEmbed;
      /** Saved gift cards that could not be applied were dropped (C§8). */
      giftCardsFailed: boolean;
      setCookies: string[];
    };

/**
 * The shop's URLs for the providers, on the shop's public origin (never the request's host, which
 * the client chooses), the terms and privacy pages in the shopper's locale (ADR 0037).
 */
export function shopUrls(locale: Locale, t: TFunction, confirmationKey: string): ShopUrls {
  return {
    terms: publicUrl(localePath(locale, `/${t("terms.slug")}`)),
    privacy: publicUrl(localePath(locale, `/${t("privacy.slug")}`)),
    checkout: publicUrl("/checkout"),
    confirmation: publicUrl(`/checkout/confirmation?provider=${confirmationKey}`),
  };
}

/** The checkout the token names, when it can still be paid for this cart. */
async function currentCheckout(
  checkoutToken: string | undefined,
  cart: CartSession["cart"],
): Promise<CheckoutState | null> {
  if (!checkoutToken) return null;
  try {
    const state = await checkoutClient({ checkoutToken }).getCheckout();
    const { checkout } = state;
    const usable =
      !checkout.isStale && checkout.status === "open" && checkout.countryCode === cart.countryCode;
    return usable ? state : null;
  } catch (error) {
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) return null;
    throw error;
  }
}

/**
 * Removes the sold-out lines a checkout start named from the cart (C§8) and answers their names,
 * for the message that lists them.
 */
export async function removeSoldOutLines(
  session: CartSession,
  variantIds: readonly string[],
): Promise<string[]> {
  const doomed = session.cart.items.filter((item) => variantIds.includes(item.productVariantId));
  let current = session;
  for (const line of doomed) {
    if (current.cart.items.some((item) => item.id === line.id)) {
      current = await removeLine(current, line.id);
    }
  }
  return doomed.map((line) => line.displayName || line.name);
}

/**
 * Opens the shopper's checkout (C§4): the one the checkout token names while it still matches the
 * cart, otherwise a new one with the provider of C§4's preference, the first shipping provider and
 * (when gift cards are on) the first gift-card provider; saved gift cards are then applied one by
 * one, 300 ms × their index apart, and a card that fails is dropped (C§8). A new checkout is
 * first made the logged-in user's (ADR 0012). Finally the provider's
 * payment is opened (or updated) and its snippet answered.
 */
export async function openCheckout(
  request: Request,
  t: TFunction,
  context: AppLoadContext,
): Promise<OpenedCheckout> {
  const session = await loadCartSession(request);
  if (!session || session.cart.items.length === 0) return { kind: "empty-cart" };
  const setCookies: string[] = [];

  let checkoutToken = await readCheckoutToken(request);
  let state = await currentCheckout(checkoutToken, session.cart);
  let giftCardsFailed = false;

  if (!state) {
    const { capabilities } = await shopperClient(session.token).getSession();
    let paymentProvider: string;
    try {
      paymentProvider = choosePaymentProvider(capabilities);
    } catch (error) {
      if (!(error instanceof CheckoutProviderError)) throw error;
      // The rule's own verdict: capabilities that came without payment providers are C§8's
      // "not available", not "no suitable provider".
      return { kind: "problem", problem: { kind: error.kind }, setCookies };
    }
    const shippingProvider = firstProvider(capabilities?.shippingProviders);
    if (!shippingProvider) {
      return { kind: "problem", problem: { kind: "capabilities-unavailable" }, setCookies };
    }
    const giftCardProvider = config().settings.giftCardsEnabled
      ? firstProvider(capabilities?.giftCardProviders)
      : undefined;

    setCookies.push(...(await linkCheckoutCustomer(request, context, session)));
    try {
      const started = await checkoutClient({ sessionToken: session.token }).startCheckout({
        paymentProvider,
        shippingProvider,
        ...(giftCardProvider ? { giftCardProvider } : {}),
      });
      checkoutToken = started.token;
    } catch (error) {
      if (isOutOfStockError(error)) {
        const removedNames = await removeSoldOutLines(session, error.productVariantIDs);
        return { kind: "out-of-stock", removedNames, setCookies };
      }
      throw error;
    }
    setCookies.push(await checkoutTokenCookie(checkoutToken));

    const client = checkoutClient({ checkoutToken }, context.clientAddress);
    const saved = giftCardProvider ? await readSavedGiftCards(request) : [];
    const applied = await applySavedGiftCards(saved, (card) =>
      client.applyGiftCard(card.code, card.pin),
    );
    giftCardsFailed = applied.failed;
    if (giftCardsFailed) setCookies.push(await savedGiftCardsCookie(applied.kept));
    state = await client.getCheckout();
  }

  const adapter = adapterFor(state.checkout.paymentProvider);
  if (!adapter || !checkoutToken) {
    return { kind: "problem", problem: { kind: "no-payment-provider" }, setCookies };
  }
  const embed = await adapter.open({
    checkoutToken,
    checkout: state.checkout,
    urls: shopUrls(await localeOf(request), t, adapter.confirmationKey),
    request,
  });
  // The provider may have changed nothing, but gift cards may have: read the checkout it sees.
  const { checkout } = await checkoutClient({ checkoutToken }).getCheckout();
  return {
    kind: "ready",
    checkout,
    embed,
    giftCardsFailed,
    setCookies: [...setCookies, ...(embed.setCookies ?? [])],
  };
}
