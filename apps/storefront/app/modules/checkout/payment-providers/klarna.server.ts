import { createKlarnaClient, klarnaOutcome } from "@kassa/api-client";
import { config } from "~/modules/http/config.server";
import { deadlineMs } from "~/modules/http/deadlines.server";
import { platformFetch } from "~/modules/http/platform-fetch.server";
import type { PaymentProviderAdapter } from "./payment-provider.server";

/** A client of the provider's calls with this checkout's token, on the payment deadline (ADR 0041). */
const client = (checkoutToken: string) =>
  createKlarnaClient({
    baseUrl: config().shopperApiUrl,
    fetch: platformFetch,
    timeout: deadlineMs("payment"),
    checkoutToken,
  });

/**
 * Klarna Checkout: the order is created (or updated) with the shop's merchant URLs; the
 * confirmation URL carries `{checkout.order.id}`, which Klarna fills in, and the shop reads that
 * order back before showing anything.
 */
export const klarna: PaymentProviderAdapter = {
  name: "KlarnaCheckout",
  confirmationKey: "klarna",
  async open({ checkoutToken, urls }) {
    const order = await client(checkoutToken).createOrder({
      merchant_urls: {
        terms: urls.terms,
        checkout: urls.checkout,
        confirmation: `${urls.confirmation}&order_id={checkout.order.id}`,
      },
    });
    return {
      reference: order.order_id,
      html: order.html_snippet,
      scriptApi: "_klarnaCheckout",
      hostedUrl: order.hosted_payment_page_url,
    };
  },
  async confirm({ checkoutToken, searchParams }) {
    const orderId = searchParams.get("order_id");
    if (!orderId) return { outcome: "pending" };
    return klarnaOutcome(await client(checkoutToken).getOrder(orderId));
  },
};
