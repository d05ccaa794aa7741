import {
  type CompaniesClient,
  type Company,
  type CurrentUser,
  isCompanyUserListRefused,
  type SessionCustomer,
  type SessionCustomerContact,
} from "@kassa/api-client";
import {
  COMPANY_PAGE_SIZE,
  contactCandidates,
  countryName,
  FIRST_PAGE,
  isCompanyPickerDisabled,
  MARKETS,
  mayOrderForOthers,
} from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import { currentLogin, hasLogin } from "~/modules/account/auth.server";
import type { CartSession } from "~/modules/cart/cart.server";
import { viewerOf } from "~/modules/company/company-viewer";
import { companiesClient } from "~/modules/http/clients.server";
import { languageOf } from "~/modules/http/i18n.server";
import { type CardChoice, currentCardChoice, usesCustomerCard } from "./card-choice.server";
import { type CardQuery, cardQueryOf } from "./card-query";
import type {
  CardAddressPanel,
  CardCompany,
  CardCompanyOption,
  CardContact,
  CardContactList,
  CardListPage,
  CustomerCardView,
} from "./card-view";

/**
 * The card of a page with a cart (the cart, the checkout): for a logged-in agent or super admin
 * whose cart holds something, else `null`. Answers the cookies of a renewed login too.
 */
export async function pageCustomerCard(
  request: Request,
  context: AppLoadContext,
  session: CartSession | null,
): Promise<{ card: CustomerCardView | null; setCookies: string[] }> {
  if (!session || session.cart.items.length === 0 || !(await hasLogin(request))) {
    return { card: null, setCookies: [] };
  }
  const login = await currentLogin(request, context);
  if (!login.user || !login.accessToken) return { card: null, setCookies: login.setCookies };
  const card = await loadCustomerCard({
    user: login.user,
    accessToken: login.accessToken,
    customer: session.customer,
    url: new URL(request.url),
    language: await languageOf(request),
  });
  return { card, setCookies: login.setCookies };
}

/**
 * The customer card's view (A§2, A§4) for the cart and the checkout: drawn from the shopper
 * session's customer link (or the defaults, until the user chooses), the companies the user may
 * see and the chosen company's users. `null` for anyone the card is not for.
 */
export async function loadCustomerCard(input: {
  user: CurrentUser;
  accessToken: string;
  customer: SessionCustomer | null | undefined;
  url: URL;
  language: string;
}): Promise<CustomerCardView | null> {
  const { user, accessToken, url } = input;
  if (!usesCustomerCard(user)) return null;
  const companies = companiesClient(accessToken);
  const query = cardQueryOf(url.searchParams);
  const [current, companyPage, companyCount] = await Promise.all([
    currentCardChoice(user, input.customer, companies),
    companyPageOf(companies, query.companySearch, query.companyPage),
    // A§4 counts the user's companies, not a search's hits; a super admin's picker is always on.
    user.is_super_admin || !query.companySearch
      ? undefined
      : companies.listCompanies({ page: FIRST_PAGE, per_page: 1 }).then((list) => list.total),
  ]);
  const { choice, company } = current;
  const actsAs = user.is_super_admin ? "super_admin" : "agent";
  // A§4: the contact picker is for whoever may order for others in the chosen company (a super
  // admin, or an agent of it, whatever their level); an agent who is only a customer of it orders
  // as themself there.
  const showsContacts = company !== null && mayOrderForOthers(viewerOf(user), company.id);
  const contacts =
    showsContacts && company ? await contactPageOf(companies, company.id, user.id, query) : null;

  return {
    actsAs,
    editable: true,
    pickerDisabled: isCompanyPickerDisabled(companyCount ?? companyPage.total, user.is_super_admin),
    companies: companyPage.page,
    company: company ? cardCompanyOf(company) : null,
    showsContacts,
    contacts,
    contact: contactOf(choice, user, current.contact),
    billing: panelOf(choice.billing, query.tabs.billing),
    shipping: panelOf(choice.shipping, query.tabs.shipping),
    countries: MARKETS.map((market) => ({
      code: market.country,
      name: countryName(market.country, input.language),
    })),
  };
}

/** One page of the companies the user may see (A§9: 10 a page). */
export async function companyPageOf(
  companies: CompaniesClient,
  search: string,
  page: number,
): Promise<{ page: CardListPage<CardCompanyOption>; total: number }> {
  const list = await companies.listCompanies({
    page,
    per_page: COMPANY_PAGE_SIZE,
    ...(search ? { search } : {}),
  });
  return {
    total: list.total,
    page: {
      items: list.companies.map((company) => ({
        id: company.id,
        name: company.name,
        organisation_number: company.organisation_number,
        city: company.billing_address[0]?.city ?? "",
        is_inactive: company.is_inactive,
      })),
      page: list.page,
      totalPages: Math.max(list.total_pages, 1),
      search,
    },
  };
}

/**
 * One page of the company's users who can be the contact person (A§4: role customer, and the
 * ordering user), or the refusal the platform answered.
 */
export async function contactPageOf(
  companies: CompaniesClient,
  companyId: string,
  selfId: string,
  query: Pick<CardQuery, "contactSearch" | "contactPage">,
): Promise<CardContactList> {
  // A§4's filter runs on the platform, before paging: every page holds ten contact persons and
  // 'Page x of y' counts only them.
  const list = await companies.listCompanyUsers(companyId, {
    page: query.contactPage,
    per_page: COMPANY_PAGE_SIZE,
    contacts: true,
    ...(query.contactSearch ? { search: query.contactSearch } : {}),
  });
  if (isCompanyUserListRefused(list)) return { refused: list.details };
  return {
    items: contactCandidates(list.items, selfId).map((candidate) => ({
      id: candidate.id,
      first_name: candidate.first_name,
      last_name: candidate.last_name,
      email: candidate.email,
      isSelf: candidate.id === selfId,
    })),
    page: list.page,
    totalPages: Math.max(list.total_pages, 1),
    search: query.contactSearch,
  };
}

function cardCompanyOf(company: Company): CardCompany {
  return {
    id: company.id,
    name: company.name,
    organisation_number: company.organisation_number,
    is_inactive: company.is_inactive,
    is_credit_valid: company.is_credit_valid,
    billing_address: company.billing_address,
    shipping_address: company.shipping_address,
  };
}

function contactOf(
  choice: CardChoice,
  user: CurrentUser,
  saved: SessionCustomerContact | null,
): CardContact | null {
  if (!choice.contactUserId) return null;
  if (choice.contactUserId === user.id) {
    const { id, first_name, last_name, email } = user;
    return { id, first_name, last_name, email, isSelf: true };
  }
  return saved?.id === choice.contactUserId ? { ...saved, isSelf: false } : null;
}

function panelOf(
  chosen: CardAddressPanel["chosen"],
  tab: CardAddressPanel["tab"] | undefined,
): CardAddressPanel {
  return { chosen, tab: tab ?? (chosen && chosen.id === null ? "new" : "existing") };
}
