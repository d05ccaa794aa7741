import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ProductList } from "~/components/product-list";
import { sharedPageHeaders } from "~/modules/cache/shared-page.server";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import {
  gridImageLoading,
  LCP_IMAGE_ATTRIBUTES,
  PRODUCT_IMAGE,
} from "~/modules/catalogue/product-image";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import {
  postToPageWithoutForm,
  redirectLegacyOrNotFound,
  redirectToPreferredLocale,
} from "~/modules/http/locale-routing.server";
import { parseLocaleSegment, productBasePath } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { errorTitleOf } from "~/modules/http/not-found";
import { descriptionMeta, publicPageMeta } from "~/modules/http/page-meta";
import { localeOf } from "~/modules/http/request-locale.server";
import { shareOf } from "~/modules/http/share.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { NEWSLETTER_IMAGE_SRC, NewsletterBlock } from "~/modules/newsletter/newsletter-block";
import { JsonLd, jsonLdGraph, jsonLdText } from "~/modules/structured-data/json-ld";
import { shopNodes } from "~/modules/structured-data/shop-nodes.server";

const FEATURED_TAG = "featured";

/** The same for every anonymous visitor: a shared HTTP cache may keep it (ADR 0027). */
export const headers = sharedPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  // `/` picks the visitor's locale; `/kopvillkor`, `/search`: addresses from before ADR 0037.
  if (!params.locale) return redirectToPreferredLocale(request);
  if (!parseLocaleSegment(params.locale)) return redirectLegacyOrNotFound(request);
  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const query = catalogueQuery(market, language, storeGroup);
  const [categories, featured] = await fromBackend(() =>
    Promise.all([
      catalogue.categories(query),
      catalogue.byTag({ ...query, tag: FEATURED_TAG, per_page: 8 }),
    ]),
  );
  return {
    title: `${t("meta.siteName")} – ${t("meta.tagline")}`,
    share: await shareOf(request),
    // Who runs the shop and how to search it, for search engines.
    structuredData: jsonLdText(
      jsonLdGraph(...shopNodes({ name: t("meta.siteName"), locale: await localeOf(request) })),
    ),
    market: { productBase: productBasePath(await localeOf(request)), locale: market.locale },
    categories: categories.filter((category) => category.parentId === null),
    featured: featured.data,
  };
}

/** A form still open on a page from before the locales (ADR 0037) reaches the new page. */
export const action = postToPageWithoutForm;

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data
    ? publicPageMeta(matches, { title: data.title, share: data.share })
    : [{ title: errorTitleOf(error) ?? "Kassa" }, descriptionMeta(matches)];

export default function Home() {
  const { categories, featured, market, structuredData } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  return (
    <div className="space-y-12">
      <JsonLd text={structuredData} />
      <section className="rounded-2xl bg-emerald-900 px-6 py-12 text-white sm:px-10">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t("home.title")}</h1>
        <p className="mt-3 max-w-2xl text-emerald-50">{t("home.intro")}</p>
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-4 text-xl font-semibold">
          {t("home.categoriesTitle")}
        </h2>
        {/* As many columns as tiles from 640 px (up to six), two on a phone: a full row either way. */}
        <ul
          className="grid grid-cols-2 gap-4 sm:grid-cols-[repeat(var(--tiles),minmax(0,1fr))]"
          style={{ "--tiles": Math.min(categories.length, 6) } as CSSProperties}
        >
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link
                to={paths.category(category.uri)}
                className="group block overflow-hidden rounded-lg border border-stone-200 bg-white hover:border-emerald-700"
              >
                <img
                  src={category.imageUrl}
                  alt=""
                  width={PRODUCT_IMAGE.width}
                  height={PRODUCT_IMAGE.height}
                  // The first row on a phone is the page's largest picture (its LCP, issue 15).
                  {...(gridImageLoading(index, { priority: 2 }) === "priority"
                    ? LCP_IMAGE_ATTRIBUTES
                    : { loading: "lazy", decoding: "async" })}
                  className="block h-auto w-full object-contain"
                  style={{ aspectRatio: `${PRODUCT_IMAGE.width} / ${PRODUCT_IMAGE.height}` }}
                />
                <span className="block px-3 py-2">
                  <span className="block font-medium group-hover:text-emerald-800">
                    {category.name}
                  </span>
                  <span className="block text-sm text-stone-600">
                    {t("home.productCount", { count: category.productCount })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-title">
        <h2 id="featured-title" className="mb-4 text-xl font-semibold">
          {t("home.featuredTitle")}
        </h2>
        <ProductList
          compareFormId="compare-featured"
          products={featured}
          productBase={market.productBase}
          locale={market.locale}
        />
      </section>

      <NewsletterBlock
        variant="home"
        source="storefront-home"
        image={{ src: NEWSLETTER_IMAGE_SRC, alt: "" }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
