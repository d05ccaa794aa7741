import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { currentLogin } from "~/modules/account/auth.server";
import { usesCustomerCard } from "~/modules/customer-card/card-choice.server";
import { cardQueryOf } from "~/modules/customer-card/card-query";
import { companyPageOf, contactPageOf } from "~/modules/customer-card/customer-card.server";
import { companiesClient } from "~/modules/http/clients.server";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";

/**
 * The customer card's lists for its fetchers (A§4: searched with a 400 ms debounce and paged, with
 * JavaScript): `?list=companies&company_q=…&company_page=…` or
 * `?list=contacts&company=…&contact_q=…&contact_page=…`, with the same parameters the card's GET
 * forms and page links put in the page's URL when JavaScript is off. A resource route: JSON only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const login = await currentLogin(request, context);
  const headers = headersSettingCookies(login.setCookies);
  // A person's own lists: never in a search engine's index (robots.txt keeps crawlers out too).
  headers.set("X-Robots-Tag", "noindex");
  if (!login.user || !login.accessToken || !usesCustomerCard(login.user)) {
    throw new Response(null, { status: 403, headers });
  }
  const url = new URL(request.url);
  const query = cardQueryOf(url.searchParams);
  const companies = companiesClient(login.accessToken);
  const list = url.searchParams.get("list");
  if (list === "companies") {
    const { page } = await companyPageOf(companies, query.companySearch, query.companyPage);
    return data({ companies: page }, { headers });
  }
  const companyId = url.searchParams.get("company");
  if (list === "contacts" && companyId) {
    const contacts = await contactPageOf(companies, companyId, login.user.id, query);
    return data({ contacts }, { headers });
  }
  throw new Response(null, { status: 400, headers });
}
