import { type AvardaPayment, avardaOutcome, createAvardaClient } from "@kassa/api-client";
import { COOKIE_LIFETIMES } from "@kassa/domain";
import { config } from "~/modules/http/config.server";
import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import type { PaymentProviderAdapter } from "./payment-provider.server";

/** A client of the provider's calls with this checkout's token, on the payment deadline (ADR 0041). */
const client = (checkoutToken: string) =>
  createAvardaClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("payment"),
    checkoutToken,
  });

/** The element Avarda's checkout mounts into (`rootElementId`). */
const ROOT_ELEMENT_ID = "avarda-checkout-form";

/** C§9: the Avarda purchase token (the purchase's `jwt`), 1,800 s. */
function avardaPurchaseToken() {
  return storefrontCookies().avardaPurchaseToken;
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/**
 * The embed as Avarda's documentation has the page build it: an empty root element and the
 * checkout script, which mounts the form into it (`avardaCheckoutInit({purchaseJwt,
 * rootElementId, redirectUrl})` in reality; the sandbox's loader takes the same as data
 * attributes and defines `avardaCheckout`).
 */
function embedHtml(payment: AvardaPayment): string {
  return [
    `<div id="${ROOT_ELEMENT_ID}"></div>`,
    `<script src="${escapeAttribute(payment.checkoutScriptUrl)}" data-container="${ROOT_ELEMENT_ID}" data-src="${escapeAttribute(payment.embeddedCheckoutUrl)}" data-title="Avarda Checkout"></script>`,
    `<noscript><a href="${escapeAttribute(payment.hostedPaymentPageUrl)}">Avarda Checkout</a></noscript>`,
  ].join("");
}

/** Seconds the purchase has left, at most the cookie's 1,800 s. */
function secondsLeft(payment: AvardaPayment, now = Date.now()): number {
  const left = Math.floor((Date.parse(payment.expiredUtc) - now) / 1000);
  return Math.max(0, Math.min(COOKIE_LIFETIMES.avardaPurchaseToken, left));
}

/**
 * Avarda Checkout 3: the purchase is initialised (or the open one answered, amount up to date;
 * after a time-out a new one) with the shop's redirect and terms URLs, and its token kept in the
 * `avardaPurchaseToken` cookie for as long as the purchase lives. Back on the confirmation page
 * the shop reads the purchase; once it has ended (completed, refused, or timed out — C§4: the
 * shop then starts again) the purchase token is cleared.
 */
export const avarda: PaymentProviderAdapter = {
  name: "Avarda",
  confirmationKey: "avarda",
  async open({ checkoutToken, urls }) {
    const payment = await client(checkoutToken).createPayment({
      redirectUrl: urls.confirmation,
      termsUrl: urls.terms,
      checkoutUrl: urls.checkout,
    });
    const maxAge = secondsLeft(payment);
    return {
      reference: payment.purchaseId,
      html: embedHtml(payment),
      scriptApi: "avardaCheckout",
      hostedUrl: payment.hostedPaymentPageUrl,
      setCookies: [
        maxAge > 0
          ? await avardaPurchaseToken().serialize(payment.jwt, { maxAge })
          : await expireCookie(avardaPurchaseToken()),
      ],
    };
  },
  async confirm({ checkoutToken, searchParams }) {
    const payment = await client(checkoutToken).getConfirmation({
      purchaseId: searchParams.get("purchaseId"),
    });
    const outcome = avardaOutcome(payment);
    if (outcome.outcome === "pending") return outcome;
    return { ...outcome, setCookies: [await expireCookie(avardaPurchaseToken())] };
  },
};
