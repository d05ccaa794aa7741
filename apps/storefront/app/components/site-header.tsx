import { languageName } from "@kassa/domain";
import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { MarketSelector } from "@kassa/ui";
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { SearchBox } from "~/modules/search/search-box";
import { WishlistDrawer } from "~/modules/wishlist/wishlist-drawer";
import { type RootData, useRootData } from "~/root-data";
import { SiteMenu } from "./site-menu";

/**
 * Site header. Tab order follows what the eye reads, at every width:
 *
 * - from 640 px: brand, search, market, account, wishlist, cart on the first row; the categories
 *   and the languages on the second;
 * - on a phone: the menu button (categories, languages, account inside), brand, market, wishlist
 *   and cart on the first row, the search box on the second.
 *
 * The parts that move into the phone menu are rendered in both places; `display: none` keeps the
 * hidden copy out of the tab order and out of the accessibility tree.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const root = useRootData();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // On the results page the header's box keeps what was searched for.
  const query =
    location.pathname === paths.to("/search")
      ? (new URLSearchParams(location.search).get("q") ?? "")
      : "";

  return (
    <header className="relative border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-2 py-2 sm:gap-3 sm:px-6 sm:py-3">
        {root ? (
          <SiteMenu>
            <div className="flex flex-col gap-6">
              <CategoryLinks categories={root.categories} layout="stack" />
              <AccountLinks loggedIn={root.loggedIn} layout="stack" />
              <LanguageLinks current={root.language} />
            </div>
          </SiteMenu>
        ) : null}
        <Link
          to={paths.home}
          className="rounded-sm px-1 text-xl font-semibold tracking-tight text-emerald-800 sm:text-2xl"
        >
          {t("meta.siteName")}
        </Link>
        <div className="mx-3 hidden max-w-md flex-1 sm:block">
          <SearchBox id="site-search" defaultQuery={query} />
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          {root ? (
            <MarketSelector
              label={t("market.label")}
              selectedLabel={t("market.selected")}
              submitLabel={t("market.change")}
              current={root.market}
              options={root.markets}
              form={{ action: "/market", method: "post", hiddenFields: { redirectTo: here } }}
              formComponent={Form}
              compact
            />
          ) : null}
          <div className="hidden sm:block">
            <AccountLinks loggedIn={Boolean(root?.loggedIn)} layout="row" />
          </div>
          <WishlistDrawer />
          <CartLink count={root?.cartCount} />
        </div>
      </div>
      <div className="px-4 pb-3 sm:hidden">
        <SearchBox id="site-search-phone" defaultQuery={query} />
      </div>
      {root ? (
        <div className="hidden border-t border-stone-100 sm:block">
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-6 py-2">
            <CategoryLinks categories={root.categories} layout="row" />
            <LanguageLinks current={root.language} />
          </div>
        </div>
      ) : null}
    </header>
  );
}

const TEXT_LINK = "rounded-sm text-sm font-medium text-stone-700 hover:text-emerald-800";

function CategoryLinks({
  categories,
  layout,
}: {
  categories: RootData["categories"];
  layout: "row" | "stack";
}) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t("nav.mainNavigation")}>
      <ul
        className={clsx(
          layout === "row" ? "flex flex-wrap gap-x-5 gap-y-1 text-sm" : "flex flex-col text-base",
        )}
      >
        {categories.map((category) => (
          <li key={category.id}>
            <NavLink
              to={paths.category(category.uri)}
              className={({ isActive }) =>
                clsx(
                  "rounded-sm",
                  layout === "stack" && "flex min-h-11 items-center",
                  layout === "row" && "inline-flex min-h-8 items-center",
                  isActive
                    ? "font-semibold text-emerald-800 underline underline-offset-4"
                    : "text-stone-700 hover:text-emerald-800",
                )
              }
            >
              {category.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LanguageLinks({ current }: { current: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav aria-label={t("nav.language")}>
      <ul className="flex gap-1 text-sm">
        {SUPPORTED_LANGUAGES.map((language) => (
          <li key={language}>
            <a
              href={`${location.pathname}?lng=${language}`}
              lang={language}
              hrefLang={language}
              aria-current={language === current ? "true" : undefined}
              className={clsx(
                "inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 uppercase sm:min-h-8",
                language === current
                  ? "font-semibold text-emerald-800"
                  : "text-stone-600 hover:text-emerald-800",
              )}
            >
              {language}
              {/* "FI" alone says little to a screen reader: the language's own name follows. */}
              <span className="sr-only"> {languageName(language)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AccountLinks({ loggedIn, layout }: { loggedIn: boolean; layout: "row" | "stack" }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const item = clsx(TEXT_LINK, layout === "stack" ? "flex min-h-11 items-center text-base" : "");
  return (
    <div
      className={clsx(
        "flex",
        layout === "row" ? "items-center gap-3" : "flex-col border-t border-stone-200 pt-4",
      )}
    >
      {loggedIn ? (
        <>
          <Link to={paths.personal("/my-account/overview/")} className={item}>
            {t("account.myAccount")}
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={clsx(item, "cursor-pointer")}>
              {t("account.logout")}
            </button>
          </Form>
        </>
      ) : (
        <Link to={paths.personal("/login")} className={item}>
          {t("account.login")}
        </Link>
      )}
    </div>
  );
}

/** The cart: its whole name ("Varukorg, 2 varor") from 640 px up; on a phone the icon and count. */
function CartLink({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const name = count === undefined ? t("nav.cart") : t("nav.cartWithCount", { count });
  return (
    <Link
      to={paths.personal("/cart")}
      className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-stone-300 px-2 py-2 text-sm font-medium hover:border-emerald-700 sm:gap-2 sm:px-3"
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
      <span className="sr-only sm:not-sr-only">{name}</span>
      {count === undefined ? null : (
        <span aria-hidden="true" className="sm:hidden">
          {count}
        </span>
      )}
    </Link>
  );
}
