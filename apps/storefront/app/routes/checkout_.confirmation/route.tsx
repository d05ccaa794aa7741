import type { PlacedOrder } from "@kassa/api-client";
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
import { PrintButton } from "~/components/print-button";
import {
  orderSignupAction,
  orderSignupChoices,
  orderSignupOffered,
} from "~/modules/account/order-signup.server";
import {
  ORDER_SIGNUP_INTENT,
  type OrderSignupActionData,
  OrderSignupForm,
} from "~/modules/account/order-signup-form";
import { purchaseEvent } from "~/modules/analytics/event-builders";
import { usePurchaseOnce } from "~/modules/analytics/purchase-once";
import { PRODUCT_IMAGE } from "~/modules/catalogue/product-image";
import { confirmPurchase } from "~/modules/checkout/confirmation.server";
import { OrderErrorCard } from "~/modules/checkout/order-error-card";
import { providerLabel } from "~/modules/checkout/provider-label";
import { summaryLines } from "~/modules/checkout/summary-lines";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { OrderAddress } from "~/modules/orders/order-address";

/** `/checkout/confirmation?provider=klarna|qliro|avarda|walley|adyen` (C§2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const [market, t] = await Promise.all([marketOf(request), translatorFor(request)]);
  // A platform that does not answer in time (or at all) is the error page's 504 or 503, which sets
  // no cookie: the checkout token stays, so trying again reads the same order, never a new one
  // (the order was placed once, when the payment completed; ADR 0041).
  const confirmation = await fromBackend(() => confirmPurchase(request));
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
  // A§3's alternate signup form: for a guest, on this browser's order (the token just read it).
  const offerSignup = shown.kind === "order" && (await orderSignupOffered(request));
  const title = shown.kind === "order" ? t("confirmation.title") : t("checkout.errorTitle");
  return data(
    {
      title: `${title} – ${t("meta.siteName")}`,
      locale: market.locale,
      confirmation: shown,
      // The order as the platform placed it: its totals, not the cart's (ADR 0038).
      purchase: shown.kind === "order" ? purchaseEvent(shown.order) : null,
      signupChoices: offerSignup ? orderSignupChoices() : null,
    },
    { headers: headersSettingCookies(setCookies) },
  );
}

/** `intent=order-signup`: an account from this browser's order (A§3, issue 32). */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== ORDER_SIGNUP_INTENT) {
    throw data(null, { status: 400 });
  }
  return orderSignupAction(request, context, formData);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

function OrderConfirmation({
  order,
  locale,
  signupChoices,
}: {
  order: PlacedOrder;
  locale: string;
  signupChoices: readonly ("email" | "sms" | "postal")[] | null;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>() as OrderSignupActionData | undefined;
  const buyer = order.billingAddress;
  // The customer reference the cart carried (A§4), as the account's order page shows it.
  const company = order.attributes.company as { reference?: unknown } | undefined;
  const customerReference = typeof company?.reference === "string" ? company.reference : "";
  const paths = useLocalePaths();
  const money = (amount: number) => formatMoney(amount, order.currencyCode, locale);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
      <section className="space-y-4" aria-labelledby="confirmation-title">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h1 id="confirmation-title" className="text-3xl font-semibold tracking-tight">
            {t("confirmation.title")}
          </h1>
          <PrintButton />
        </div>
        <p className="text-lg">
          {t("confirmation.orderNumber")}:{" "}
          <strong data-testid="order-number">{order.reference}</strong>
        </p>
        {customerReference ? (
          <p data-testid="order-reference">
            {t("orders.page.customerReference")}: {customerReference}
          </p>
        ) : null}
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
          <OrderAddress title={t("confirmation.deliverTo")} address={order.shippingAddress} />
          <OrderAddress title={t("confirmation.billTo")} address={order.billingAddress} />
          <div>
            <h2 className="font-semibold">{t("confirmation.payment")}</h2>
            <p className="text-stone-800" data-testid="order-payment">
              {t("confirmation.paidWith", { provider: providerLabel(order.payment.provider) })}
            </p>
          </div>
        </div>
        <Link
          to={paths.home}
          className="inline-block font-medium text-emerald-800 underline underline-offset-4 print:hidden"
        >
          {t("confirmation.continueShopping")}
        </Link>
        {signupChoices ? (
          <OrderSignupForm
            name={`${buyer.givenName} ${buyer.familyName}`.trim()}
            email={order.email}
            choices={signupChoices}
            actionData={actionData}
          />
        ) : null}
      </section>
      <aside>
        <CartSummary title={t("checkout.summary")} lines={summaryLines(order, t, locale)} />
      </aside>
    </div>
  );
}

export default function ConfirmationPage() {
  const { confirmation, locale, purchase, signupChoices } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // Once per order in this browser: a reload shows the same confirmation and pushes nothing.
  usePurchaseOnce(purchase);
  if (confirmation.kind === "order") {
    return (
      <OrderConfirmation order={confirmation.order} locale={locale} signupChoices={signupChoices} />
    );
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
