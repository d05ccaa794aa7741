import type { AppLoadContext } from "@remix-run/node";
import { currentLogin, hasLogin } from "~/modules/account/auth.server";
import { orderingOrganisationOf } from "~/modules/account/company-attributes.server";
import type { CartSession } from "~/modules/cart/cart.server";
import {
  carriesReference,
  currentCardChoice,
  customerInput,
  referenceOf,
  usesCustomerCard,
} from "~/modules/customer-card/card-choice.server";
import { companiesClient, shopperClient } from "~/modules/http/clients.server";

/**
 * Whose order the checkout becomes (ADR 0012): before a new checkout starts, the cart session is
 * linked to the logged-in user, proven by their access token, and to the organisation the order
 * is for; a visitor's session is unlinked (a cart kept after a logout must not place an order for
 * the account that left). Answers the cookies of a renewed login.
 *
 * - An agent or super admin orders what the customer card shows (A§2, A§4): the choice the session
 *   holds, or the card's defaults until one is made. The cart's customer reference is made to
 *   match it, so the order carries the reference the card names.
 * - Anyone else orders for the organisation the cart's company attributes name (their first
 *   active one), or as a consumer.
 */
export async function linkCheckoutCustomer(
  request: Request,
  context: AppLoadContext,
  session: CartSession,
): Promise<string[]> {
  const shopper = shopperClient(session.token);
  if (!(await hasLogin(request))) {
    await shopper.clearCustomer();
    return [];
  }
  const login = await currentLogin(request, context);
  if (!login.user || !login.accessToken) {
    await shopper.clearCustomer();
    return login.setCookies;
  }
  if (usesCustomerCard(login.user)) {
    const { choice, company } = await currentCardChoice(
      login.user,
      session.customer,
      companiesClient(login.accessToken),
    );
    const linked = await shopper.setCustomer(customerInput(choice, login.accessToken));
    if (company) {
      const reference = referenceOf(company, linked.customer?.contact);
      if (!carriesReference(session.cart.attributes, reference)) {
        await shopper.setAttributes({ ...reference });
      }
    }
    return login.setCookies;
  }
  const organisation = orderingOrganisationOf(login.user);
  await shopper.setCustomer({
    accessToken: login.accessToken,
    ...(organisation ? { organisationId: organisation.id } : {}),
  });
  return login.setCookies;
}
