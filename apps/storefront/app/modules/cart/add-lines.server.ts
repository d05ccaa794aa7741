import {
  isKassaApiError,
  isOutOfStockError,
  isUnexpectedError,
  type Product,
  type ProductParentPrices,
  type ProductParentStocks,
} from "@kassa/api-client";
import {
  type CartQuantity,
  isChildLine,
  type LineAsk,
  type LineOffer,
  type LinePlanMode,
  OrderLimitError,
  planLines,
} from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import { newSessionAttributes } from "~/modules/account/company-attributes.server";
import type { AddedLine } from "~/modules/analytics/event-builders";
import { pendingLinesAddedCookie } from "~/modules/analytics/pending-events.server";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { productClient, shopperClient } from "~/modules/http/clients.server";
import { languageOf } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import type { LineResult, VariantView } from "./add-lines";
import {
  addToCart,
  type CartSession,
  cartTokenCookie,
  ensureCartSession,
  loadCartSession,
  sessionInputFor,
} from "./cart.server";

/**
 * Several lines into the cart in one go (issue 32: a quick order, ordering an old order again).
 * The variants are looked up on the platform, judged by `@kassa/domain`'s `planLines` against
 * the cart, the addable ones added one by one, and every line answered: added (how many), or
 * why not. Nothing the browser sent is trusted but the article numbers (or the order's variant
 * ids) and the quantities; the cart prices every line itself.
 */

/** A variant as a line of a quick order or an old order finds it, with what is needed to sell it. */
export interface ResolvedVariant extends VariantView {
  offer: LineOffer;
  childVariantIds: string[];
}

/**
 * `live`: read prices and stock straight from the platform (before adding); otherwise through
 * the catalogue cache (while the buyer types and checks).
 */
interface Reading {
  live: boolean;
}

async function context(request: Request) {
  const [market, language, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    storeGroupOf(request),
  ]);
  return { market, language, storeGroup, query: catalogueQuery(market, language, storeGroup) };
}

type Where = Awaited<ReturnType<typeof context>>;

/** A product without prices or stock in this market answers 404: not sold here. */
function notSoldHere(error: unknown): null {
  if (isKassaApiError(error) && error.status === 404) return null;
  throw error;
}

async function pricesAndStocks(products: readonly Product[], where: Where, reading: Reading) {
  const shopper = shopperClient(undefined, undefined, "read");
  return Promise.all(
    products.map(async (product) => {
      const target = {
        productParentId: product.id,
        storeGroupId: where.storeGroup,
        countryCode: where.market.country,
      };
      const [prices, stocks] = await Promise.all([
        (reading.live ? shopper.getPrices(target) : catalogue.prices(target)).catch(notSoldHere),
        (reading.live ? shopper.getStocks(target) : catalogue.stocks(target)).catch(notSoldHere),
      ]);
      return { product, prices, stocks };
    }),
  );
}

function variantsOf(
  product: Product,
  prices: ProductParentPrices | null,
  stocks: ProductParentStocks | null,
): ResolvedVariant[] {
  const priceOf = new Map(prices?.productParent.productVariants.map((price) => [price.id, price]));
  const stockOf = new Map(stocks?.productParent.productVariants.map((stock) => [stock.id, stock]));
  return product.variants.map((variant) => {
    const price = priceOf.get(variant.id);
    const availableQuantity = stockOf.get(variant.id)?.availableQuantity ?? 0;
    return {
      productVariantId: variant.id,
      sku: variant.sku,
      name: product.name,
      slug: product.slug,
      color: variant.color ?? null,
      size: variant.size ?? null,
      price:
        price && prices
          ? { amount: price.salePriceAmount, currencyCode: prices.productParent.currencyCode }
          : null,
      availableQuantity,
      offer: {
        productVariantId: variant.id,
        productParentId: product.id,
        orderLimit: product.orderLimit,
        priced: Boolean(price),
        availableQuantity,
      },
      childVariantIds: product.childItems.map((child) => child.productVariantId),
    };
  });
}

/**
 * The variants with these article numbers (C§7 `get-products-by-sku` with `isMultiple`), by
 * article number in upper case (the platform matches any case). Unknown ones are missing.
 */
export async function variantsBySku(
  request: Request,
  skus: readonly string[],
  reading: Reading,
): Promise<Map<string, ResolvedVariant>> {
  const wanted = [...new Set(skus.map((sku) => sku.trim().toUpperCase()).filter(Boolean))];
  const found = new Map<string, ResolvedVariant>();
  if (wanted.length === 0) return found;
  const where = await context(request);
  const page = await productClient().bySku({
    ...where.query,
    // An article number with a comma would split in two: it cannot be one of ours.
    skuQuery: wanted.filter((sku) => !sku.includes(",")).join(","),
    isMultiple: true,
    page: 1,
    per_page: wanted.length,
  });
  for (const { product, prices, stocks } of await pricesAndStocks(page.data, where, reading)) {
    for (const variant of variantsOf(product, prices, stocks)) {
      if (wanted.includes(variant.sku.toUpperCase())) found.set(variant.sku.toUpperCase(), variant);
    }
  }
  return found;
}

/** The variants of an old order's lines as the shop sells them today, by variant id. */
export async function variantsByParent(
  request: Request,
  lines: readonly { productParentId: string }[],
  reading: Reading,
): Promise<Map<string, ResolvedVariant>> {
  const ids = [...new Set(lines.map((line) => line.productParentId))];
  const found = new Map<string, ResolvedVariant>();
  if (ids.length === 0) return found;
  const where = await context(request);
  const page = await productClient().byIds({ ...where.query, productIds: ids });
  for (const { product, prices, stocks } of await pricesAndStocks(page.data, where, reading)) {
    for (const variant of variantsOf(product, prices, stocks)) {
      found.set(variant.productVariantId, variant);
    }
  }
  return found;
}

/** What a cart holds, as stock and order limits count it (parent lines only). */
export function cartQuantities(session: CartSession | null): CartQuantity[] {
  return (session?.cart.items ?? []).filter((item) => !isChildLine(item));
}

export interface LinesAsk extends LineAsk {
  variant: ResolvedVariant | null;
}

/** Judges the lines against the shopper's cart without changing it (a quick order's check). */
export async function judgeLines(
  request: Request,
  asks: readonly LinesAsk[],
  mode: LinePlanMode,
): Promise<LineResult[]> {
  const session = await loadCartSession(request).catch(() => null);
  return planLines(asks, cartQuantities(session), mode).map(resultOf);
}

function resultOf(plan: ReturnType<typeof planLines>[number]): LineResult {
  if (plan.kind === "add") {
    return {
      kind: "ok",
      quantity: plan.quantity,
      asked: plan.asked,
      limitedBy: plan.limitedBy,
      orderLimit: plan.offer.orderLimit,
    };
  }
  return {
    kind: "refused",
    reason: plan.reason,
    asked: plan.asked,
    orderLimit: plan.orderLimit ?? null,
    available: plan.available ?? null,
    message: null,
  };
}

type Refused = Extract<LineResult, { kind: "refused" }>;

/** Why the platform refused an add, as a line's reason; other failures throw. */
function refusalOf(error: unknown, asked: number): LineResult {
  const refused = (
    reason: Refused["reason"],
    extra: Partial<Omit<Refused, "kind" | "reason">> = {},
  ): Refused => ({
    kind: "refused",
    reason,
    asked,
    orderLimit: null,
    available: null,
    message: null,
    ...extra,
  });
  if (error instanceof OrderLimitError) {
    return refused("order-limit", { orderLimit: error.orderLimit });
  }
  if (isOutOfStockError(error)) return refused("stock", { available: 0 });
  if (isKassaApiError(error) && error.status === 404) return refused("not-sold");
  if (isKassaApiError(error) && error.status === 403) return refused("order-limit");
  if (isKassaApiError(error)) {
    return refused("failed", { message: isUnexpectedError(error) ? null : error.message });
  }
  throw error;
}

export interface PutLinesOutcome {
  results: LineResult[];
  /**
   * The cart cookie (and a company user's refreshed login) when a session was used, and the
   * `add_to_cart` of what went in for the next page to push (ADR 0038).
   */
  setCookies: string[];
}

/**
 * Puts the addable lines into the shopper's cart (starting a session on the first add, C§4, with
 * a company user's attributes, A§4) and answers every line in order: added (and how many), or
 * why not — the plan's reasons, then the platform's own refusals (stock drawn meanwhile).
 */
export async function putLinesInCart(
  request: Request,
  loadContext: AppLoadContext,
  asks: readonly LinesAsk[],
  mode: LinePlanMode,
): Promise<PutLinesOutcome> {
  const current = await loadCartSession(request);
  const preview = planLines(asks, cartQuantities(current), mode);
  if (!preview.some((plan) => plan.kind === "add")) {
    return { results: preview.map(resultOf), setCookies: [] };
  }
  const where = await context(request);
  const forNewSession = newSessionAttributes(request, loadContext);
  let session: CartSession = await ensureCartSession(
    current,
    sessionInputFor(where.market, where.language, where.storeGroup),
    loadContext.clientAddress,
    forNewSession.attributes,
  );
  const setCookies = [await cartTokenCookie(session.token)];
  // Planned again: a cart moved into this market may hold less than the one read above.
  const plans = planLines(asks, cartQuantities(session), mode);
  const results: LineResult[] = [];
  const added: AddedLine[] = [];
  for (const [index, plan] of plans.entries()) {
    const variant = asks[index]?.variant;
    if (plan.kind !== "add" || !variant) {
      results.push(resultOf(plan));
      continue;
    }
    try {
      session = await addToCart(session, {
        productVariantId: variant.productVariantId,
        productParentId: variant.offer.productParentId,
        quantity: plan.quantity,
        orderLimit: variant.offer.orderLimit,
        childVariantIds: variant.childVariantIds,
      });
      results.push(resultOf(plan));
      added.push({ productVariantId: variant.productVariantId, quantity: plan.quantity });
    } catch (error) {
      results.push(refusalOf(error, plan.asked));
    }
  }
  return {
    results,
    setCookies: [
      ...forNewSession.setCookies,
      ...setCookies,
      ...(await pendingLinesAddedCookie(request, added)),
    ],
  };
}
