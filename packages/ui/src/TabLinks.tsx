import { clsx } from "clsx";
import type { ElementType } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { linkProps } from "./link-props.js";

export interface TabLinkItem {
  /** The tab's id; `current` names the shown one. */
  id: string;
  label: string;
  /** The URL of the tab's view, usually the current URL with `?tab=…`. */
  href: string;
  /**
   * Shown dimmed, announced as a disabled link, and leading nowhere (A§2: a tab that cannot be
   * opened yet, or by this user).
   */
  disabled?: boolean;
}

export interface TabLinksProps {
  /** Accessible name of the tab row ("Företagets flikar"). */
  label: string;
  tabs: readonly TabLinkItem[];
  /** The id of the tab whose view the page shows. */
  current: string;
  /** Default `"a"`. A router link (Remix `Link`) gets both `href` and `to`. */
  linkComponent?: ElementType;
  className?: string;
}

const ITEM =
  "inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap";

/**
 * Tabs whose views are pages: a row of plain links in a named `<nav>`, the current one marked
 * with `aria-current="page"`, a disabled one dimmed: an `<a>` without `href` (nothing to follow,
 * not in the tab order) with `role="link"` and `aria-disabled`, so a screen reader announces a
 * disabled tab link rather than plain text. They work without JavaScript
 * (each tab is its own URL, so it can be bookmarked and the back button works), and every screen
 * reader knows links; ARIA tabs would promise arrow keys and a panel that is already on the page.
 */
export function TabLinks({ label, tabs, current, linkComponent = "a", className }: TabLinksProps) {
  const Link = linkComponent;
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex gap-1 overflow-x-auto border-b border-stone-200">
        {tabs.map((tab) => (
          <li key={tab.id} className="-mb-px">
            {tab.disabled ? (
              // biome-ignore lint/a11y/useValidAnchor: a disabled link has no address to go to; its role and aria-disabled say so
              <a
                role="link"
                aria-disabled="true"
                data-tab={tab.id}
                className={clsx(ITEM, "cursor-not-allowed border-transparent text-stone-400")}
              >
                {tab.label}
              </a>
            ) : (
              <Link
                {...linkProps(Link, tab.href)}
                aria-current={tab.id === current ? "page" : undefined}
                data-tab={tab.id}
                className={clsx(
                  ITEM,
                  "rounded-t-lg",
                  tab.id === current
                    ? "border-emerald-700 text-stone-900"
                    : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900",
                  FOCUS_RING,
                )}
              >
                {tab.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
