import { COMPARE_MAX_PRODUCTS } from "@kassa/domain";
import { Alert, Badge } from "@kassa/ui";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { PRODUCT_IMAGE } from "~/modules/catalogue/product-image";
import { ProductPrice } from "~/modules/catalogue/product-price";
import { type ComparedProduct, loadComparison } from "~/modules/compare/compare.server";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { productBasePath } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { localeOf } from "~/modules/http/request-locale.server";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";

/** `/compare?compare=a&compare=b`: up to four products side by side (C§2 compare list). */
export async function loader({ request }: LoaderFunctionArgs) {
  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const productBase = productBasePath(await localeOf(request));
  const comparison = await fromBackend(() =>
    loadComparison(new URL(request.url), catalogueQuery(market, language, storeGroup), productBase),
  );
  return {
    title: `${t("compare.title")} – ${t("meta.siteName")}`,
    description: t("compare.metaDescription"),
    ...comparison,
    locale: market.locale,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches, data?.description),
  // Any set of products makes a page; none of them is worth a search engine's index.
  NOINDEX,
];

export default function ComparePage() {
  const { products, dropped, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const rows: { label: string; cell(product: ComparedProduct): ReactNode }[] = [
    {
      label: t("compare.price"),
      cell: (product) =>
        product.price ? (
          <ProductPrice {...product.price} locale={locale} size="sm" />
        ) : (
          t("compare.none")
        ),
    },
    {
      label: t("compare.stock"),
      cell: (product) =>
        product.isAvailable ? (
          <Badge variant="success">{t("product.inStock")}</Badge>
        ) : (
          <Badge variant="danger">{t("product.soldOut")}</Badge>
        ),
    },
    {
      label: t("compare.colours"),
      cell: (product) => product.colours.join(", ") || t("compare.none"),
    },
    { label: t("compare.sizes"), cell: (product) => product.sizes.join(", ") || t("compare.none") },
    { label: t("compare.brand"), cell: (product) => product.brand || t("compare.none") },
    { label: t("compare.description"), cell: (product) => product.description },
  ];

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("compare.title")}</h1>
        <Link to={paths.home} className="text-sm text-emerald-800 underline underline-offset-4">
          {t("compare.back")}
        </Link>
      </header>
      {dropped > 0 ? (
        <Alert variant="info">{t("compare.dropped", { max: COMPARE_MAX_PRODUCTS })}</Alert>
      ) : null}
      {products.length < 2 ? <Alert variant="info">{t("compare.tooFew")}</Alert> : null}
      {products.length > 0 ? (
        <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white">
          <table
            className="w-full min-w-[36rem] table-fixed text-left text-sm"
            data-testid="compare-table"
          >
            <caption className="sr-only">{t("compare.title")}</caption>
            <thead>
              <tr className="align-top">
                <td className="w-32 p-4" />
                {products.map((product) => (
                  <th key={product.id} scope="col" className="p-4 font-medium">
                    <img
                      src={product.imageUrl}
                      alt={product.imageAlt}
                      width={PRODUCT_IMAGE.width}
                      height={PRODUCT_IMAGE.height}
                      style={{ aspectRatio: `${PRODUCT_IMAGE.width} / ${PRODUCT_IMAGE.height}` }}
                      className="mb-3 block h-auto w-full rounded-lg bg-stone-100 object-contain"
                    />
                    <Link
                      to={product.href}
                      className="text-base text-stone-900 underline-offset-4 hover:underline"
                    >
                      {product.name}
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((row) => (
                <tr key={row.label} className="align-top">
                  <th scope="row" className="p-4 font-medium text-stone-600">
                    {row.label}
                  </th>
                  {products.map((product) => (
                    <td key={product.id} className="p-4 text-stone-800">
                      {row.cell(product)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
