import { parseWithZod } from "@conform-to/zod/v4";
import { parseWishlistEntry, WISHLIST_MAX_ENTRIES, wishlistFormSchema } from "@kassa/domain";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { pendingEventsCookie } from "~/modules/analytics/pending-events.server";
import { wishlistAddedEvent } from "~/modules/analytics/wishlist-event.server";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { catalogueQuery } from "~/modules/catalogue/catalogue-query.server";
import { CompareForm } from "~/modules/compare/compare-form";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { productBasePath } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { safeRedirectTo } from "~/modules/http/redirect-to";
import { localeOf } from "~/modules/http/request-locale.server";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { redirectWithToast } from "~/modules/http/toast.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { changeWishlist, loadWishlist } from "~/modules/wishlist/wishlist.server";
import { useKeptItems, WishlistItems } from "~/modules/wishlist/wishlist-items";
import { wishlistItems } from "~/modules/wishlist/wishlist-items.server";

/**
 * `/favorites`: the wishlist's page (C§2), and the action behind every heart. The loader also
 * answers the wishlist drawer, which loads it with a fetcher.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const wishlist = await loadWishlist(request, context, { sync: true });
  const productBase = productBasePath(await localeOf(request));
  const items = await fromBackend(() =>
    wishlistItems(wishlist.entries, catalogueQuery(market, language, storeGroup), productBase),
  );
  return data(
    {
      title: `${t("wishlist.title")} – ${t("meta.siteName")}`,
      description: t("wishlist.metaDescription"),
      items,
      locale: market.locale,
    },
    { headers: headersSettingCookies(wishlist.setCookies) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches, data?.description),
  NOINDEX,
];

/**
 * Adds or removes one entry. A plain form post (no scripts) comes back to the page it came from
 * with a toast; scripts that keep the list themselves (`reply=json`) get the list back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: wishlistFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent, entry, redirectTo, reply } = submission.value;
  const result = await fromBackend(() => changeWishlist(request, context, intent, entry));
  // Pushed on the next page the root loader serves, with or without scripts (ADR 0038).
  const events =
    result.change === "added"
      ? await pendingEventsCookie(request, [await wishlistAddedEvent(request, entry)])
      : [];
  if (reply === "json") {
    return data(
      { entries: result.entries, change: result.change },
      { headers: headersSettingCookies([...result.setCookies, ...events]) },
    );
  }

  const [market, language, t, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    translatorFor(request),
    storeGroupOf(request),
  ]);
  const productId = parseWishlistEntry(entry)?.productId ?? entry;
  const found = await catalogue
    .byIds({ ...catalogueQuery(market, language, storeGroup), productIds: [productId] })
    .catch(() => null);
  const name = found?.data[0]?.name ?? productId;
  const toast =
    result.change === "full"
      ? { variant: "error" as const, title: t("wishlist.full", { max: WISHLIST_MAX_ENTRIES }) }
      : {
          variant: "success" as const,
          title: t(result.change === "added" ? "wishlist.addedToast" : "wishlist.removedToast", {
            name,
          }),
        };
  return redirectWithToast(safeRedirectTo(redirectTo, "/favorites"), toast, [
    ...result.setCookies,
    ...events,
  ]);
}

export default function FavoritesPage() {
  const { items, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const kept = useKeptItems(items);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("wishlist.title")}</h1>
        <p className="max-w-2xl text-stone-700">{t("wishlist.intro")}</p>
        <p className="text-sm text-stone-600" data-testid="wishlist-count">
          {t("wishlist.count", { count: kept.length })}
        </p>
      </header>
      {kept.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          <p className="font-medium">{t("wishlist.empty")}</p>
          <p className="mt-1">{t("wishlist.emptyHint")}</p>
          <Link
            to={paths.home}
            className="mt-4 inline-block font-medium text-emerald-800 underline underline-offset-4"
          >
            {t("wishlist.browse")}
          </Link>
        </div>
      ) : (
        <>
          <WishlistItems items={kept} locale={locale} compareFormId="compare-favorites" />
          <CompareForm id="compare-favorites" />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
