import { clsx } from "clsx";
import type { ElementType, ReactNode } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons.js";
import { linkProps } from "./link-props.js";
import { pageWindow } from "./page-window.js";

export interface PaginationLabels {
  /** "Föregående" */
  previous: string;
  /** "Nästa" */
  next: string;
  /** Accessible name of a page link: `(2, 10) => "Sida 2 av 10"`. */
  page: (page: number, total: number) => string;
  /** Name of the navigation landmark ("Sidnavigering"). */
  nav: string;
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  /** The URL of a page, usually the current URL with `?page=n`. */
  hrefForPage(page: number): string;
  labels: PaginationLabels;
  /** Default `"a"`. A router link (Remix `Link`) gets both `href` and `to`. */
  linkComponent?: ElementType;
  /**
   * Only Previous, the text `labels.page(page, total)` ("Sida 2 av 4") and Next, without page
   * number links: for a short list in a card (A§4: the company and user lists). Default false.
   */
  compact?: boolean;
  className?: string;
}

const ITEM =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium tabular-nums";

/**
 * Page links (plain links, so they work without JavaScript). The current page is marked with
 * `aria-current="page"`. Renders nothing when there is only one page.
 */
export function Pagination({
  page,
  totalPages,
  hrefForPage,
  labels,
  linkComponent = "a",
  compact = false,
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const Link = linkComponent;
  const current = Math.min(Math.max(1, page), totalPages);

  function stepLink(target: number, rel: "prev" | "next", children: ReactNode) {
    const enabled = target >= 1 && target <= totalPages;
    if (!enabled) {
      return (
        // A disabled link, as a screen reader should hear it (not plain text): no address, not in
        // the tab order.
        // biome-ignore lint/a11y/useValidAnchor: a disabled link has no address to go to; its role and aria-disabled say so
        <a
          role="link"
          aria-disabled="true"
          className={clsx(ITEM, "cursor-not-allowed text-stone-300")}
        >
          {children}
        </a>
      );
    }
    return (
      <Link
        {...linkProps(Link, hrefForPage(target))}
        rel={rel}
        className={clsx(ITEM, "text-stone-700 hover:bg-stone-100 hover:text-stone-900", FOCUS_RING)}
      >
        {children}
      </Link>
    );
  }

  return (
    <nav aria-label={labels.nav} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {stepLink(
            current - 1,
            "prev",
            <>
              <ChevronLeftIcon className="size-4" />
              <span>{labels.previous}</span>
            </>,
          )}
        </li>
        {compact ? (
          <li className={clsx(ITEM, "text-stone-700")}>{labels.page(current, totalPages)}</li>
        ) : null}
        {(compact ? [] : pageWindow(current, totalPages)).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                {...linkProps(Link, hrefForPage(item))}
                aria-label={labels.page(item, totalPages)}
                aria-current={item === current ? "page" : undefined}
                className={clsx(
                  ITEM,
                  item === current
                    ? "bg-stone-900 text-white"
                    : "text-stone-700 hover:bg-stone-100 hover:text-stone-900",
                  FOCUS_RING,
                )}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className={clsx(ITEM, "px-1 text-stone-400")}>
              …
            </li>
          ),
        )}
        <li>
          {stepLink(
            current + 1,
            "next",
            <>
              <span>{labels.next}</span>
              <ChevronRightIcon className="size-4" />
            </>,
          )}
        </li>
      </ul>
    </nav>
  );
}
