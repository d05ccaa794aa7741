import { isKassaApiError, isUnexpectedError, type PlacedOrder } from "@kassa/api-client";
import { loadCartSession } from "~/modules/cart/cart.server";
import {
  clearCheckoutTokenCookie,
  confirmedCheckoutTokenCookie,
  readCheckoutToken,
  readConfirmedCheckoutToken,
} from "~/modules/cart/checkout-token.server";
import { savedGiftCardsCookie } from "~/modules/cart/gift-card-cookie.server";
import { currentRequestContext } from "~/modules/http/request-context.server";
import { removeSoldOutLines } from "./checkout.server";
import { checkoutClient } from "./checkout-client.server";
import { adapterForConfirmation } from "./payment-providers/index.server";

export type Confirmation =
  | { kind: "order"; order: PlacedOrder; setCookies: string[] }
  | { kind: "refused"; errors: string[]; reference?: string; setCookies: string[] }
  | { kind: "out-of-stock"; removedNames: string[]; setCookies: string[] }
  | { kind: "expired"; setCookies: string[] }
  | { kind: "pending"; setCookies: string[] }
  | { kind: "not-found"; setCookies: string[] };

/**
 * The confirmation route's work (C§2, platform contract step 4): nothing is shown until the
 * provider's status has been read on the server. A completed payment shows the placed order
 * (the platform placed it once; reading it again places nothing); the checkout token and the
 * saved gift cards are cleared, and the cart is already empty on the platform. A reload reads the
 * same order again through a short-lived copy of the token.
 */
export async function confirmPurchase(request: Request): Promise<Confirmation> {
  const url = new URL(request.url);
  const adapter = adapterForConfirmation(url.searchParams.get("provider"));
  const liveToken = await readCheckoutToken(request);
  const checkoutToken = liveToken ?? (await readConfirmedCheckoutToken(request));
  if (!adapter || !checkoutToken) return { kind: "not-found", setCookies: [] };

  let confirmed: Awaited<ReturnType<typeof adapter.confirm>>;
  try {
    confirmed = await adapter.confirm({ checkoutToken, searchParams: url.searchParams, request });
  } catch (error) {
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) {
      return { kind: "not-found", setCookies: [] };
    }
    throw error;
  }
  const providerCookies = confirmed.setCookies ?? [];

  switch (confirmed.outcome) {
    case "completed": {
      const state = await checkoutClient({ checkoutToken }).getCheckout();
      if (!state.order) return { kind: "pending", setCookies: providerCookies };
      const setCookies = [...providerCookies];
      if (liveToken) {
        setCookies.push(
          await clearCheckoutTokenCookie(),
          await confirmedCheckoutTokenCookie(liveToken),
          await savedGiftCardsCookie([]),
        );
      }
      return { kind: "order", order: state.order, setCookies };
    }
    case "refused": {
      const setCookies = [...providerCookies, await clearCheckoutTokenCookie()];
      if (confirmed.productVariantIDs?.length) {
        const session = await loadCartSession(request);
        const removedNames = session
          ? await removeSoldOutLines(session, confirmed.productVariantIDs)
          : [];
        return { kind: "out-of-stock", removedNames, setCookies };
      }
      // The card's reference (C§2, C§3 `requestId`), for every provider: the id of this request,
      // which the platform was sent with the read that refused the order and logged it under
      // (ADR 0040). The provider's order id (Klarna's `order_id`) names no request.
      return {
        kind: "refused",
        errors: confirmed.errors ?? [],
        reference: currentRequestContext()?.requestId,
        setCookies,
      };
    }
    case "expired":
      return {
        kind: "expired",
        setCookies: [...providerCookies, await clearCheckoutTokenCookie()],
      };
    default:
      return { kind: "pending", setCookies: providerCookies };
  }
}
