import { useLocation } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The phone header's menu: a disclosure (`<details>`, so it opens without JavaScript) holding
 * what the wide header shows in its rows: the categories, the languages and the account links.
 * With JavaScript, Escape closes it and gives focus back to its button, and it closes when the
 * shopper goes to another page.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // The header outlives client-side navigation: a menu left open would cover the new page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a new location means
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [location.key]);

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !event.currentTarget.open) return;
    event.currentTarget.removeAttribute("open");
    event.currentTarget.querySelector("summary")?.focus();
  }

  return (
    <details ref={menu} className="group sm:hidden" onKeyDown={closeOnEscape}>
      <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-lg text-stone-800 select-none hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{t("nav.menu")}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6 group-open:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="hidden size-6 group-open:block"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <div
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-stone-200 bg-white px-4 py-4 shadow-lg"
        data-testid="site-menu"
      >
        {children}
      </div>
    </details>
  );
}
