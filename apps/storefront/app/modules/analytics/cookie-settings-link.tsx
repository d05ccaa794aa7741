import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONSENT_PATH } from "./consent-form";

/**
 * The footer's "Cookie settings": the settings page, which brings the shopper back here after
 * saving. A plain link, so it works without JavaScript.
 */
export function CookieSettingsLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const back = pathname === CONSENT_PATH ? "/" : `${pathname}${search}`;
  return (
    <Link
      to={`${CONSENT_PATH}?redirectTo=${encodeURIComponent(back)}`}
      className={className}
      data-testid="cookie-settings-link"
    >
      {t("footer.cookieSettings")}
    </Link>
  );
}
