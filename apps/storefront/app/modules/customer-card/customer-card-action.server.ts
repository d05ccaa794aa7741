import { isKassaApiError, isUnexpectedError } from "@kassa/api-client";
import { type AppLoadContext, data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { currentLogin } from "~/modules/account/auth.server";
import { loadCartSession } from "~/modules/cart/cart.server";
import { clearCheckoutTokenCookie } from "~/modules/cart/checkout-token.server";
import { companiesClient, shopperClient } from "~/modules/http/clients.server";
import { redirectOnSite, replaceOnSite, safeRedirectTo } from "~/modules/http/redirect-to";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import {
  addressCopy,
  type CardChoice,
  carriesReference,
  choiceForCompany,
  currentCardChoice,
  customerInput,
  newAddressCopy,
  referenceOf,
  usesCustomerCard,
  visibleCompany,
} from "./card-choice.server";
import { cardIntentSchema, parseNewAddress } from "./card-intents";
import { COMPANY_BOUND_PARAMS, tabParam } from "./card-query";
import type { CardAddressReply } from "./card-view";

/**
 * One post of the customer card (A§4 "Customer card selection"), on the page it came from. Every
 * change: the session's customer link is updated on the platform (which checks it); the checkout
 * token is cleared, so the next checkout is started for the new choice; and when the company or
 * the contact person changes, the customer reference is re-sent to the cart
 * (`PATCH /shopper/sessions/attributes`). Success is a 303 back to the page, so it works without
 * JavaScript; a new address with mistakes answers the form (400) with its messages.
 */
export async function customerCardAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  t: TFunction,
  fallbackPath: string,
) {
  const back = safeRedirectTo(formData.get("redirectTo"), fallbackPath);
  const login = await currentLogin(request, context);
  const session = await loadCartSession(request).catch(() => null);
  if (!login.user || !login.accessToken || !usesCustomerCard(login.user) || !session) {
    // Nobody the card is for, or no cart to order: show the page as it is.
    throw redirectOnSite(
      back,
      { status: 303, headers: headersSettingCookies(login.setCookies) },
      fallbackPath,
    );
  }
  const { user, accessToken } = login;
  const failed = (description?: string) =>
    redirectWithToast(
      back,
      { variant: "error", title: t("customerCard.saveFailed"), description },
      login.setCookies,
      fallbackPath,
    );

  const parsed = cardIntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return failed();
  const post = parsed.data;

  const companies = companiesClient(accessToken);
  const current = await currentCardChoice(user, session.customer, companies);
  let company = current.company;
  let choice: CardChoice;
  const target = new URL(back, "http://storefront.invalid");

  switch (post.intent) {
    case "card-company": {
      company = await visibleCompany(companies, post.organisationId);
      if (!company) return failed(t("customerCard.companyUnavailable"));
      choice = choiceForCompany(user, company);
      // A§4: the user list starts on its first page for a new company; the tabs start anew.
      for (const param of COMPANY_BOUND_PARAMS) target.searchParams.delete(param);
      break;
    }
    case "card-contact":
      if (!company) return failed();
      choice = { ...current.choice, contactUserId: post.contactUserId };
      break;
    case "card-address": {
      if (!company) return failed();
      let address: CardChoice["billing"];
      if (post.mode === "existing") {
        const listed = company[`${post.kind}_address`].find(
          (candidate) => candidate.id === post.addressId,
        );
        if (!listed) return failed();
        address = addressCopy(listed);
      } else {
        const submission = parseNewAddress(formData);
        if (submission.status !== "success") {
          return data(
            {
              cardIntent: "card-address",
              kind: post.kind,
              result: submission.reply(),
            } satisfies CardAddressReply,
            { status: 400, headers: headersSettingCookies(login.setCookies) },
          );
        }
        address = newAddressCopy(submission.value);
      }
      choice = { ...current.choice, [post.kind]: address };
      // The panel shows the tab of what was just chosen.
      target.searchParams.delete(tabParam(post.kind));
      break;
    }
  }

  const shopper = shopperClient(session.token);
  let linked: Awaited<ReturnType<typeof shopper.setCustomer>>;
  try {
    linked = await shopper.setCustomer(customerInput(choice, accessToken));
  } catch (error) {
    // The platform refused the choice (no longer the user's company, a user or address that is
    // not the company's): say so, and keep the card as it was.
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) {
      return failed();
    }
    throw error;
  }
  // A§4: the customer reference follows the company (and the contact person it names).
  if (company && (post.intent === "card-company" || post.intent === "card-contact")) {
    const reference = referenceOf(company, linked.customer?.contact);
    if (!carriesReference(session.cart.attributes, reference)) {
      await shopper.setAttributes({ ...reference });
    }
  }

  // A§4: any change clears the checkout token, so the checkout is started anew for this choice.
  // `replace`: with JavaScript the page is revalidated in place, without a history entry per
  // choice; without it, an ordinary 303.
  const cookies = [await clearCheckoutTokenCookie(), ...login.setCookies];
  // Checked again as it is sent: the URL parser resolves `/a/..//host` (a path `back` may be)
  // to `//host`, another host to a browser.
  throw replaceOnSite(
    `${target.pathname}${target.search}`,
    { status: 303, headers: headersSettingCookies(cookies) },
    fallbackPath,
  );
}
