import { clsx } from "clsx";
import type { HTMLAttributes } from "react";

export type BadgeVariant = "neutral" | "info" | "sale" | "success" | "warning" | "danger";

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour of the badge. Default `"neutral"`. */
  variant?: BadgeVariant;
}

const VARIANT_CLASSES: Record<BadgeVariant, string> = {
  neutral: "bg-stone-100 text-stone-700 ring-stone-200",
  info: "bg-sky-50 text-sky-900 ring-sky-200",
  sale: "bg-red-700 text-white ring-red-700",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
};

/** A short label such as "Nyhet", "Rea" or an order status. */
export function Badge({ variant = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        VARIANT_CLASSES[variant],
        className,
      )}
      {...props}
    />
  );
}
