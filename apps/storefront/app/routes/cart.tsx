import { parseWithZod } from "@conform-to/zod/v4";
import type { Cart, CartItem } from "@kassa/api-client";
import {
  cartLineSchema,
  formatMoney,
  isChildLine,
  isVoucherIntent,
  quantityChange,
  sizeChangeRefusal,
} from "@kassa/domain";
import { buttonClasses, CartSummary, type CartSummaryLine } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useFetchers, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { addedToCartEvent, cartChangeEvent, cartEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie } from "~/modules/analytics/pending-events.server";
import { useAnalyticsEvent } from "~/modules/analytics/use-analytics-event";
import {
  type CartSession,
  changeLineSize,
  loadCartSession,
  removeLine,
  setLineQuantity,
} from "~/modules/cart/cart.server";
import { cartItemCount } from "~/modules/cart/cart-count";
import { cartErrorToast } from "~/modules/cart/cart-errors.server";
import { CART_HEADING_ID, CartLineItem } from "~/modules/cart/cart-line-item";
import { clearCheckoutTokenCookie } from "~/modules/cart/checkout-token.server";
import { sizeChangeErrorToast } from "~/modules/cart/size-change-errors.server";
import { cartSizeOptions } from "~/modules/cart/size-options.server";
import { DISCOUNT_FETCHER_PREFIX, VoucherPanel } from "~/modules/cart/voucher-panel";
import { savedGiftCardViews, voucherAction } from "~/modules/cart/vouchers.server";
import { isCardIntent } from "~/modules/customer-card/card-intents";
import { isCardAddressReply } from "~/modules/customer-card/card-view";
import { CustomerCard } from "~/modules/customer-card/customer-card";
import { pageCustomerCard } from "~/modules/customer-card/customer-card.server";
import { customerCardAction } from "~/modules/customer-card/customer-card-action.server";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { config } from "~/modules/http/config.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { productBasePath } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { redirectOnSite, safeRedirectTo } from "~/modules/http/redirect-to";
import { localeOf } from "~/modules/http/request-locale.server";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [market, t] = await Promise.all([marketOf(request), translatorFor(request)]);
  const session = await fromBackend(() => loadCartSession(request, context));
  const { giftCardsEnabled } = config().settings;
  // A§2: agents and super admins choose whom the order is for, here and at the checkout.
  const { card, setCookies } = await fromBackend(() => pageCustomerCard(request, context, session));
  // C§4: the sizes each line can change to, with their stock.
  const sizeOptions = session ? await cartSizeOptions(request, session.cart) : {};
  return data(
    {
      title: `${t("cart.title")} – ${t("meta.siteName")}`,
      description: t("meta.cartDescription"),
      cart: session?.cart ?? null,
      sizeOptions,
      locale: market.locale,
      productBase: productBasePath(await localeOf(request)),
      giftCardsEnabled,
      giftCards: giftCardsEnabled ? await savedGiftCardViews(request) : [],
      card,
    },
    { headers: headersSettingCookies(setCookies) },
  );
}

/**
 * The cart's posts, told apart by `intent`: the voucher panel's (apply-discount, remove-discount,
 * save-gift-card, remove-gift-card; `vouchers.server.ts`), the customer card's (card-company,
 * card-contact, card-address; A§4) and the line changes (C§4: increase, decrease, set-quantity,
 * remove, change-size).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const t = await translatorFor(request);
  const intent = formData.get("intent");
  if (isVoucherIntent(intent)) return voucherAction(request, formData, t, context);
  if (isCardIntent(intent)) return customerCardAction(request, context, formData, t, "/cart");
  return cartLineAction(request, formData, t);
}

async function cartLineAction(request: Request, formData: FormData, t: TFunction) {
  const redirectTo = safeRedirectTo(formData.get("redirectTo"), "/cart");
  const submission = parseWithZod(formData, { schema: cartLineSchema });
  if (submission.status !== "success") {
    const firstError = Object.values(submission.error ?? {}).flat()[0];
    return redirectWithToast(redirectTo, {
      variant: "error",
      title: t("cart.errorTitle"),
      description: firstError ? t(firstError as "validation.invalid") : t("validation.invalid"),
    });
  }
  const change = submission.value;
  const session = await loadCartSession(request).catch(() => null);
  const line = session?.cart.items.find((item) => item.id === change.itemId);
  if (!session || !line) {
    // The line is already gone (another tab, an expired cart): show the cart as it is.
    throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
  }
  const name = line.customAttributes.parentName || line.name;
  // The change as an analytics event, pushed on the page the redirect leads to (ADR 0038).
  const changed = async (quantity: number) =>
    quantity === line.quantity
      ? []
      : pendingEventsCookie(request, [
          cartChangeEvent(
            quantity > line.quantity ? "add_to_cart" : "remove_from_cart",
            session.cart,
            line,
            Math.abs(quantity - line.quantity),
          ),
        ]);

  if (change.intent === "change-size") {
    return changeSizeAction(request, session, line, change.productVariantId, redirectTo, t);
  }

  try {
    if (change.intent === "remove") {
      await removeLine(session, line.id);
      // C§4: removing an item clears the checkout token (the checkout no longer matches the cart).
      return redirectWithToast(
        redirectTo,
        { variant: "default", title: t("cart.removed", { name }) },
        [await clearCheckoutTokenCookie(), ...(await changed(0))],
      );
    }
    const next =
      change.intent === "set-quantity"
        ? ({ type: "update", quantity: change.quantity } as const)
        : quantityChange(line.quantity, change.intent);
    if (next.type === "remove") {
      await removeLine(session, line.id);
      // C§4: removing an item clears the checkout token (the checkout no longer matches the cart).
      return redirectWithToast(
        redirectTo,
        { variant: "default", title: t("cart.removed", { name }) },
        [await clearCheckoutTokenCookie(), ...(await changed(0))],
      );
    }
    await setLineQuantity(session, line.id, next.quantity);
    const events = await changed(next.quantity);
    throw redirectOnSite(
      redirectTo,
      { status: 303, headers: headersSettingCookies(events) },
      "/cart",
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast(
      redirectTo,
      cartErrorToast(error, t, { orderLimit: line.customAttributes.orderLimit }),
    );
  }
}

/**
 * C§4: the line takes another size of its colour, keeping its quantity and child lines. The
 * storefront's rule (`sizeChangeRefusal`) answers a size that is not the colour's, sold out or
 * over the order limit before the platform is asked; the platform checks it all again, and live
 * stock, in one change. A refusal leaves the line as it was; a change clears the checkout token.
 */
async function changeSizeAction(
  request: Request,
  session: CartSession,
  line: CartItem,
  productVariantId: string,
  redirectTo: string,
  t: TFunction,
) {
  const name = line.customAttributes.parentName || line.name;
  const options = (await cartSizeOptions(request, { items: [line] }))[line.id] ?? [];
  const chosen = options.find((option) => option.variantId === productVariantId);
  const refusal = sizeChangeRefusal({
    line,
    options,
    productVariantId,
    lines: session.cart.items.filter((item) => !isChildLine(item)),
    orderLimit: line.customAttributes.orderLimit,
  });
  if (refusal) {
    return redirectWithToast(
      redirectTo,
      sizeChangeErrorToast(refusal, t, {
        size: chosen?.size,
        limit: line.customAttributes.orderLimit,
      }),
    );
  }
  // The line's own size: nothing changes, so the checkout stays as it is.
  if (!chosen || chosen.current) throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
  let changed: CartSession;
  try {
    changed = await changeLineSize(session, line.id, productVariantId);
  } catch (error) {
    return redirectWithToast(
      redirectTo,
      sizeChangeErrorToast(error, t, {
        size: chosen.size,
        limit: line.customAttributes.orderLimit,
      }),
    );
  }
  // C§4: changing size clears the checkout token (the checkout no longer matches the cart). As
  // analytics counts a variant change: the old size out, the new one in (ADR 0038).
  return redirectWithToast(
    redirectTo,
    { variant: "default", title: t("cart.sizeChanged", { name, size: chosen.size }) },
    [
      await clearCheckoutTokenCookie(),
      ...(await pendingEventsCookie(request, [
        cartChangeEvent("remove_from_cart", session.cart, line, line.quantity),
        addedToCartEvent(changed.cart, productVariantId, line.quantity),
      ])),
    ],
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches, data?.description),
  NOINDEX,
];

function summaryLines(cart: Cart, t: TFunction, locale: string) {
  const money = (amount: number) => formatMoney(amount, cart.currencyCode, locale);
  const { totals } = cart;
  const lines = [
    { id: "items", label: t("cart.items"), value: String(cartItemCount(cart)) },
    { id: "subtotal", label: t("cart.subtotal"), value: money(totals.subTotal) },
    {
      id: "shipping",
      label: t("cart.shipping"),
      value: totals.shippingTotal === 0 ? t("cart.shippingFree") : money(totals.shippingTotal),
    },
  ];
  if (totals.discountTotal > 0) {
    lines.push({
      id: "discount",
      label: t("cart.discount"),
      value: `−${money(totals.discountTotal)}`,
    });
  }
  if (totals.taxTotal > 0) {
    lines.push({
      id: "vat",
      label: cart.isTaxIncludedInPrice ? t("cart.vat") : t("cart.vatAdded"),
      value: money(totals.taxTotal),
    });
  }
  lines.push({ id: "grand-total", label: t("cart.grandTotal"), value: money(totals.grandTotal) });
  return lines.map(
    (line): CartSummaryLine => ({
      ...line,
      emphasis: line.id === "grand-total",
      tone: line.id === "discount" ? "discount" : "default",
    }),
  );
}

export default function CartPage() {
  const { cart, sizeOptions, locale, productBase, giftCardsEnabled, giftCards, card } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  // Once per visit of the cart page: a change made on it is its own event (add or remove).
  useAnalyticsEvent(
    cart && cart.items.length > 0 ? cartEvent("view_cart", cart) : null,
    "view_cart",
  );
  const paths = useLocalePaths();
  // The platform computes the totals: while a change is on its way they are not known yet.
  const changing = useFetchers().some(
    (fetcher) =>
      (fetcher.key.startsWith("cart-line:") || fetcher.key.startsWith(DISCOUNT_FETCHER_PREFIX)) &&
      fetcher.state !== "idle",
  );

  // One heading for the full and the empty cart, so the element that takes focus when the last
  // line is removed (cart-line-item.tsx) is still there once the cart has emptied.
  const heading = (
    <h1
      id={CART_HEADING_ID}
      tabIndex={-1}
      className="mb-6 rounded-sm text-3xl font-semibold tracking-tight"
    >
      {t("cart.title")}
    </h1>
  );

  if (!cart || cart.items.length === 0) {
    return (
      <div>
        {heading}
        <div className="space-y-4">
          <p data-testid="cart-empty">{t("cart.empty")}</p>
          <Link
            to={paths.home}
            className="font-medium text-emerald-800 underline underline-offset-4"
          >
            {t("cart.continueShopping")}
          </Link>
        </div>
      </div>
    );
  }

  const byId = new Map(cart.items.map((item) => [item.id, item]));
  return (
    <div>
      {heading}
      <div className="grid gap-8 lg:grid-cols-[1fr_360px]">
        <section aria-labelledby={CART_HEADING_ID}>
          <ul
            className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
            data-testid="cart-lines"
          >
            {cart.items.map((item) => (
              <CartLineItem
                key={item.id}
                item={item}
                parent={isChildLine(item) ? byId.get(String(item.options.parentItem)) : undefined}
                sizes={sizeOptions[item.id]}
                currencyCode={cart.currencyCode}
                locale={locale}
                productBase={productBase}
              />
            ))}
          </ul>
          {card ? (
            <div className="mt-8">
              <CustomerCard
                card={card}
                pageReply={isCardAddressReply(actionData) ? actionData : undefined}
              />
            </div>
          ) : null}
        </section>
        <aside>
          <CartSummary
            title={t("cart.summary")}
            lines={summaryLines(cart, t, locale)}
            loading={changing}
            footer={
              // A whole page load: the checkout's own Content-Security-Policy, with the nonce its
              // payment snippet runs with, comes only with its document (ADR 0032).
              <Link
                to="/checkout"
                reloadDocument
                className={buttonClasses({ className: "w-full" })}
                data-testid="to-checkout"
              >
                {t("cart.checkout")}
              </Link>
            }
          >
            <VoucherPanel
              discountCodes={cart.discountCodes}
              giftCards={giftCards}
              giftCardsEnabled={giftCardsEnabled}
              revision={cart.revision}
              pageReply={actionData && "intent" in actionData ? actionData : undefined}
            />
          </CartSummary>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
