import { clsx } from "clsx";
import { DiscountBadge } from "./DiscountBadge.js";

export type PriceSize = "sm" | "md" | "lg";

export interface PriceProps {
  /** The price to pay, already formatted ("199 kr", "19,90 €"). */
  price: string;
  /** The ordinary price, formatted. When given, `price` is a sale price: red, with this struck through. */
  basePrice?: string;
  /** Shows a `DiscountBadge` when above 0. */
  discountPercent?: number;
  /** Text before the price when variants differ in price ("Från"). */
  fromLabel?: string;
  /** Default `"md"`. */
  size?: PriceSize;
  /** Visually hidden text before a sale price, for screen readers ("Reapris"). */
  saleLabel?: string;
  /** Visually hidden text before the struck-through ordinary price ("Ordinarie pris"). */
  basePriceLabel?: string;
  className?: string;
}

const SIZE_CLASSES: Record<PriceSize, { price: string; base: string }> = {
  sm: { price: "text-sm", base: "text-xs" },
  md: { price: "text-base", base: "text-sm" },
  lg: { price: "text-2xl", base: "text-base" },
};

/**
 * A formatted price; a sale price shows beside its struck-through ordinary price. Strike-through
 * is not read aloud, so give both labels: a screen reader then hears "Reapris 159 kr, ordinarie
 * pris 199 kr" rather than two bare prices.
 */
export function Price({
  price,
  basePrice,
  discountPercent,
  fromLabel,
  size = "md",
  saleLabel,
  basePriceLabel,
  className,
}: PriceProps) {
  const onSale = basePrice !== undefined && basePrice !== "";
  const sizes = SIZE_CLASSES[size];
  return (
    <span className={clsx("inline-flex flex-wrap items-baseline gap-x-2 gap-y-1", className)}>
      <span
        className={clsx(
          "font-semibold tabular-nums",
          sizes.price,
          onSale ? "text-red-700" : "text-stone-900",
        )}
      >
        {onSale && saleLabel ? <span className="sr-only">{saleLabel} </span> : null}
        {fromLabel ? <span className="font-normal">{fromLabel} </span> : null}
        {price}
        {onSale && basePriceLabel ? <span className="sr-only">{", "}</span> : null}
      </span>
      {onSale ? (
        <s className={clsx("text-stone-500 tabular-nums", sizes.base)}>
          {basePriceLabel ? <span className="sr-only">{basePriceLabel} </span> : null}
          {basePrice}
        </s>
      ) : null}
      {discountPercent !== undefined && discountPercent > 0 ? (
        <DiscountBadge percent={discountPercent} className="self-center" />
      ) : null}
    </span>
  );
}
