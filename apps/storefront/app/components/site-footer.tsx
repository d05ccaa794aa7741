import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CookieSettingsLink } from "~/modules/analytics/cookie-settings-link";
import { SHOP_DETAILS, shopAddress, shopPhone } from "~/modules/content/shop-details";
import { SHOP_PAGES } from "~/modules/content/shop-page-list";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { NewsletterBlock } from "~/modules/newsletter/newsletter-block";
import { useRootData } from "~/root-data";

const linkClass =
  "inline-flex min-h-6 items-center py-0.5 text-stone-700 underline-offset-4 hover:text-emerald-800 hover:underline";

/**
 * The footer of every page: customer service's phone, email and hours; the shop's own pages
 * (terms, privacy, delivery and returns, payment methods, customer service, about) at their slugs
 * in the page's language, the current one marked; the company's details and the prices note; the
 * gift card shop and the newsletter. One column on a phone, four side by side on a wide screen.
 */
export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const paths = useLocalePaths();
  const root = useRootData();
  const language = root?.language ?? i18n.language;
  return (
    <footer className="border-t border-stone-200 bg-white print:hidden">
      <div className="mx-auto grid max-w-6xl gap-x-8 gap-y-10 px-4 py-10 text-sm text-stone-600 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1fr_1fr_1fr_1.4fr]">
        <section aria-labelledby="footer-customer-service" className="flex flex-col gap-3">
          <h2 id="footer-customer-service" className="text-base font-semibold text-stone-900">
            {t("footer.customerService")}
          </h2>
          <dl className="flex flex-col gap-2">
            <div>
              <dt className="sr-only">{t("footer.phone")}</dt>
              <dd>
                <a
                  href={SHOP_DETAILS.phone.href}
                  className="inline-flex min-h-6 items-center font-medium text-emerald-800 underline underline-offset-4"
                >
                  {shopPhone(language)}
                </a>
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("footer.email")}</dt>
              <dd>
                <a
                  href={`mailto:${SHOP_DETAILS.email}`}
                  className="inline-flex min-h-6 items-center font-medium break-all text-emerald-800 underline underline-offset-4"
                >
                  {SHOP_DETAILS.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-stone-900">{t("footer.hours")}</dt>
              <dd>{t("customerService.hours")}</dd>
            </div>
          </dl>
        </section>

        <nav aria-labelledby="footer-shop" className="flex flex-col gap-3">
          <h2 id="footer-shop" className="text-base font-semibold text-stone-900">
            {t("footer.shop")}
          </h2>
          <ul className="flex flex-col gap-1">
            {SHOP_PAGES.filter((page) => page !== "about").map((page) => (
              <li key={page}>
                <NavLink
                  to={paths.to(`/${t(`${page}.slug`)}`)}
                  className={({ isActive }) =>
                    isActive ? `${linkClass} font-semibold text-emerald-800 underline` : linkClass
                  }
                >
                  {t(`${page}.title`)}
                </NavLink>
              </li>
            ))}
            <li>
              <Link
                to={paths.to("/presentkort")}
                className={`${linkClass} font-medium text-emerald-800`}
              >
                {t("giftCardShop.footerLink")}
              </Link>
            </li>
            <li>
              <CookieSettingsLink className={linkClass} />
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-company" className="flex flex-col gap-3">
          <h2 id="footer-company" className="text-base font-semibold text-stone-900">
            {t("footer.company")}
          </h2>
          <p>{t("footer.about")}</p>
          <address className="not-italic leading-relaxed">
            {SHOP_DETAILS.company}
            <br />
            {t("footer.orgNumber", { orgNumber: SHOP_DETAILS.orgNumber })}
            <br />
            {shopAddress(language)}
          </address>
          <p>
            <NavLink
              to={paths.to(`/${t("about.slug")}`)}
              className={({ isActive }) =>
                isActive ? `${linkClass} font-semibold text-emerald-800 underline` : linkClass
              }
            >
              {t("about.title")}
            </NavLink>
          </p>
          {root ? <p>{t("footer.prices", { currency: root.market.currency })}</p> : null}
        </section>

        <NewsletterBlock variant="footer" source="storefront-footer" />
      </div>
    </footer>
  );
}
