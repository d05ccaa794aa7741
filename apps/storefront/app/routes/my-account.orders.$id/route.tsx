import { parseWithZod } from "@conform-to/zod/v4";
import {
  availableDecisions,
  customStateIds,
  formatMoney,
  formatOrderDate,
  ORDER_TIME_ZONES,
  type OrderDecision,
  orderDecisionSchema,
} from "@kassa/domain";
import { Button, CartSummary } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PrintButton } from "~/components/print-button";
import { dismissToast, showToast } from "~/components/toast-host";
import { requireLogin } from "~/modules/account/auth.server";
import { providerLabel } from "~/modules/checkout/provider-label";
import { summaryLines } from "~/modules/checkout/summary-lines";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { ordersClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import { OrderAddress } from "~/modules/orders/order-address";
import { orderAgain } from "~/modules/orders/order-again.server";
import { OrderBadges } from "~/modules/orders/order-badges";
import { decideOnOrder } from "~/modules/orders/order-decision.server";
import {
  type DecisionActionData,
  type InlineDecision,
  OrderDecisions,
} from "~/modules/orders/order-decisions";
import { OrderHistory, OrderNotes } from "~/modules/orders/order-history";
import { OrderLines } from "~/modules/orders/order-lines";
import { loadOrder } from "~/modules/orders/order-page.server";

/** The order page of the account area, `{account}/orders/{id}` (C§2). */
const orderPath = (id: string) => `/my-account/orders/${encodeURIComponent(id)}`;

function inlineDecisionOf(url: URL): InlineDecision {
  const asked = url.searchParams.get("decision");
  return asked === "decline" || asked === "request-change" ? asked : null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const [login, t, market] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    marketOf(request),
  ]);
  const { order, access } = await loadOrder(login.accessToken, params.id ?? "", t);
  const available = availableDecisions({
    customStates: customStateIds(order.status.customStates),
    decisionsEnabled: config().settings.orderDecisionsEnabled,
    actionsConfigured: true,
    isCustomer: access === "customer",
  });
  return data(
    {
      title: `${t("orders.page.title", { reference: order.reference })} – ${t("meta.siteName")}`,
      order,
      available,
      locale: market.locale,
      timeZone:
        ORDER_TIME_ZONES[order.countryCode as keyof typeof ORDER_TIME_ZONES] ?? ORDER_TIME_ZONES.SE,
      inline: inlineDecisionOf(new URL(request.url)),
      // A double-submitted decision writes its note once (the note's idempotency key).
      submissionId: crypto.randomUUID(),
    },
    { headers: headersSettingCookies(login.setCookies) },
  );
}

const DONE = {
  approve: "orders.decisions.approved",
  decline: "orders.decisions.declined",
  "request-change": "orders.decisions.requested",
} as const;

/**
 * Approve, decline or request a change (C§4); only the customer, only while the order awaits them.
 * `order-again` (issue 32): anyone who may see the order puts its lines into the cart again.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const [login, t, formData] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    request.formData(),
  ]);
  const id = params.id ?? "";
  if (formData.get("intent") === "order-again") {
    const { order } = await loadOrder(login.accessToken, id, t);
    const again = await fromBackend(() => orderAgain(request, context, order.lines, t));
    // To the cart with what went in; when nothing could, the order stays on screen with why.
    return redirectWithToast(again.added > 0 ? "/cart" : orderPath(id), again.toast, [
      ...login.setCookies,
      ...again.setCookies,
    ]);
  }
  const submission = parseWithZod(formData, { schema: orderDecisionSchema });
  const intent = formData.get("intent");
  const asked: OrderDecision =
    intent === "decline" || intent === "request-change" ? intent : "approve";
  if (submission.status !== "success" || submission.value.orderId !== id) {
    return data<DecisionActionData>(
      { intent: asked, result: submission.reply(), failed: null, notAwaiting: false },
      { status: 400 },
    );
  }
  const form = submission.value;
  const submissionId = String(formData.get("submissionId") ?? "").slice(0, 100);
  const outcome = await decideOnOrder(ordersClient(login.accessToken, "write"), form, {
    decisionsEnabled: config().settings.orderDecisionsEnabled,
    noteKey: `order-note:${id}:${submissionId || crypto.randomUUID()}`,
  });
  if (outcome.ok) {
    return redirectWithToast(
      orderPath(id),
      { variant: "success", title: t(DONE[form.intent]) },
      login.setCookies,
    );
  }
  if (outcome.reason === "not-awaiting") {
    return redirectWithToast(
      orderPath(id),
      { variant: "error", title: t("orders.decisions.notAwaiting") },
      login.setCookies,
    );
  }
  // C§8: the error message, or 'Something went wrong'; what was typed stays in the form.
  return data<DecisionActionData>(
    {
      intent: form.intent,
      result: submission.reply(),
      failed: { message: outcome.message },
      notAwaiting: false,
    },
    { status: 409, headers: headersSettingCookies(login.setCookies) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

const PENDING = {
  approve: "orders.decisions.approving",
  decline: "orders.decisions.declining",
  "request-change": "orders.decisions.requesting",
} as const;

const PENDING_TOAST_ID = "order-decision-pending";

export default function OrderPage() {
  const { order, available, locale, timeZone, inline, submissionId } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const path = orderPath(order.id);

  // C§4: 'Approving order...' while the decision is on its way; the answer's toast follows it.
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  useEffect(() => {
    if (pending === "approve" || pending === "decline" || pending === "request-change") {
      showToast({ id: PENDING_TOAST_ID, title: t(PENDING[pending]) });
    } else {
      dismissToast(PENDING_TOAST_ID);
    }
  }, [pending, t]);

  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === path && !navigation.formData;
  const money = (amount: number) => formatMoney(amount, order.currencyCode, locale);
  // A placed order has nothing left "to pay": its grand total is its total.
  const lines = summaryLines(order, t, locale).map((line) =>
    line.id === "grand-total" ? { ...line, label: t("orders.page.grandTotal") } : line,
  );
  if (order.totals.compensatedTotal > 0) {
    lines.push({
      id: "compensated",
      label: t("orders.page.compensated"),
      value: `−${money(order.totals.compensatedTotal)}`,
      tone: "discount",
    });
  }
  const decisionOffered = available.approve || available.decline || available["request-change"];
  // The customer reference the cart carried (A§4: the contact person the customer card named).
  const company = order.attributes.company as { reference?: unknown } | undefined;
  const customerReference = typeof company?.reference === "string" ? company.reference : "";

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/my-account/orders/"
        className="text-sm text-emerald-800 underline underline-offset-4 print:hidden"
      >
        {t("orders.page.backToList")}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-3xl font-semibold tracking-tight">
            {t("orders.page.title", { reference: order.reference })}
          </h1>
          <p className="text-stone-700">
            {t("orders.page.placed", { date: formatOrderDate(order.date, timeZone) })}
            {order.company ? ` · ${t("orders.page.company")}: ${order.company.name}` : ""}
          </p>
          {customerReference ? (
            <p className="text-stone-700" data-testid="order-reference">
              {t("orders.page.customerReference")}: {customerReference}
            </p>
          ) : null}
          <OrderBadges order={order} />
        </div>
        <div className="flex flex-wrap items-start gap-3 print:hidden">
          <Form method="post" action={path} data-testid="order-again-form">
            <input type="hidden" name="intent" value="order-again" />
            <Button type="submit" aria-describedby="order-again-hint" data-testid="order-again">
              {pending === "order-again" ? t("orders.again.pending") : t("orders.again.button")}
            </Button>
            <p id="order-again-hint" className="mt-1 max-w-56 text-xs text-stone-600">
              {t("orders.again.hint")}
            </p>
          </Form>
          <PrintButton />
          <Link
            to={path}
            preventScrollReset
            aria-busy={refreshing || undefined}
            className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-900 hover:bg-stone-50"
            data-testid="order-refresh"
          >
            {refreshing ? t("orders.page.refreshing") : t("orders.page.refresh")}
          </Link>
        </div>
      </header>

      {decisionOffered ? (
        <OrderDecisions
          orderId={order.id}
          available={available}
          inline={inline}
          submissionId={submissionId}
          actionData={actionData}
          orderPath={path}
        />
      ) : null}

      <div className="grid gap-8 lg:grid-cols-[1fr_340px]">
        <div className="space-y-8">
          <section aria-labelledby="lines-title" className="space-y-3">
            <h2 id="lines-title" className="text-xl font-semibold">
              {t("orders.page.lines")}
            </h2>
            <OrderLines lines={order.lines} currencyCode={order.currencyCode} locale={locale} />
          </section>
          <div className="grid gap-6 sm:grid-cols-2">
            <OrderAddress title={t("orders.page.billingAddress")} address={order.billingAddress} />
            <OrderAddress
              title={t("orders.page.shippingAddress")}
              address={order.shippingAddress}
            />
          </div>
          <section aria-labelledby="payment-title" className="space-y-1">
            <h2 id="payment-title" className="text-xl font-semibold">
              {t("orders.page.payment")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">{t("orders.page.paymentProvider")}</dt>
              <dd data-testid="order-payment">{providerLabel(order.payment.provider)}</dd>
              <dt className="text-stone-600">{t("orders.page.paymentReference")}</dt>
              <dd className="break-all">{order.payment.reference}</dd>
              <dt className="text-stone-600">{t("orders.page.paid")}</dt>
              <dd className="tabular-nums">{money(order.payment.amount)}</dd>
            </dl>
          </section>
          <section aria-labelledby="notes-title" className="space-y-3">
            <h2 id="notes-title" className="text-xl font-semibold">
              {t("orders.page.notes")}
            </h2>
            <OrderNotes notes={order.notes} timeZone={timeZone} />
          </section>
          <section aria-labelledby="history-title" className="space-y-3">
            <h2 id="history-title" className="text-xl font-semibold">
              {t("orders.page.history")}
            </h2>
            <OrderHistory
              events={order.events}
              timeZone={timeZone}
              currencyCode={order.currencyCode}
              locale={locale}
            />
          </section>
        </div>
        <aside>
          <CartSummary title={t("orders.page.totals")} lines={lines} />
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
