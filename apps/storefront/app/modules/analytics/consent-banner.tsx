import { Link, useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { useRootData } from "~/root-data";
import { ConsentForm } from "./consent-form";

/**
 * The banner of a first visit (or after the consent version changed): a bottom sheet, not a
 * modal. It sticks to the bottom of the screen at most 45 % of its height (scrolling inside on a
 * small phone), so the page stays readable and usable above it, and settles after the footer at
 * the end of the page, where it covers nothing. It comes last in the document: Tab goes through
 * the page as always, then the banner; there is no focus trap (ADR 0038). It lies under what the
 * shopper opens on the page themselves (the compare tray, toasts, menus).
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const location = useLocation();
  const paths = useLocalePaths();
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="sticky bottom-0 z-20 print:hidden max-h-[45vh] overflow-y-auto border-t border-stone-300 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto max-w-6xl space-y-2 px-4 py-3 sm:px-6">
        <h2 id="consent-banner-title" className="text-base font-semibold text-stone-900">
          {t("consent.title")}
        </h2>
        <p className="text-sm text-stone-800">
          {t("consent.intro")}{" "}
          <Link
            to={paths.to(`/${t("privacy.slug")}`)}
            className="font-medium text-emerald-800 underline underline-offset-4"
          >
            {t("consent.privacyLink")}
          </Link>
        </p>
        <ConsentForm redirectTo={`${location.pathname}${location.search}`} />
      </div>
    </section>
  );
}

/**
 * The banner where it belongs: on every page while the shopper has not chosen for the current
 * consent version, except the cookie settings page itself (a route's `handle.hidesConsentBanner`).
 */
export function ConsentBannerSlot() {
  const root = useRootData();
  const matches = useMatches();
  const hidden = matches.some(
    (match) => (match.handle as { hidesConsentBanner?: boolean } | undefined)?.hidesConsentBanner,
  );
  if (!root || root.analytics.consent !== null || hidden) return null;
  return <ConsentBanner />;
}
