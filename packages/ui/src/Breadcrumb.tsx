import { clsx } from "clsx";
import type { ElementType } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { linkProps } from "./link-props.js";

export interface BreadcrumbItem {
  label: string;
  /** The page's address; leave it out for the current page (the last item). */
  href?: string;
}

export interface BreadcrumbProps {
  /** The navigation's accessible name, in the page's language ("Brödsmulor"). */
  label: string;
  /** From the start page to the current page. */
  items: BreadcrumbItem[];
  /** Default `"a"`. A router link (Remix `Link`) gets both `href` and `to`. */
  linkComponent?: ElementType;
  className?: string;
}

/**
 * Where the page sits: `Start › Tröjor › Kofta Porvoo`, as a `<nav>` with an ordered list (the
 * WAI-ARIA breadcrumb pattern). The last item is the current page (`aria-current="page"`); the
 * separators are hidden from screen readers, which announce the list instead.
 */
export function Breadcrumb({ label, items, linkComponent = "a", className }: BreadcrumbProps) {
  const Link = linkComponent;
  return (
    <nav aria-label={label} className={clsx("text-sm text-stone-600", className)}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${item.href ?? ""}:${item.label}`} className="flex items-center gap-x-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-stone-400">
                  ›
                </span>
              ) : null}
              {item.href && !current ? (
                <Link
                  {...linkProps(Link, item.href)}
                  className={clsx(
                    "rounded-sm underline-offset-4 hover:text-emerald-800 hover:underline",
                    FOCUS_RING,
                  )}
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current={current ? "page" : undefined} className="text-stone-800">
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
