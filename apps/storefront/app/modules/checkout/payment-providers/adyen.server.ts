import { adyenOutcome, createAdyenClient } from "@kassa/api-client";
import { config } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import type { PaymentProviderAdapter } from "./payment-provider.server";

/** A client of the provider's calls with this checkout's token, on the payment deadline (ADR 0041). */
const client = (checkoutToken: string) =>
  createAdyenClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("payment"),
    checkoutToken,
  });

const LOCALES: Record<string, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-GB" };

/** The id of the element Adyen's Drop-in mounts in (`.mount("#dropin-container")`). */
const CONTAINER = "dropin-container";

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function attribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character] ?? character);
}

/**
 * Adyen, Sessions flow: the shop creates a session with its return URL and mounts the Drop-in with
 * the session's `id` and `sessionData` in a container element. The sandbox's Drop-in is its
 * loader script (`AdyenCheckout`, with `suspend()`/`resume()`), which frames the payment in the
 * container; real Adyen loads its SDK from its own host the same way. After the payment the
 * shopper comes back to `/checkout/confirmation?provider=adyen&sessionId=…&sessionResult=…`, and
 * the shop asks for the session's status with that result before showing anything.
 */
export const adyen: PaymentProviderAdapter = {
  name: "Adyen",
  confirmationKey: "adyen",
  async open({ checkoutToken, checkout, urls }) {
    const session = await client(checkoutToken).createSession({
      returnUrl: urls.confirmation,
      countryCode: checkout.countryCode,
      shopperLocale: LOCALES[checkout.languageCode.toLowerCase()] ?? "sv-SE",
    });
    const html = [
      `<div id="${CONTAINER}"></div>`,
      `<script src="${attribute(session.scriptUrl)}" data-container="${CONTAINER}"`,
      ` data-src="${attribute(session.dropinUrl)}" data-title="Adyen Drop-in"></script>`,
    ].join("");
    return {
      reference: session.id,
      html,
      scriptApi: "AdyenCheckout",
      hostedUrl: session.url,
    };
  },
  async confirm({ checkoutToken, searchParams }) {
    const sessionId = searchParams.get("sessionId");
    const sessionResult = searchParams.get("sessionResult");
    if (!sessionId || !sessionResult) return { outcome: "pending" };
    return adyenOutcome(await client(checkoutToken).getSessionResult(sessionId, sessionResult));
  },
};
