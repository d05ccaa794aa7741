import type { CurrentUser, LoginUser, SessionAttributes } from "@kassa/api-client";
import { cleanOrganisationNumber } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import type { SessionAttributesSource } from "~/modules/cart/cart.server";
import { currentLogin, hasLogin } from "./auth.server";

/**
 * The organisation a company user's cart is for (A§4): the first one, when it is active and has an
 * organisation number. Its company attributes go into the cart, and the order is placed for it.
 */
export function orderingOrganisationOf(
  user: CurrentUser | LoginUser,
): (CurrentUser | LoginUser)["organisations"][number] | undefined {
  const [first] = user.organisations;
  return first?.status === "active" && first.organisation_number ? first : undefined;
}

/**
 * The company attributes of a company user's cart (A§4, C§7 `PATCH /shopper/sessions/attributes`):
 * the first organisation's, when it is active and has an organisation number. `reference` is the
 * user's first and last name, or the organisation's contact name when the user has no first name;
 * `merchantReference1` is the organisation number without its hyphen.
 */
export function companyAttributesOf(user: CurrentUser | LoginUser): SessionAttributes | undefined {
  const first = orderingOrganisationOf(user);
  if (!first) return undefined;
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

/**
 * What a new cart session of this request's shopper starts with: the company attributes of the
 * logged-in user (none for a visitor or a consumer). The user is fetched only when a session is
 * actually started, and only when the request carries a login; a renewed access token's cookies
 * land in `setCookies`, which the caller sends with its answer.
 */
export function newSessionAttributes(
  request: Request,
  context: AppLoadContext,
): { attributes: SessionAttributesSource; setCookies: string[] } {
  const setCookies: string[] = [];
  return {
    setCookies,
    attributes: async () => {
      if (!(await hasLogin(request))) return undefined;
      const login = await currentLogin(request, context);
      setCookies.push(...login.setCookies);
      return login.user ? companyAttributesOf(login.user) : undefined;
    },
  };
}
