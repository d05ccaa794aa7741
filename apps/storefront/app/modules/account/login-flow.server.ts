import type { CurrentUser, LoginUser } from "@kassa/api-client";
import { marketOrDefault } from "@kassa/domain";
import { isSupportedLanguage } from "@kassa/i18n";
import type { AppLoadContext } from "@remix-run/node";
import {
  type CartSession,
  cartTokenCookie,
  clearCartTokenCookie,
  loadCartSession,
  moveCart,
  rotateCartSession,
} from "~/modules/cart/cart.server";
import { shopperClient } from "~/modules/http/clients.server";
import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";
import { companyAttributesOf } from "./company-attributes.server";

/**
 * What happens after a successful login (A§4), once the user has been fetched again:
 * 0. The cart the browser holds gets a new token (issue 38, `rotateCartSession`): the token from
 *    before the login and its checkout stop working, and the checkout token is cleared.
 * 1. A cart that belongs to another store group than the user's, and holds items, moves: a new
 *    shopper session starts for the user's market, language and store group, and every old item
 *    is added again.
 * 2. When the session has no company and the user's first organisation is active with an
 *    organisation number, the company attributes are written to the session
 *    (`merchantReference1` is the organisation number without its hyphen). A moved cart's new
 *    session gets them as it starts, as every later session of the user's cart does (the first
 *    add, a market change: `newSessionAttributes`).
 * The market and language cookies follow the user's, so prices and texts are theirs.
 */
export async function afterLogin(
  request: Request,
  context: AppLoadContext,
  user: CurrentUser | LoginUser,
  storeGroupId: string,
) {
  const setCookies: string[] = [];
  const cookies = storefrontCookies();
  const market = marketOrDefault(user.market);
  const language = user.language.toLowerCase();
  setCookies.push(await cookies.market.serialize(market.country));
  if (isSupportedLanguage(language)) setCookies.push(await cookies.language.serialize(language));

  const attributes = companyAttributesOf(user);
  let session: CartSession | null = await loadCartSession(request).catch(() => null);
  const heldCart = session !== null;
  if (session) {
    // Issue 38: the cart the browser held before the login gets a new token, and its old token
    // (perhaps planted, perhaps copied) and the checkout made from it stop working.
    setCookies.push(await expireCookie(cookies.checkoutToken));
    session = await rotateCartSession(session);
  }
  if (session && session.cart.storeGroupId !== storeGroupId && session.cart.items.length > 0) {
    session = await moveCart(
      session,
      {
        storeGroupId,
        countryCode: market.country,
        languageCode: isSupportedLanguage(language) ? language : market.language,
      },
      context.clientAddress,
      async () => attributes,
    );
  }
  if (heldCart) {
    setCookies.push(session ? await cartTokenCookie(session.token) : await clearCartTokenCookie());
  }

  if (session && attributes && !session.cart.attributes.company) {
    await shopperClient(session.token).setAttributes(attributes);
  }
  return { setCookies };
}
