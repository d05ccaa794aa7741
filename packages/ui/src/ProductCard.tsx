import { clsx } from "clsx";
import type { ElementType, ReactNode } from "react";
import { linkProps } from "./link-props.js";

export interface ProductSwatch {
  /** Colour name, read by screen readers and shown as a tooltip. */
  name: string;
  /** CSS colour, for example `"#1c1917"`. */
  hex: string;
}

export interface ProductCardProps {
  href: string;
  name: string;
  brand?: string;
  imageUrl: string;
  /**
   * What the picture shows, in the page's language, e.g. `"Ulltröja Fjäll, Marinblå"`. Default
   * `""` (decorative), for a picture that only repeats the card's name.
   */
  imageAlt?: string;
  /**
   * Intrinsic image size, to reserve space before the image loads. Default 800 × 800. The box
   * takes the same ratio and shows the whole picture (`object-contain`), so nothing is cut off.
   */
  imageWidth?: number;
  imageHeight?: number;
  /**
   * Default `"lazy"`; `"eager"` for cards in the first screenful, which the browser needs first;
   * `"priority"` for the page's largest picture (its LCP): eager and `fetchpriority="high"`.
   */
  imageLoading?: "lazy" | "eager" | "priority";
  /** Usually a `<Price>`. */
  price?: ReactNode;
  /** Usually a `<Badge>` or `<DiscountBadge>`, placed over the image's top-left corner. */
  badge?: ReactNode;
  /** When given, the product is shown as sold out with this text over the image. */
  soldOutLabel?: string;
  swatches?: ProductSwatch[];
  /** How many swatches to show before "+n". Default 6. */
  maxSwatches?: number;
  /**
   * Controls over the image's top-right corner, e.g. a wishlist heart. They sit above the card's
   * stretched link, so they take their own clicks and their own stop in the tab order.
   */
  actions?: ReactNode;
  /** Controls under the card's text, e.g. a compare checkbox; also above the stretched link. */
  footer?: ReactNode;
  /** Default 3 (`<h3>`): a card usually sits under a page `<h1>` and a section `<h2>`. */
  headingLevel?: 2 | 3 | 4;
  /**
   * Default `"a"`. A router link (Remix `Link`) gets both `href` and `to`.
   */
  linkComponent?: ElementType;
  className?: string;
}

const HEADINGS = { 2: "h2", 3: "h3", 4: "h4" } as const;

/**
 * A product in a grid: image (in a box of its own ratio), brand, name, price and colour swatches. The whole card is
 * one link (the name's link is stretched over the card), so a keyboard stops once per product.
 */
export function ProductCard({
  href,
  name,
  brand,
  imageUrl,
  imageAlt = "",
  imageWidth = 800,
  imageHeight = 800,
  imageLoading = "lazy",
  price,
  badge,
  soldOutLabel,
  swatches,
  maxSwatches = 6,
  actions,
  footer,
  headingLevel = 3,
  linkComponent = "a",
  className,
}: ProductCardProps) {
  const Link = linkComponent;
  const Heading = HEADINGS[headingLevel];
  const shown = swatches?.slice(0, maxSwatches) ?? [];
  const hidden = (swatches?.length ?? 0) - shown.length;

  return (
    <article className={clsx("group relative flex flex-col gap-3", className)}>
      <div className="relative overflow-hidden rounded-lg bg-stone-100">
        <img
          src={imageUrl}
          alt={imageAlt}
          width={imageWidth}
          height={imageHeight}
          loading={imageLoading === "lazy" ? "lazy" : "eager"}
          // React 18 knows no `fetchPriority` prop: the HTML attribute is written as it is spelt.
          {...(imageLoading === "priority" ? { fetchpriority: "high" } : {})}
          decoding={imageLoading === "priority" ? undefined : "async"}
          style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}
          className={clsx(
            "block h-auto w-full object-contain transition-transform duration-300 motion-safe:group-hover:scale-[1.03]",
            soldOutLabel && "opacity-60",
          )}
        />
        {badge ? <div className="absolute top-3 left-3 flex gap-1">{badge}</div> : null}
        {actions ? <div className="absolute top-2 right-2 z-10 flex gap-1">{actions}</div> : null}
        {soldOutLabel ? (
          <div
            aria-hidden="true"
            className="absolute inset-x-3 bottom-3 rounded-lg bg-white/90 px-3 py-2 text-center text-sm font-medium text-stone-800"
          >
            {soldOutLabel}
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        {brand ? (
          <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{brand}</p>
        ) : null}
        <Heading className="text-base font-medium text-stone-900">
          <Link
            {...linkProps(Link, href)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-lg focus-visible:outline-hidden focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-emerald-700 hover:underline hover:underline-offset-4"
          >
            {name}
            {soldOutLabel ? <span className="sr-only">, {soldOutLabel}</span> : null}
          </Link>
        </Heading>
        {price ? <div>{price}</div> : null}
        {shown.length > 0 ? (
          <ul className="mt-1 flex flex-wrap items-center gap-1.5">
            {shown.map((swatch) => (
              <li key={`${swatch.name}-${swatch.hex}`} title={swatch.name} className="flex">
                <span
                  className="size-4 rounded-full ring-1 ring-stone-300 ring-inset"
                  style={{ backgroundColor: swatch.hex }}
                />
                <span className="sr-only">{swatch.name}</span>
              </li>
            ))}
            {hidden > 0 ? <li className="text-xs text-stone-500">+{hidden}</li> : null}
          </ul>
        ) : null}
      </div>
      {footer ? <div className="relative z-10 mt-auto">{footer}</div> : null}
    </article>
  );
}
