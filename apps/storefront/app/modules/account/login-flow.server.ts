import type { CurrentUser, LoginUser, SessionAttributes } from "@kassa/api-client";
import { cleanOrganisationNumber, marketOrDefault } from "@kassa/domain";
import { isSupportedLanguage } from "@kassa/i18n";
import type { AppLoadContext } from "@remix-run/node";
import {
  type CartSession,
  cartTokenCookie,
  loadCartSession,
  moveCart,
} from "~/modules/cart/cart.server";
import { shopperClient } from "~/modules/http/clients.server";
import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";

/**
 * What happens after a successful login (A§4), once the user has been fetched again:
 * 1. A cart that belongs to another store group than the user's, and holds items, moves: the
 *    checkout token is cleared, a new shopper session starts for the user's market, language and
 *    store group, and every old item is added again.
 * 2. When the session has no company and the user's first organisation is active with an
 *    organisation number, the company attributes are written to the session
 *    (`merchantReference1` is the organisation number without its hyphen).
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

  let session: CartSession | null = await loadCartSession(request).catch(() => null);
  if (session && session.cart.storeGroupId !== storeGroupId && session.cart.items.length > 0) {
    setCookies.push(await expireCookie(cookies.checkoutToken));
    session = await moveCart(
      session,
      {
        storeGroupId,
        countryCode: market.country,
        languageCode: isSupportedLanguage(language) ? language : market.language,
      },
      context.clientAddress,
    );
    setCookies.push(await cartTokenCookie(session.token));
  }

  if (session && !session.cart.attributes.company) {
    const attributes = companyAttributesOf(user);
    if (attributes) await shopperClient(session.token).setAttributes(attributes);
  }
  return { setCookies };
}

/** The session attributes of the user's first organisation, when it is active and numbered. */
export function companyAttributesOf(user: CurrentUser | LoginUser): SessionAttributes | undefined {
  const [first] = user.organisations;
  if (first?.status !== "active" || !first.organisation_number) return undefined;
  const reference = user.first_name
    ? `${user.first_name} ${user.last_name}`.trim()
    : first.contact_name;
  return {
    company: {
      registrationNumber: first.organisation_number,
      taxId: first.tax_id_vat_number,
      name: first.name,
      reference,
    },
    merchantReference1: cleanOrganisationNumber(first.organisation_number),
  };
}
