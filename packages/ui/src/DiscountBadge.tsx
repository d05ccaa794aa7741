import { Badge } from "./Badge.js";

export interface DiscountBadgeProps {
  /** Discount in whole percent, for example `20` for "-20%". Rounded; nothing renders at 0 or below. */
  percent: number;
  className?: string;
}

/** The red "-20%" badge shown next to a sale price and on product cards. */
export function DiscountBadge({ percent, className }: DiscountBadgeProps) {
  const rounded = Math.round(percent);
  if (!(rounded > 0)) return null;
  return (
    <Badge variant="sale" className={className}>
      -{rounded}%
    </Badge>
  );
}
