import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewsletterBlock } from "~/modules/newsletter/newsletter-block";
import { useRootData } from "~/root-data";

export function SiteFooter() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 text-sm text-stone-600 sm:px-6 md:grid-cols-2">
        <div className="flex flex-col gap-1">
          <p>{t("footer.about")}</p>
          <p>
            <Link
              to="/presentkort"
              className="font-medium text-emerald-800 underline underline-offset-4"
            >
              {t("giftCardShop.footerLink")}
            </Link>
          </p>
          {root ? <p>{t("footer.prices", { currency: root.market.currency })}</p> : null}
        </div>
        <NewsletterBlock variant="footer" source="storefront-footer" />
      </div>
    </footer>
  );
}
