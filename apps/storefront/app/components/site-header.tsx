import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { MarketSelector } from "@kassa/ui";
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WishlistDrawer } from "~/modules/wishlist/wishlist-drawer";
import { useRootData } from "~/root-data";

/** Site header: brand, category menu, market selector, language links and the cart link. */
export function SiteHeader() {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4 sm:px-6">
        <Link to="/" className="text-2xl font-semibold tracking-tight text-emerald-800">
          {t("meta.siteName")}
        </Link>
        {root && root.categories.length > 0 ? (
          <nav
            aria-label={t("nav.mainNavigation")}
            className="order-last w-full sm:order-none sm:w-auto"
          >
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {root.categories.map((category) => (
                <li key={category.id}>
                  <NavLink
                    to={`/kategori/${category.uri}`}
                    className={({ isActive }) =>
                      isActive
                        ? "font-semibold text-emerald-800 underline underline-offset-4"
                        : "text-stone-700 hover:text-emerald-800"
                    }
                  >
                    {category.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="flex w-full flex-wrap items-center justify-between gap-3 sm:ml-auto sm:w-auto sm:justify-end">
          {root ? (
            <>
              <MarketSelector
                label={t("market.label")}
                selectedLabel={t("market.selected")}
                submitLabel={t("market.change")}
                current={root.market}
                options={root.markets}
                form={{ action: "/market", method: "post", hiddenFields: { redirectTo: here } }}
                formComponent={Form}
              />
              <nav aria-label={t("nav.language")}>
                <ul className="flex gap-1 text-sm">
                  {SUPPORTED_LANGUAGES.map((language) => (
                    <li key={language}>
                      <a
                        href={`${location.pathname}?lng=${language}`}
                        lang={language}
                        hrefLang={language}
                        aria-current={language === root.language ? "true" : undefined}
                        className={
                          language === root.language
                            ? "rounded px-2 py-1 font-semibold uppercase text-emerald-800"
                            : "rounded px-2 py-1 uppercase text-stone-600 hover:text-emerald-800"
                        }
                      >
                        {language}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          ) : null}
          {root?.loggedIn ? (
            <>
              <Link
                to="/my-account/overview/"
                className="text-sm font-medium text-stone-700 hover:text-emerald-800"
              >
                {t("account.myAccount")}
              </Link>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="text-sm font-medium text-stone-700 hover:text-emerald-800"
                >
                  {t("account.logout")}
                </button>
              </Form>
            </>
          ) : (
            <Link to="/login" className="text-sm font-medium text-stone-700 hover:text-emerald-800">
              {t("account.login")}
            </Link>
          )}
          <WishlistDrawer />
          <Link
            to="/cart"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm font-medium hover:border-emerald-700"
            data-testid="cart-link"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path
                d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
              <circle cx="9.5" cy="20" r="1.3" />
              <circle cx="17.5" cy="20" r="1.3" />
            </svg>
            <span>{root ? t("nav.cartWithCount", { count: root.cartCount }) : t("nav.cart")}</span>
          </Link>
        </div>
      </div>
    </header>
  );
}
