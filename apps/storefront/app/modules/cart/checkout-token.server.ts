import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";

/**
 * The checkout token (C§9: `checkoutToken`, 2 days) names the checkout the shopper is paying: a
 * frozen copy of this cart. It lives with the cart because the cart clears it: any change of the
 * cart, its codes or the company (C§4) makes the next visit to /checkout freeze the cart anew.
 */
export async function readCheckoutToken(request: Request): Promise<string | undefined> {
  const value = await storefrontCookies().checkoutToken.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function checkoutTokenCookie(token: string): Promise<string> {
  return storefrontCookies().checkoutToken.serialize(token);
}

export function clearCheckoutTokenCookie(): Promise<string> {
  return expireCookie(storefrontCookies().checkoutToken);
}

/** The confirmed checkout's token (C§2: the confirmation again on a reload, for an hour). */
export async function readConfirmedCheckoutToken(request: Request): Promise<string | undefined> {
  const value = await storefrontCookies().confirmedCheckoutToken.parse(
    request.headers.get("Cookie"),
  );
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function confirmedCheckoutTokenCookie(token: string): Promise<string> {
  return storefrontCookies().confirmedCheckoutToken.serialize(token);
}
