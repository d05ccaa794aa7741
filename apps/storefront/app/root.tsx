import { countryName, MARKETS } from "@kassa/domain";
import { isSupportedLanguage } from "@kassa/i18n";
import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ToastHost } from "~/components/toast-host";
import { hasLogin } from "~/modules/account/auth.server";
import { AnalyticsHost } from "~/modules/analytics/analytics-host";
import { ConsentBannerSlot } from "~/modules/analytics/consent-banner";
import { ConsentModeScript } from "~/modules/analytics/consent-mode-script";
import { rootAnalytics } from "~/modules/analytics/root-analytics.server";
import { loadCartSession } from "~/modules/cart/cart.server";
import { cartItemCount } from "~/modules/cart/cart-count";
import { catalogue } from "~/modules/catalogue/catalogue.server";
import { CompareProvider } from "~/modules/compare/compare-context";
import { canonicalUrlOf } from "~/modules/http/canonical-url.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { languageOf, translatorIn } from "~/modules/http/i18n.server";
import { Stylesheet } from "~/modules/http/inline-stylesheet";
import { alternatesOf } from "~/modules/http/locale-routing.server";
import { localePath, localeSegment } from "~/modules/http/locale-url";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta } from "~/modules/http/page-meta";
import { RequestIdMeta } from "~/modules/http/page-request-id";
import { publicUrl } from "~/modules/http/public-origin.server";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { localeOf, rememberLinkedLocale } from "~/modules/http/request-locale.server";
import { useScriptNonce } from "~/modules/http/script-nonce";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { storeGroupOf } from "~/modules/http/store-group.server";
import { readToast } from "~/modules/http/toast.server";
import { translationsHref } from "~/modules/http/translations";
import { ZOD_WITHOUT_EVAL } from "~/modules/http/zod-without-eval";
import { loadWishlist } from "~/modules/wishlist/wishlist.server";
import { refreshesWishlist, WishlistSync } from "~/modules/wishlist/wishlist-sync";
import { type RootData, useRootData } from "~/root-data";
import stylesheet from "./tailwind.css?url";

// The stylesheet is not among the links: `<Stylesheet>` puts it into the HTML (issue 15).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // A link from a public page to a person's own page carries the locale it was followed from:
  // remembered, then the page's own address (ADR 0037).
  const linked = await rememberLinkedLocale(request);
  if (linked) {
    const headers = headersSettingCookies(linked.setCookies);
    headers.set("Cache-Control", "private, no-store");
    // A path that would lead off the shop (`//evil.example/?locale=sv-se`) leads home instead.
    throw redirectOnSite(linked.location, { status: 302, headers }, linked.home);
  }
  const [
    market,
    language,
    locale,
    alternates,
    { toast, setCookie: clearToast },
    storeGroup,
    analytics,
  ] = await Promise.all([
    marketOf(request),
    languageOf(request),
    localeOf(request),
    alternatesOf(request),
    readToast(request),
    storeGroupOf(request),
    rootAnalytics(request, context),
  ]);
  // The layout must render even when the platform is down: the cart badge and the category menu
  // degrade to nothing, and the page's own loader explains the failure.
  const [cartSession, categories, loggedIn, wishlist] = await Promise.all([
    loadCartSession(request, context).catch(() => null),
    catalogue
      .categories({ storeGroupSlug: storeGroup, market: market.country, language })
      .catch(() => []),
    hasLogin(request),
    loadWishlist(request, context, { sync: refreshesWishlist(new URL(request.url).pathname) }),
  ]);

  const setCookies = [
    ...wishlist.setCookies,
    ...(clearToast ? [clearToast] : []),
    ...analytics.setCookies,
  ];
  // `?lng=` is a choice of language (the header's language links): remembered in its cookie. On a
  // public page the answer is the page's own address in that language (ADR 0037), so the URL
  // never carries the choice and the page stays one per locale.
  const asked = new URL(request.url).searchParams.get("lng");
  if (asked && isSupportedLanguage(asked)) {
    const rememberLanguage = await storefrontCookies().language.serialize(asked);
    if (alternates) {
      const segment = localeSegment({ ...locale, language: asked });
      const target = alternates.find((alternate) => alternate.locale === segment);
      if (target) {
        throw redirectOnSite(
          target.path,
          {
            status: 302,
            headers: { "Set-Cookie": rememberLanguage, "Cache-Control": "private, no-store" },
          },
          localePath({ ...locale, language: asked }),
        );
      }
    }
    setCookies.push(rememberLanguage);
  }
  const rootData: RootData = {
    language,
    locale: localeSegment(locale),
    page: alternates
      ? { canonical: canonicalUrlOf(request), alternates, xDefault: publicUrl("/") }
      : null,
    description: (await translatorIn(language))("meta.description"),
    // Markets are named in the page's language ("Ruotsi" on a Finnish page), not their own.
    market: {
      country: market.country,
      name: countryName(market.country, language),
      currency: market.currency,
      language: market.language,
    },
    markets: MARKETS.map((option) => ({
      country: option.country,
      name: countryName(option.country, language),
      currency: option.currency,
      language: option.language,
    })),
    cartCount: cartItemCount(cartSession?.cart),
    loggedIn,
    categories: categories
      .filter((category) => category.parentId === null)
      .map(({ id, uri, name }) => ({ id, uri, name })),
    wishlist: wishlist.entries,
    toast,
    analytics: analytics.analytics,
  };
  return data(rootData, { headers: headersSettingCookies(setCookies) });
}

/** Pages without a `meta` of their own get the shop's description. */
export const meta: MetaFunction<typeof loader> = ({ matches }) => [descriptionMeta(matches)];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const language = root?.language ?? i18n.language ?? "sv";
  const nonce = useScriptNonce();
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The data layer's consent default, before anything else is pushed (ADR 0038). */}
        <ConsentModeScript consent={root?.analytics.consent ?? null} />
        {/* Before any module: zod's JIT probe of `new Function` is refused (ADR 0032). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of the app's own.
          dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }}
        />
        <Meta />
        {/* The browser's error reports name the request that rendered the page (ADR 0040). */}
        <RequestIdMeta />
        <PageAddresses page={root?.page ?? null} />
        {/* The browser's i18next waits for these before hydrating (entry.client.tsx). */}
        <link rel="preload" as="fetch" href={translationsHref(language)} crossOrigin="anonymous" />
        <Stylesheet href={stylesheet} />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A public page's canonical URL and its address in every locale, with `/` (which picks one) as
 * `x-default`: reciprocal, since every locale's page lists the same set (ADR 0037).
 */
function PageAddresses({ page }: { page: RootData["page"] }) {
  if (!page) return null;
  return (
    <>
      <link rel="canonical" href={page.canonical} />
      {page.alternates.map((alternate) => (
        <link
          key={alternate.hrefLang}
          rel="alternate"
          hrefLang={alternate.hrefLang}
          href={alternate.href}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={page.xDefault} />
    </>
  );
}

export default function App() {
  const { language, toast, analytics } = useLoaderData<typeof loader>();
  useChangeLanguage(language);
  return (
    <CompareProvider>
      <Shell>
        <Outlet />
        {/* Toasts are the screen's: a printed page has none (issue 32). */}
        <div className="contents print:hidden">
          <ToastHost toast={toast} />
        </div>
      </Shell>
      <AnalyticsHost {...analytics} />
      <WishlistSync />
    </CompareProvider>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only print:hidden focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("nav.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
      <SiteFooter />
      <ConsentBannerSlot />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
