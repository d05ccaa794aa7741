import { Pagination } from "@kassa/ui";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ProductList } from "~/components/product-list";
import { searchEvent } from "~/modules/analytics/event-builders";
import { TrackedList } from "~/modules/analytics/tracked-list";
import { useAnalyticsEvent } from "~/modules/analytics/use-analytics-event";
import { sharedPageHeaders } from "~/modules/cache/shared-page.server";
import { parseLocaleSegment } from "~/modules/http/locale-url";
import { throwNotFound } from "~/modules/http/not-found.server";
import { NOINDEX_FOLLOW, publicPageMeta } from "~/modules/http/page-meta";
import { shareOf } from "~/modules/http/share.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { loadSearchPage } from "~/modules/search/search.server";
import { SearchBox } from "~/modules/search/search-box";
import { searchHref } from "~/modules/search/suggestions";
import type { RootData } from "~/root-data";

/**
 * The search page, `/{locale}/search?q=…&page=N`: the box, the number of results, the product grid paged
 * with plain links, and for a search that finds nothing a spelling the catalogue knows ("Menade
 * du …?") and the categories to start from. Opened without a query, it shows the box alone.
 */
/** The same for every anonymous visitor: a shared HTTP cache may keep it (ADR 0027). */
export const headers = sharedPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!parseLocaleSegment(params.locale)) return throwNotFound(request);
  const [page, share] = await Promise.all([loadSearchPage(request), shareOf(request)]);
  return { ...page, share };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...publicPageMeta(matches, { title: data?.title ?? "Kassa", share: data?.share }),
  // Result pages are for shoppers, not for search engines' indexes; the products they list are.
  NOINDEX_FOLLOW,
];

export default function SearchPage() {
  const { query, products, total, page, totalPages, suggestion, market } =
    useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const searchPath = paths.to("/search");
  const categories = root?.categories ?? [];
  useAnalyticsEvent(query ? searchEvent(query) : null, `search:${query}`);

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight">
          {query ? t("search.resultsTitle", { query }) : t("search.title")}
        </h1>
        {/* With a query, the header's box holds it for refining: a second box would repeat it. */}
        {query ? null : <SearchBox id="search-page-query" className="max-w-xl" />}
        {query ? (
          <p className="text-sm text-stone-600" data-testid="result-count">
            {t("search.resultCount", { count: total })}
          </p>
        ) : (
          <p className="text-stone-700">{t("search.intro")}</p>
        )}
        {suggestion ? (
          <p className="text-stone-800" data-testid="did-you-mean">
            {t("search.didYouMean")}{" "}
            <Link
              to={searchHref(searchPath, suggestion)}
              className="font-medium text-emerald-800 underline underline-offset-4"
            >
              {suggestion}
            </Link>
            ?
          </p>
        ) : null}
      </header>

      {query && products.length > 0 ? (
        <TrackedList
          id="search_results"
          name={t("search.title")}
          products={products}
          productBase={market.productBase}
        >
          <ProductList
            compareFormId="compare-search"
            products={products}
            productBase={market.productBase}
            locale={market.locale}
          />
        </TrackedList>
      ) : null}

      {query && total === 0 ? (
        <section aria-labelledby="no-results-title" className="space-y-4" data-testid="no-results">
          <h2 id="no-results-title" className="text-xl font-semibold">
            {t("search.noResultsTitle", { query })}
          </h2>
          <p className="max-w-prose text-stone-700">{t("search.noResultsHelp")}</p>
          {categories.length > 0 ? (
            <nav aria-labelledby="no-results-categories">
              <h3 id="no-results-categories" className="font-medium">
                {t("search.categoriesTitle")}
              </h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {categories.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={paths.category(category.uri)}
                      className="inline-block rounded-full border border-stone-300 bg-white px-4 py-2 text-stone-800 hover:border-emerald-700 hover:text-emerald-800"
                    >
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </section>
      ) : null}

      {totalPages > 1 ? (
        <Pagination
          page={page}
          totalPages={totalPages}
          hrefForPage={(target) => searchHref(searchPath, query, target)}
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
