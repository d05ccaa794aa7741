import { clsx } from "clsx";
import type { ElementType, ReactNode } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { linkProps } from "./link-props.js";

/** One thing that tells a line apart: a labelled value (`Färg: Marinblå`) or a plain text. */
export type CartLineDetail = string | { label: string; value: string };

export interface CartLineProps {
  imageUrl: string;
  /** What the picture shows, in the page's language, e.g. `"Ulltröja Fjäll, Marinblå"`. */
  imageAlt?: string;
  /** Intrinsic image size; default 800 × 800 (square). The thumbnail keeps its ratio. */
  imageWidth?: number;
  imageHeight?: number;
  /** Name of the product parent. */
  name: string;
  /**
   * What tells this line apart: colour and size with their labels, or the child item's name.
   * Labels are the caller's, in the page's language.
   */
  details: CartLineDetail[];
  /** Usually a `<Price>` for the line total. */
  price: ReactNode;
  /** Usually a `<QuantityStepper>` inside the storefront's form. */
  quantityControl: ReactNode;
  /** Usually a small ghost `<Button type="submit" name="intent" value="remove">`. */
  removeControl: ReactNode;
  /** Product page; the name becomes a link when given. */
  href?: string;
  /** A change to this line is being saved: dims it and sets `aria-busy`. */
  busy?: boolean;
  /** A child line (an item that follows its parent, C§3) is indented under the parent. */
  isChild?: boolean;
  /** Default `"a"`. A router link (Remix `Link`) gets both `href` and `to`. */
  linkComponent?: ElementType;
  className?: string;
}

/**
 * One line of the cart (C§2 cart line item): image, parent name, details, quantity, price and
 * remove. Renders an `<li>` padded on every side, so the thumbnail never meets the list's border;
 * put the lines in a `<ul>`.
 */
export function CartLine({
  imageUrl,
  imageAlt = "",
  imageWidth = 800,
  imageHeight = 800,
  name,
  details,
  price,
  quantityControl,
  removeControl,
  href,
  busy = false,
  isChild = false,
  linkComponent = "a",
  className,
}: CartLineProps) {
  const Link = linkComponent;
  return (
    <li
      aria-busy={busy || undefined}
      className={clsx(
        "flex gap-4 p-4 transition-opacity",
        busy && "opacity-50",
        isChild && "ml-6 border-l-2 border-stone-200 pl-4 sm:ml-10",
        className,
      )}
    >
      <img
        src={imageUrl}
        alt={imageAlt}
        width={imageWidth}
        height={imageHeight}
        loading="lazy"
        decoding="async"
        style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}
        className={clsx(
          "h-auto shrink-0 self-start rounded-md bg-stone-100 object-contain",
          isChild ? "w-14" : "w-20 sm:w-24",
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="font-medium text-stone-900">
              {href ? (
                <Link
                  {...linkProps(Link, href)}
                  className={clsx(
                    "rounded-sm hover:underline hover:underline-offset-4",
                    FOCUS_RING,
                  )}
                >
                  {name}
                </Link>
              ) : (
                name
              )}
            </p>
            {details.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-700">
                {details.map((detail) =>
                  typeof detail === "string" ? (
                    <li key={detail}>{detail}</li>
                  ) : (
                    <li key={`${detail.label}:${detail.value}`}>
                      <span className="text-stone-600">{detail.label}:</span> {detail.value}
                    </li>
                  ),
                )}
              </ul>
            ) : null}
          </div>
          <div className="shrink-0 text-right">{price}</div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {quantityControl}
          {removeControl}
        </div>
      </div>
    </li>
  );
}
