import { clsx } from "clsx";
import type { ElementType, ReactNode } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { linkProps } from "./link-props.js";

export interface CartLineProps {
  imageUrl: string;
  /** Name of the product parent. */
  name: string;
  /** What tells this line apart: colour, size, or the child item's name. */
  details: string[];
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
 * remove. Renders an `<li>`; put the lines in a `<ul>`.
 */
export function CartLine({
  imageUrl,
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
        "flex gap-4 py-4 transition-opacity",
        busy && "opacity-50",
        isChild && "ml-6 border-l-2 border-stone-200 pl-4 sm:ml-10",
        className,
      )}
    >
      <img
        src={imageUrl}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
        className={clsx(
          "aspect-square shrink-0 rounded-lg bg-stone-100 object-cover",
          isChild ? "size-14" : "size-20 sm:size-24",
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
              <ul className="mt-1 flex flex-wrap gap-x-3 text-sm text-stone-600">
                {details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
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
