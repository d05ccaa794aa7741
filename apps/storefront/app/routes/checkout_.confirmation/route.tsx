import type { PlacedOrder } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import { Alert, CartSummary } from "@kassa/ui";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { purchaseEvent } from "~/modules/analytics/event-builders";
import { usePurchaseOnce } from "~/modules/analytics/purchase-once";
import { PRODUCT_IMAGE } from "~/modules/catalogue/product-image";
import { confirmPurchase } from "~/modules/checkout/confirmation.server";
import { OrderErrorCard } from "~/modules/checkout/order-error-card";
import { providerLabel } from "~/modules/checkout/provider-label";
import { summaryLines } from "~/modules/checkout/summary-lines";
import { translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";

/** `/checkout/confirmation?provider=klarna|qliro|avarda|walley|adyen` (C§2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const [market, t] = await Promise.all([marketOf(request), translatorFor(request)]);
  const confirmation = await confirmPurchase(request);
  if (confirmation.kind === "out-of-stock") {
    throw await redirectWithToast(
      "/cart",
      {
        variant: "error",
        title: t("checkout.outOfStockTitle"),
        description: t("checkout.outOfStockBody", { names: confirmation.removedNames.join(", ") }),
      },
      confirmation.setCookies,
    );
  }
  if (confirmation.kind === "expired") {
    // C§4: a timed-out purchase clears its tokens and the checkout starts again.
    throw await redirectWithToast(
      "/checkout",
      { variant: "default", title: t("checkout.timedOut") },
      confirmation.setCookies,
    );
  }
  const { setCookies, ...shown } = confirmation;
  const title = shown.kind === "order" ? t("confirmation.title") : t("checkout.errorTitle");
  return data(
    {
      title: `${title} – ${t("meta.siteName")}`,
      locale: market.locale,
      confirmation: shown,
      // The order as the platform placed it: its totals, not the cart's (ADR 0038).
      purchase: shown.kind === "order" ? purchaseEvent(shown.order) : null,
    },
    { headers: headersSettingCookies(setCookies) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

function OrderConfirmation({ order, locale }: { order: PlacedOrder; locale: string }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const money = (amount: number) => formatMoney(amount, order.currencyCode, locale);
  const address = order.shippingAddress;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
      <section className="space-y-4" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title" className="text-3xl font-semibold tracking-tight">
          {t("confirmation.title")}
        </h1>
        <p className="text-lg">
          {t("confirmation.orderNumber")}:{" "}
          <strong data-testid="order-number">{order.reference}</strong>
        </p>
        <p>{t("confirmation.mailSent", { email: order.email })}</p>
        <h2 className="text-xl font-semibold">{t("confirmation.lines")}</h2>
        <ul
          className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
          data-testid="order-lines"
        >
          {order.lines.map((line) => (
            <li key={`${line.productVariantId}-${line.displayName}`} className="flex gap-4 p-4">
              <img
                src={line.imageUrl}
                alt={line.displayName}
                width={PRODUCT_IMAGE.width}
                height={PRODUCT_IMAGE.height}
                style={{ aspectRatio: `${PRODUCT_IMAGE.width} / ${PRODUCT_IMAGE.height}` }}
                className="h-auto w-16 shrink-0 self-start rounded-lg bg-stone-100 object-contain"
              />
              <div className="flex-1">
                <p className="font-medium">{line.displayName}</p>
                <p className="text-sm text-stone-700">
                  {t("confirmation.quantity", { count: line.quantity })}
                </p>
              </div>
              <p className="whitespace-nowrap font-medium">{money(line.totalPriceAmount)}</p>
            </li>
          ))}
        </ul>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h2 className="font-semibold">{t("confirmation.deliverTo")}</h2>
            <p className="text-stone-800">
              {address.givenName} {address.familyName}
              <br />
              {address.streetAddress}
              <br />
              {address.postalCode} {address.city}
            </p>
          </div>
          <div>
            <h2 className="font-semibold">{t("confirmation.payment")}</h2>
            <p className="text-stone-800" data-testid="order-payment">
              {t("confirmation.paidWith", { provider: providerLabel(order.payment.provider) })}
            </p>
          </div>
        </div>
        <Link
          to={paths.home}
          className="inline-block font-medium text-emerald-800 underline underline-offset-4"
        >
          {t("confirmation.continueShopping")}
        </Link>
      </section>
      <aside>
        <CartSummary title={t("checkout.summary")} lines={summaryLines(order, t, locale)} />
      </aside>
    </div>
  );
}

export default function ConfirmationPage() {
  const { confirmation, locale, purchase } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // Once per order in this browser: a reload shows the same confirmation and pushes nothing.
  usePurchaseOnce(purchase);
  if (confirmation.kind === "order") {
    return <OrderConfirmation order={confirmation.order} locale={locale} />;
  }
  return (
    <div className="mx-auto max-w-xl space-y-4 py-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t("checkout.errorTitle")}</h1>
      {confirmation.kind === "refused" ? (
        <OrderErrorCard errors={confirmation.errors} reference={confirmation.reference} />
      ) : confirmation.kind === "pending" ? (
        <Alert variant="warning" title={t("confirmation.pendingTitle")}>
          {t("confirmation.pendingBody")}
        </Alert>
      ) : (
        <Alert variant="info" title={t("confirmation.notFoundTitle")}>
          {t("confirmation.notFoundBody")}
        </Alert>
      )}
      <a
        href="/checkout"
        className="inline-block font-medium text-emerald-800 underline underline-offset-4"
      >
        {confirmation.kind === "refused"
          ? t("orderError.tryAgain")
          : t("confirmation.backToCheckout")}
      </a>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
