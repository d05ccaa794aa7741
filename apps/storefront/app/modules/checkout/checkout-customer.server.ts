import type { AppLoadContext } from "@remix-run/node";
import { currentLogin, hasLogin } from "~/modules/account/auth.server";
import { orderingOrganisationOf } from "~/modules/account/company-attributes.server";
import { shopperClient } from "~/modules/http/clients.server";

/**
 * Whose order the checkout becomes (ADR 0012): before a new checkout starts, the cart session is
 * linked to the logged-in user, proven by their access token, and to the organisation the cart's
 * company attributes name; a visitor's session is unlinked (a cart kept after a logout must not
 * place an order for the account that left). Answers the cookies of a renewed login.
 */
export async function linkCheckoutCustomer(
  request: Request,
  context: AppLoadContext,
  sessionToken: string,
): Promise<string[]> {
  const shopper = shopperClient(sessionToken);
  if (!(await hasLogin(request))) {
    await shopper.clearCustomer();
    return [];
  }
  const login = await currentLogin(request, context);
  if (!login.user || !login.accessToken) {
    await shopper.clearCustomer();
    return login.setCookies;
  }
  const organisation = orderingOrganisationOf(login.user);
  await shopper.setCustomer({
    accessToken: login.accessToken,
    ...(organisation ? { organisationId: organisation.id } : {}),
  });
  return login.setCookies;
}
