import { createQliroOneClient, type QliroOrder, qliroOneOutcome } from "@kassa/api-client";
import { config } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import type { PaymentProviderAdapter } from "./payment-provider.server";

/** A client of the provider's calls with this checkout's token, on the payment deadline (ADR 0041). */
const client = (checkoutToken: string) =>
  createQliroOneClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("payment"),
    checkoutToken,
  });

/**
 * Qliro One: the checkout's Qliro order is created (or updated: one per checkout) with the shop's
 * URLs, and the page renders its `OrderHtmlSnippet` as Qliro's documentation says (a container and
 * Qliro's script, which frames the checkout and defines `q1`). Qliro's page API is
 * `q1.lock()`/`q1.unlock()` around an update; the sandbox's `q1` offers the same as
 * `suspend()`/`resume()`, which the checkout page calls.
 *
 * After paying, Qliro sends the shopper to the confirmation URL with `qliro_order_id` added. The
 * shop reads the checkout's order there; an order Qliro still holds (`OnHold`) is synced once, as
 * the shop would on Qliro's push, and stays pending if Qliro still holds it.
 */
export const qliro: PaymentProviderAdapter = {
  name: "QliroOne",
  confirmationKey: "qliro",
  async open({ checkoutToken, urls }) {
    const order = await client(checkoutToken).createCheckout({
      MerchantConfirmationUrl: urls.confirmation,
      MerchantTermsUrl: urls.terms,
      MerchantIntegrityPolicyUrl: urls.privacy,
    });
    return {
      reference: order.OrderId,
      html: order.OrderHtmlSnippet,
      scriptApi: "q1",
      scriptMethods: { suspend: "lock", resume: "unlock" },
      hostedUrl: order.PaymentLink,
    };
  },
  async confirm({ checkoutToken }) {
    const qliroOne = client(checkoutToken);
    let order: QliroOrder = await qliroOne.getCheckout();
    if (order.CustomerCheckoutStatus === "OnHold") order = await qliroOne.syncCheckout();
    return qliroOneOutcome(order);
  },
};
