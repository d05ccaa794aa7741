import {
  type Checkout,
  createWalleyClient,
  type WalleyBusinessCustomerPreset,
  type WalleyCheckout,
  walleyOutcome,
} from "@kassa/api-client";
import { config } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import type { PaymentProviderAdapter } from "./payment-provider.server";

/** A client of the provider's calls with this checkout's token, on the payment deadline (ADR 0041). */
const client = (checkoutToken: string) =>
  createWalleyClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("payment"),
    checkoutToken,
  });

/** The element the checkout is framed in. */
const CONTAINER = "walley-checkout-container";

/** Walley's `data-lang`: language and market. */
const LANGUAGES: Record<string, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-SE" };

function escapeAttribute(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/**
 * The embed as Walley's documentation has the page build it: the loader script with the public
 * token (`data-token`), which frames the checkout. The sandbox's loader also takes the element to
 * frame it in and the widget's address (`data-container`, `data-src`), and defines `walley`
 * with `suspend()` and `resume()` (`window.walley.checkout.api` in reality).
 */
function walleyEmbedHtml(walley: WalleyCheckout, languageCode: string): string {
  const language = LANGUAGES[languageCode.toLowerCase()] ?? "sv-SE";
  return [
    `<div id="${CONTAINER}">`,
    `<script src="${escapeAttribute(walley.loaderUrl)}" data-token="${escapeAttribute(walley.publicToken)}"`,
    ` data-lang="${language}" data-version="v2" data-container="${CONTAINER}"`,
    ` data-src="${escapeAttribute(walley.embedUrl)}" data-title="Walley Checkout"></script>`,
    `<noscript><a href="${escapeAttribute(walley.hostedCheckoutUrl)}">Walley Checkout</a></noscript>`,
    "</div>",
  ].join("");
}

/**
 * A company buyer's checkout opens Walley as a business purchase: the organisation number and
 * company name from the session's company attributes, the buyer's name from its reference (the
 * selected user's first and last name, C§3).
 */
function businessCustomerPresetOf(checkout: Checkout): WalleyBusinessCustomerPreset | undefined {
  const company = checkout.attributes?.company;
  const organizationNumber = company?.registrationNumber?.trim();
  if (!company || !organizationNumber) return undefined;
  const [firstName, ...rest] = (company.reference ?? "").trim().split(/\s+/);
  const lastName = rest.join(" ");
  const buyer = {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
  };
  return {
    organizationNumber,
    ...(Object.keys(buyer).length > 0 ? { buyer } : {}),
    deliveryAddress: {
      ...(company.name?.trim() ? { companyName: company.name.trim() } : {}),
      country: checkout.countryCode,
    },
  };
}

/**
 * Walley Checkout: the checkout's Walley checkout is created (or the open one answered: one public
 * token per checkout, kept for its 7 days) with the shop's terms and redirect page. Walley sends
 * the shopper to the redirect page as given (`/checkout/confirmation?provider=walley`), and the
 * shop reads the checkout's Walley checkout with the checkout token before showing anything; the
 * order itself was placed when the purchase completed, and Walley's notifications go to the
 * platform.
 */
export const walley: PaymentProviderAdapter = {
  name: "WalleyCheckout",
  confirmationKey: "walley",
  async open({ checkoutToken, checkout, urls }) {
    const businessCustomerPreset = businessCustomerPresetOf(checkout);
    const reply = await client(checkoutToken).initCheckout({
      merchantTermsUri: urls.terms,
      redirectPageUri: urls.confirmation,
      ...(businessCustomerPreset ? { businessCustomerPreset } : {}),
    });
    return {
      reference: reply.publicToken,
      html: walleyEmbedHtml(reply, checkout.languageCode),
      scriptApi: "walley",
      hostedUrl: reply.hostedCheckoutUrl,
    };
  },
  async confirm({ checkoutToken }) {
    return walleyOutcome(await client(checkoutToken).getCheckout());
  },
};
