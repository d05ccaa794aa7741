import { formatMoney } from "@kassa/domain";
import { Alert, CartSummary } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cartEvent, paymentInfoEvent } from "~/modules/analytics/event-builders";
import { useAnalyticsEvent } from "~/modules/analytics/use-analytics-event";
import { loadCartSession } from "~/modules/cart/cart.server";
import { clearCheckoutTokenCookie } from "~/modules/cart/checkout-token.server";
import { openCheckout } from "~/modules/checkout/checkout.server";
import { CheckoutGiftCards } from "~/modules/checkout/checkout-gift-cards";
import { changeCheckoutGiftCard } from "~/modules/checkout/checkout-gift-cards.server";
import { ProviderEmbed } from "~/modules/checkout/provider-embed";
import { providerLabel } from "~/modules/checkout/provider-label";
import { summaryLines } from "~/modules/checkout/summary-lines";
import { isCardIntent } from "~/modules/customer-card/card-intents";
import { isCardAddressReply } from "~/modules/customer-card/card-view";
import { CustomerCard } from "~/modules/customer-card/customer-card";
import { pageCustomerCard } from "~/modules/customer-card/customer-card.server";
import { customerCardAction } from "~/modules/customer-card/customer-card-action.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { logger } from "~/modules/http/logger.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [market, t] = await Promise.all([marketOf(request), translatorFor(request)]);
  const title = `${t("checkout.title")} – ${t("meta.siteName")}`;
  let opened: Awaited<ReturnType<typeof openCheckout>>;
  try {
    opened = await openCheckout(request, t, context);
  } catch (error) {
    // C§8: anything else is 'An unexpected error occurred during checkout.' with a Reload action;
    // the checkout token is removed on any checkout error.
    logger().error({ err: error }, "checkout failed");
    return data(
      {
        title,
        locale: market.locale,
        state: { kind: "problem" as const, problem: "unexpected" as const },
      },
      { headers: headersSettingCookies([await clearCheckoutTokenCookie()]) },
    );
  }
  switch (opened.kind) {
    case "empty-cart":
      throw redirectOnSite("/cart", { status: 303 });
    case "out-of-stock":
      throw await redirectWithToast(
        "/cart",
        {
          variant: "error",
          title: t("checkout.outOfStockTitle"),
          description: t("checkout.outOfStockBody", { names: opened.removedNames.join(", ") }),
        },
        [...opened.setCookies, await clearCheckoutTokenCookie()],
      );
    case "problem":
      return data(
        {
          title,
          locale: market.locale,
          state: { kind: "problem" as const, problem: opened.problem.kind },
        },
        {
          headers: headersSettingCookies([...opened.setCookies, await clearCheckoutTokenCookie()]),
        },
      );
    case "ready": {
      // A§2: the card as the checkout was started with it (the start linked the card's choice).
      const { card, setCookies } = await pageCustomerCard(
        request,
        context,
        await loadCartSession(request),
      );
      return data(
        {
          title,
          locale: market.locale,
          card,
          state: {
            kind: "ready" as const,
            checkout: opened.checkout,
            embed: {
              html: opened.embed.html,
              hostedUrl: opened.embed.hostedUrl,
              reference: opened.embed.reference,
              scriptApi: opened.embed.scriptApi,
              scriptMethods: opened.embed.scriptMethods ?? { suspend: "suspend", resume: "resume" },
            },
            giftCardsEnabled: Boolean(opened.checkout.giftCardProvider),
            giftCardsFailed: opened.giftCardsFailed,
          },
        },
        // One login answers both (a renewal's cookies come once).
        { headers: headersSettingCookies([...new Set([...opened.setCookies, ...setCookies])]) },
      );
    }
  }
}

/**
 * The checkout page's posts: gift cards added or removed (`save-gift-card`, `remove-gift-card`),
 * and the customer card's choices (A§4: card-company, card-contact, card-address), which clear the
 * checkout token, so the page starts the checkout anew for the new choice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const [formData, t] = await Promise.all([request.formData(), translatorFor(request)]);
  if (isCardIntent(formData.get("intent"))) {
    return customerCardAction(request, context, formData, t, "/checkout");
  }
  const { toast, setCookies } = await changeCheckoutGiftCard(request, formData, t, context);
  return redirectWithToast("/checkout", toast, setCookies);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

const PROBLEM_TEXT = {
  "capabilities-unavailable": "checkout.capabilitiesUnavailable",
  "no-payment-provider": "checkout.noPaymentProvider",
  unexpected: "checkout.unexpected",
} as const;

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const { state, locale } = loaded;
  const card = "card" in loaded ? loaded.card : null;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  // Once per checkout: begun, and its payment provider's form shown (the payment details go into
  // the provider's own frame, so showing it is as far as the shop can see; ADR 0038).
  const opened = state.kind === "ready" ? state.checkout : null;
  useAnalyticsEvent(opened ? cartEvent("begin_checkout", opened) : null, `begin:${opened?.id}`);
  useAnalyticsEvent(
    opened ? paymentInfoEvent(opened, opened.paymentProvider) : null,
    `payment:${opened?.id}`,
  );

  if (state.kind === "problem") {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-8">
        <h1 className="text-3xl font-semibold tracking-tight">{t("checkout.title")}</h1>
        <Alert variant="error" title={t("checkout.errorTitle")}>
          <p data-testid="checkout-problem">{t(PROBLEM_TEXT[state.problem])}</p>
        </Alert>
        <div className="flex gap-4">
          {/* A plain link reloads without JavaScript too. */}
          <a href="/checkout" className="font-medium text-emerald-800 underline underline-offset-4">
            {t("checkout.reload")}
          </a>
          <Link to="/cart" className="font-medium text-emerald-800 underline underline-offset-4">
            {t("checkout.editCart")}
          </Link>
        </div>
      </div>
    );
  }

  const { checkout, embed, giftCardsFailed, giftCardsEnabled } = state;
  const money = (amount: number) => formatMoney(amount, checkout.currencyCode, locale);
  const provider = providerLabel(checkout.paymentProvider);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
      <section aria-labelledby="checkout-title" className="min-w-0 space-y-4">
        <h1 id="checkout-title" className="text-3xl font-semibold tracking-tight">
          {t("checkout.title")}
        </h1>
        {giftCardsFailed ? <Alert variant="warning">{t("checkout.giftCardsFailed")}</Alert> : null}
        {card ? (
          <CustomerCard
            card={card}
            pageReply={isCardAddressReply(actionData) ? actionData : undefined}
          />
        ) : null}
        <h2 className="text-xl font-semibold">{t("checkout.pay")}</h2>
        <ProviderEmbed
          key={embed.reference}
          html={embed.html}
          hostedUrl={embed.hostedUrl}
          providerLabel={provider}
        />
      </section>
      <aside>
        <CartSummary
          title={t("checkout.summary")}
          lines={summaryLines(checkout, t, locale)}
          footer={
            <Link to="/cart" className="font-medium text-emerald-800 underline underline-offset-4">
              {t("checkout.editCart")}
            </Link>
          }
        >
          <ul className="space-y-2 text-sm" data-testid="checkout-lines">
            {checkout.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4">
                <span>
                  {item.quantity} × {item.displayName}
                </span>
                <span className="whitespace-nowrap">{money(item.totalPriceAmount)}</span>
              </li>
            ))}
          </ul>
          {giftCardsEnabled ? (
            <CheckoutGiftCards
              giftCards={checkout.giftCards}
              currencyCode={checkout.currencyCode}
              locale={locale}
              scriptApi={embed.scriptApi}
              scriptMethods={embed.scriptMethods}
            />
          ) : null}
        </CartSummary>
      </aside>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
