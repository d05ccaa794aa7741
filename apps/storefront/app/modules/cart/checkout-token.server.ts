import { COOKIE_NAMES } from "@kassa/domain";
import { createCookie } from "@remix-run/node";
import { config } from "~/modules/http/config.server";
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

/**
 * After a confirmed purchase the checkout token is cleared (C§2), and kept for an hour under this
 * name only to show the same confirmation again on a reload: the order is read, never placed.
 */
let confirmedCookie: ReturnType<typeof createCookie> | undefined;
function confirmed() {
  const { cookieSecure } = config();
  confirmedCookie ??= createCookie(`${COOKIE_NAMES.checkoutToken}Confirmed`, {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieSecure,
    path: "/checkout/confirmation",
    maxAge: 3600,
  });
  return confirmedCookie;
}

export async function readConfirmedCheckoutToken(request: Request): Promise<string | undefined> {
  const value = await confirmed().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function confirmedCheckoutTokenCookie(token: string): Promise<string> {
  return confirmed().serialize(token);
}
