import { Breadcrumb, Pagination } from "@kassa/ui";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ProductList } from "~/components/product-list";
import { TrackedList } from "~/modules/analytics/tracked-list";
import { sharedPageHeaders } from "~/modules/cache/shared-page.server";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { trailTo } from "~/modules/catalogue/category-trail";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { redirectLegacyOrNotFound } from "~/modules/http/locale-routing.server";
import {
  categoryPathIn,
  localePath,
  marketOfLocale,
  parseLocaleSegment,
  productBasePath,
} from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { errorTitleOf } from "~/modules/http/not-found";
import { throwNotFound } from "~/modules/http/not-found.server";
import { publicPageMeta } from "~/modules/http/page-meta";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { localeOf } from "~/modules/http/request-locale.server";
import { shareOf } from "~/modules/http/share.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { JsonLd, jsonLdGraph, jsonLdText } from "~/modules/structured-data/json-ld";
import { shownBreadcrumb } from "~/modules/structured-data/shop-nodes.server";

const PER_PAGE = 12;

/**
 * A category page, `/{locale}/{categoryUrlPrefix}/{categoryUri}?page=N` (`/sv-se/kategori/…`,
 * `/fi-fi/kategoria/…`), paged with plain links.
 */
/** The same for every anonymous visitor: a shared HTTP cache may keep it (ADR 0027). */
export const headers = sharedPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = parseLocaleSegment(params.locale);
  if (!locale) return redirectLegacyOrNotFound(request);
  const categoryUri = params["*"] ?? "";
  const url = new URL(request.url);
  // Another market's prefix (`/sv-se/kategoria/…`): the category under this locale's own. The
  // path as it came, still encoded: a decoded one could hold what a Location header cannot.
  const [, , prefix, ...rawUri] = url.pathname.split("/");
  if (prefix !== marketOfLocale(locale).categoryUrlPrefix) {
    throw redirectOnSite(
      `${categoryPathIn(locale, rawUri.join("/"))}${url.search}`,
      301,
      localePath(locale),
    );
  }
  const requestedPage = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(requestedPage) && requestedPage > 0 ? requestedPage : 1;

  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const query = catalogueQuery(market, language, storeGroup);
  const [categories, products] = await fromBackend(() =>
    Promise.all([
      catalogue.categories(query),
      catalogue.byCategoryUri({
        ...query,
        categoryUri,
        page,
        per_page: PER_PAGE,
        include_child_category_products: true,
      }),
    ]),
  );
  const category = categories.find((candidate) => candidate.uri === categoryUri);
  if (!category) {
    return throwNotFound(request, t("error.categoryNotFound"));
  }
  const trail = trailTo(categories, category.id);
  // The breadcrumb below as search engines read it: home, the categories above, this one.
  const structuredData = jsonLdText(
    jsonLdGraph(
      shownBreadcrumb(
        request,
        [
          { name: t("nav.home"), path: localePath(locale) },
          ...trail
            .slice(0, -1)
            .map((step) => ({ name: step.name, path: categoryPathIn(locale, step.uri) })),
        ],
        category.name,
      ),
    ),
  );
  return {
    title: t("category.pageTitle", { name: category.name }),
    description: category.description || t("meta.categoryDescription", { name: category.name }),
    share: await shareOf(request),
    structuredData,
    category: { name: category.name, description: category.description, uri: category.uri },
    trail,
    products: products.data,
    total: products.total,
    page: products.page,
    totalPages: products.total_pages,
    market: { productBase: productBasePath(await localeOf(request)), locale: market.locale },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  publicPageMeta(matches, {
    title: data?.title ?? errorTitleOf(error) ?? "Kassa",
    description: data?.description,
    share: data?.share,
  });

export default function CategoryPage() {
  const { category, trail, products, total, page, totalPages, market, structuredData } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  return (
    <div className="space-y-6">
      <JsonLd text={structuredData} />
      <Breadcrumb
        label={t("nav.breadcrumb")}
        linkComponent={Link}
        items={[
          { label: t("nav.home"), href: paths.home },
          ...trail.map((step, index) =>
            index === trail.length - 1
              ? { label: step.name }
              : { label: step.name, href: paths.category(step.uri) },
          ),
        ]}
      />
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{category.name}</h1>
        {category.description ? (
          <p className="mt-2 max-w-2xl text-stone-700">{category.description}</p>
        ) : null}
        <p className="mt-1 text-sm text-stone-600" data-testid="result-count">
          {t("category.resultCount", { count: total })}
        </p>
      </header>
      {products.length === 0 ? (
        <p>{t("category.empty")}</p>
      ) : (
        <TrackedList
          id={`category:${category.uri}`}
          name={category.name}
          products={products}
          productBase={market.productBase}
        >
          <ProductList
            compareFormId="compare-category"
            products={products}
            // The first row is on screen when the page opens.
            eagerImages={4}
            priorityImages={2}
            productBase={market.productBase}
            locale={market.locale}
          />
        </TrackedList>
      )}
      {totalPages > 1 ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          hrefForPage={(target) => `${paths.category(category.uri)}?page=${target}`}
          linkComponent={Link}
          labels={{
            nav: t("pagination.nav"),
            previous: t("pagination.previous"),
            next: t("pagination.next"),
            page: (current, all) => t("pagination.page", { page: current, total: all }),
          }}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
