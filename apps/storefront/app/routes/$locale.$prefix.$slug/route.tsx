import { parseWithZod } from "@conform-to/zod/v4";
import { isKassaApiError } from "@kassa/api-client";
import {
  addToCartSchema,
  findMarketByProductUrlPrefix,
  formatMoney,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  wishlistEntry,
} from "@kassa/domain";
import { Alert, Badge, Breadcrumb, Button, Field, Input, VariantPicker } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { newSessionAttributes } from "~/modules/account/company-attributes.server";
import { addedToCartEvent, viewItemEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie } from "~/modules/analytics/pending-events.server";
import { useAnalyticsEvent } from "~/modules/analytics/use-analytics-event";
import { sharedPageHeaders } from "~/modules/cache/shared-page.server";
import {
  addToCart,
  cartTokenCookie,
  ensureCartSession,
  loadCartSession,
  sessionInputFor,
} from "~/modules/cart/cart.server";
import { cartErrorToast } from "~/modules/cart/cart-errors.server";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { productTrail } from "~/modules/catalogue/category-trail";
import {
  LCP_IMAGE_ATTRIBUTES,
  PRODUCT_IMAGE,
  productImageAlt,
} from "~/modules/catalogue/product-image";
import { ProductPrice } from "~/modules/catalogue/product-price";
import { DELIVERY_WORKING_DAYS, RETURN_PERIOD_DAYS } from "~/modules/content/shop-details";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { translateErrors } from "~/modules/http/form-errors";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { redirectLegacyOrNotFound } from "~/modules/http/locale-routing.server";
import {
  localePath,
  marketOfLocale,
  parseLocaleSegment,
  productPathIn,
} from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { errorTitleOf } from "~/modules/http/not-found";
import { throwNotFound } from "~/modules/http/not-found.server";
import { publicPageMeta } from "~/modules/http/page-meta";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { rememberPathLocale } from "~/modules/http/request-locale.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { useReplyField } from "~/modules/http/submission-reply";
import { redirectWithToast } from "~/modules/http/toast.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { JsonLd } from "~/modules/structured-data/json-ld";
import { WishlistToggle } from "~/modules/wishlist/wishlist-toggle";
import { productHead } from "./product-head.server";
import { chooseVariant, variantOptions } from "./variant-choice";

/** Below this many, the page says how many are left. */
const LOW_STOCK_THRESHOLD = 3;

/**
 * `/{locale}/{productUrlPrefix}/{productSlug}`: one product, its variants, price and stock (C§2), as
 * cached and kept current by the platform's cache-tag notices (ADR 0025).
 */
/** The same for every anonymous visitor: a shared HTTP cache may keep it (ADR 0027). */
export const headers = sharedPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = parseLocaleSegment(params.locale);
  // `/kategori/a/b`: an address from before every page had its locale (ADR 0037).
  if (!locale) return redirectLegacyOrNotFound(request);
  const market = marketOfLocale(locale);
  const url = new URL(request.url);
  if (params.prefix !== market.productUrlPrefix) {
    // Another market's prefix (`/fi-fi/produkt/x`): the product under this locale's own.
    if (params.prefix && findMarketByProductUrlPrefix(params.prefix)) {
      // The slug arrives decoded: encode it again, so the Location stays one path segment here.
      throw redirectOnSite(
        `${productPathIn(locale, encodeURIComponent(params.slug ?? ""))}${url.search}`,
        301,
        localePath(locale),
      );
    }
    return throwNotFound(request);
  }
  const [language, t, storeGroup] = await Promise.all([
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const query = catalogueQuery(market, language, storeGroup);
  const [product, categories] = await fromBackend(() =>
    Promise.all([
      catalogue.bySlug({ ...query, slug: params.slug ?? "" }),
      catalogue.categories(query),
    ]),
  );
  if (!product) {
    return throwNotFound(request, t("error.productNotFound"));
  }

  const where = {
    productParentId: product.id,
    storeGroupId: storeGroup,
    countryCode: market.country,
  };
  // Cached, and dropped when the platform announces a change (ADR 0025); adding to the cart
  // below checks stock and price live on the platform.
  const [prices, stocks] = await fromBackend(() =>
    Promise.all([
      catalogue.prices(where).catch(notSoldHere),
      catalogue.stocks(where).catch(notSoldHere),
    ]),
  );

  const stockOf = new Map(stocks?.productParent.productVariants.map((stock) => [stock.id, stock]));
  const priceOf = new Map(prices?.productParent.productVariants.map((price) => [price.id, price]));
  const isBuyable = (variantId: string) =>
    priceOf.has(variantId) && (stockOf.get(variantId)?.availableQuantity ?? 0) > 0;

  const selected = chooseVariant(product.variants, url.searchParams, isBuyable);
  const price = selected ? priceOf.get(selected.id) : undefined;
  const stock = selected ? stockOf.get(selected.id) : undefined;
  const categoryTrail = productTrail(categories, product.categoryIds);
  const { share, structuredData } = await productHead(request, {
    product,
    selected,
    priceOf,
    stockOf,
    currencyCode: prices?.productParent.currencyCode,
    categoryTrail,
    homeName: t("nav.home"),
  });

  return {
    title: `${product.name} – ${t("meta.siteName")}`,
    share,
    structuredData,
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      brand: product.brand,
      description: product.description,
      imageUrl: selected?.imageUrl ?? product.imageUrl,
      orderLimit: product.orderLimit,
      childItems: product.childItems.map((child) => child.name),
    },
    variant: selected
      ? {
          id: selected.id,
          sku: selected.sku,
          name: selected.name,
          color: selected.color,
          size: selected.size,
        }
      : null,
    options: variantOptions(product.variants, selected, url.pathname, isBuyable),
    price:
      price && prices
        ? {
            basePriceAmount: price.basePriceAmount,
            salePriceAmount: price.salePriceAmount,
            currencyCode: prices.productParent.currencyCode,
            isTaxIncludedInPrice: prices.productParent.isTaxIncludedInPrice,
          }
        : null,
    stock: stock
      ? { availableQuantity: stock.availableQuantity, isAvailable: stock.isAvailable }
      : null,
    locale: market.locale,
    categoryTrail,
    shipping: {
      ...market.shipping,
      currencyCode: market.currency,
      deliveryDays: DELIVERY_WORKING_DAYS[market.country],
    },
  };
}

/** A product without prices or stock in this market answers 404: show it as not sold here. */
function notSoldHere(error: unknown): null {
  if (isKassaApiError(error) && error.status === 404) return null;
  throw error;
}

/** Add to cart (C§4): starts a session on the first add, then adds the variant and its child items. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  // `/kategori/a/b` posted from an old page: on to its new address.
  const locale = parseLocaleSegment(params.locale);
  if (!locale) return redirectLegacyOrNotFound(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: addToCartSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const here = new URL(request.url);
  const back = `${here.pathname}${here.search}`;
  const product = await fromBackend(() =>
    catalogue.bySlug({ ...catalogueQuery(market, language, storeGroup), slug: params.slug ?? "" }),
  );
  const variant = product?.variants.find(
    (candidate) => candidate.id === submission.value.productVariantId,
  );
  if (!product || !variant) {
    throw data({ reason: "not-found", message: t("error.productNotFound") }, { status: 404 });
  }

  // Shopping on a page of another locale than the remembered one makes it the shopper's (the cart
  // moves to its market below, and the cart page follows the cookies).
  const setCookies: string[] = await rememberPathLocale(request);
  let added: Awaited<ReturnType<typeof addToCart>> | undefined;
  // A§4: a company user's new session (the first add, a move) starts with the company attributes.
  const forNewSession = newSessionAttributes(request, context);
  try {
    const session = await ensureCartSession(
      await loadCartSession(request),
      sessionInputFor(market, language, storeGroup),
      context.clientAddress,
      forNewSession.attributes,
    );
    setCookies.push(await cartTokenCookie(session.token));
    added = await addToCart(session, {
      productVariantId: variant.id,
      productParentId: product.id,
      quantity: submission.value.quantity,
      orderLimit: product.orderLimit,
      childVariantIds: product.childItems.map((child) => child.productVariantId),
    });
  } catch (error) {
    return redirectWithToast(
      back,
      cartErrorToast(error, t, { orderLimit: product.orderLimit }),
      [...forNewSession.setCookies, ...setCookies],
      localePath(locale),
    );
  }
  // Pushed on the page this redirect leads to, with scripts or after a plain form post (ADR 0038).
  const event = added ? addedToCartEvent(added.cart, variant.id, submission.value.quantity) : null;
  return redirectWithToast(
    back,
    { variant: "success", title: t("product.added", { name: product.name }) },
    [...forNewSession.setCookies, ...setCookies, ...(await pendingEventsCookie(request, [event]))],
    localePath(locale),
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  publicPageMeta(matches, {
    title: data?.title ?? errorTitleOf(error) ?? "Kassa",
    description: data?.product.description,
    share: data?.share,
  });

/**
 * A colour or size link: the page changes its variant, not its place, so the picker the shopper
 * used stays where it was (and keeps focus) instead of jumping to the top.
 */
function StayingLink(props: ComponentProps<typeof Link>) {
  return <Link {...props} preventScrollReset />;
}

export default function ProductPage() {
  const {
    product,
    variant,
    options,
    price,
    stock,
    locale,
    categoryTrail,
    shipping,
    structuredData,
  } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  // The action validates with the schema and its answer shows under the field. No zod nor
  // conform in the browser (issue 15).
  const quantity = useReplyField(lastResult, "quantity");
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  const soldOut = !stock?.isAvailable;
  const canBuy = Boolean(variant && price && !soldOut);
  const quantityErrors = translateErrors(quantity.errors, t);
  useAnalyticsEvent(
    viewItemEvent({ product, variant, price }),
    `view_item:${variant?.id ?? product.id}`,
  );

  return (
    <div className="space-y-6">
      <JsonLd text={structuredData} />
      <Breadcrumb
        label={t("nav.breadcrumb")}
        linkComponent={Link}
        items={[
          { label: t("nav.home"), href: paths.home },
          ...categoryTrail.map((category) => ({
            label: category.name,
            href: paths.category(category.uri),
          })),
          { label: product.name },
        ]}
      />
      {/* On a phone: picture, buying, about. From 768 px the picture and the text about the product
          share the left column and buying fills the right one, so neither column runs far past
          the other. */}
      <article className="grid gap-8 md:grid-cols-2 md:grid-rows-[auto_1fr] md:gap-x-10">
        <img
          src={product.imageUrl}
          alt={productImageAlt(product.name, variant?.color)}
          width={PRODUCT_IMAGE.width}
          height={PRODUCT_IMAGE.height}
          {...LCP_IMAGE_ATTRIBUTES}
          style={{ aspectRatio: `${PRODUCT_IMAGE.width} / ${PRODUCT_IMAGE.height}` }}
          className="block h-auto w-full rounded-2xl border border-stone-200 bg-stone-100 object-contain"
        />
        <div className="space-y-6 md:col-start-2 md:row-span-2 md:row-start-1">
          <header className="space-y-2">
            {product.brand ? (
              <p className="text-sm uppercase tracking-wide text-stone-600">{product.brand}</p>
            ) : null}
            <div className="flex items-start justify-between gap-4">
              <h1 className="text-3xl font-semibold tracking-tight">{product.name}</h1>
              <WishlistToggle
                // The colour chosen on the page travels with the entry (C§3 colour variant suffix).
                entry={wishlistEntry(
                  product.id,
                  options.colors.length > 0 ? variant?.id : undefined,
                )}
                productName={product.name}
                size="md"
              />
            </div>
            {price ? (
              <div className="flex items-baseline gap-3" data-testid="product-price">
                <ProductPrice {...price} locale={locale} size="lg" />
                <span className="text-sm text-stone-600">
                  {price.isTaxIncludedInPrice
                    ? t("product.priceIncludesVat")
                    : t("product.priceExcludesVat")}
                </span>
              </div>
            ) : (
              <Alert variant="warning">{t("product.notSoldInMarket")}</Alert>
            )}
          </header>

          {options.colors.length > 0 ? (
            <VariantPicker
              legend={t("product.color")}
              name="color"
              options={options.colors}
              selected={variant?.color}
              linkComponent={StayingLink}
            />
          ) : null}
          {options.sizes.length > 0 ? (
            <VariantPicker
              legend={t("product.size")}
              name="size"
              options={options.sizes}
              selected={variant?.size}
              linkComponent={StayingLink}
            />
          ) : null}

          <p data-testid="stock-status" aria-live="polite">
            {soldOut ? (
              <Badge variant="danger">{t("product.soldOut")}</Badge>
            ) : stock && stock.availableQuantity <= LOW_STOCK_THRESHOLD ? (
              <Badge variant="warning">
                {t("product.lowStock", { count: stock.availableQuantity })}
              </Badge>
            ) : (
              <Badge variant="success">{t("product.inStock")}</Badge>
            )}
          </p>
          {soldOut && variant ? (
            <Alert variant="warning">{t("product.soldOutVariant")}</Alert>
          ) : null}

          <Form
            method="post"
            // The action's translated message answers a wrong quantity, with scripts or without
            // (the browser's own bubble would speak its own language).
            noValidate
            // The answer comes back to this page: keep the shopper where they are (the added-to-cart
            // toast says what happened) rather than scrolling the button they pressed off screen.
            preventScrollReset
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="productVariantId" value={variant?.id ?? ""} />
            <input type="hidden" name="productParentId" value={product.id} />
            <div className="w-28">
              <Field label={t("product.quantity")} id="product-quantity" errors={quantityErrors}>
                <Input
                  key={quantity.key}
                  name="quantity"
                  type="number"
                  defaultValue={quantity.value ?? "1"}
                  required
                  min={MIN_LINE_QUANTITY}
                  max={MAX_LINE_QUANTITY}
                  inputMode="numeric"
                  disabled={!canBuy}
                />
              </Field>
            </div>
            <Button type="submit" busy={adding} disabled={!canBuy} className="min-w-48">
              {adding
                ? t("product.adding")
                : soldOut
                  ? t("product.soldOut")
                  : t("product.addToCart")}
            </Button>
          </Form>

          {product.orderLimit ? (
            <p className="text-sm text-stone-700" data-testid="order-limit-note">
              {t("product.orderLimit", { limit: product.orderLimit })}
            </p>
          ) : null}
          {product.childItems.length > 0 ? (
            <p className="text-sm text-stone-700">
              {t("product.includes", { names: product.childItems.join(", ") })}
            </p>
          ) : null}

          <DeliveryAndReturns {...shipping} locale={locale} />
        </div>

        <section
          aria-labelledby="product-about"
          className="space-y-3 md:col-start-1 md:row-start-2"
        >
          <h2 id="product-about" className="text-lg font-semibold">
            {t("product.about")}
          </h2>
          <p className="max-w-prose text-stone-800">{product.description}</p>
          {variant ? (
            <p className="text-xs text-stone-600">
              {t("product.sku")}: {variant.sku}
            </p>
          ) : null}
        </section>
      </article>
    </div>
  );
}

/**
 * How the product reaches the shopper and goes back: the market's delivery time, its
 * free-shipping threshold (the rule the cart charges by, from `@kassa/domain`), the return period
 * (the same numbers as the delivery-and-returns page), and a link to that page at its translated
 * address.
 */
function DeliveryAndReturns({
  fee,
  freeFrom,
  currencyCode,
  deliveryDays,
  locale,
}: {
  fee: number;
  freeFrom: number;
  currencyCode: string;
  /** Working days from dispatch, e.g. `1–3`. */
  deliveryDays: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const money = (amount: number) => formatMoney(amount, currencyCode, locale);
  const icon = "mt-0.5 size-5 shrink-0 text-emerald-800";
  return (
    <section
      aria-labelledby="product-delivery"
      className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-800"
      data-testid="delivery-returns"
    >
      <h2 id="product-delivery" className="mb-3 text-base font-semibold text-stone-900">
        {t("product.delivery.title")}
      </h2>
      <ul className="space-y-2">
        <li className="flex gap-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={icon}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
            <circle cx="7" cy="17.5" r="1.8" />
            <circle cx="17.5" cy="17.5" r="1.8" />
          </svg>
          <span>
            {t("product.delivery.time", { days: deliveryDays })}{" "}
            {t("product.delivery.freeShipping", { amount: money(freeFrom), fee: money(fee) })}
          </span>
        </li>
        <li className="flex gap-3">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={icon}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M9 14 4 9l5-5" />
            <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
          </svg>
          <span>{t("product.delivery.returns", { days: RETURN_PERIOD_DAYS })}</span>
        </li>
      </ul>
      <Link
        to={paths.to(`/${t("deliveryReturns.slug")}`)}
        className="mt-3 inline-block rounded-sm font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-900"
      >
        {t("product.delivery.readMore")}
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
