"use client";

import { clsx } from "clsx";
import { type ButtonHTMLAttributes, forwardRef, type MouseEvent } from "react";
import { FOCUS_RING, FOCUS_RING_DANGER } from "./focus-ring.js";
import { Spinner } from "./Spinner.js";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Default `"primary"`: the one accent colour; use it once per view for the main action. */
  variant?: ButtonVariant;
  /** Default `"md"`. Both sizes keep a 44 px touch target. */
  size?: ButtonSize;
  /**
   * The action is in progress: shows a spinner and sets `aria-busy`. Clicks are ignored while
   * busy (so a pending submission is not sent twice) but the button keeps its focus.
   */
  busy?: boolean;
  /**
   * Default `"button"`. Pass `type="submit"` with `name`/`value` for form actions, which is what
   * makes them work without JavaScript.
   */
  type?: "submit" | "button" | "reset";
}

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: "bg-emerald-700 text-white hover:bg-emerald-800 active:bg-emerald-900",
  secondary:
    "border border-stone-300 bg-white text-stone-900 hover:border-stone-400 hover:bg-stone-50 active:bg-stone-100",
  ghost:
    "bg-transparent text-stone-700 hover:bg-stone-100 hover:text-stone-900 active:bg-stone-200",
  danger: "bg-red-700 text-white hover:bg-red-800 active:bg-red-900",
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: "min-h-11 min-w-11 gap-1.5 px-3 text-sm",
  md: "min-h-12 min-w-12 gap-2 px-5 text-base",
};

/**
 * The button's classes, for an element that must look like a button but is not one: a link that
 * navigates (the cart's "To checkout"), like shadcn/ui's `buttonVariants`.
 */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return clsx(
    "inline-flex items-center justify-center rounded-lg font-medium transition-colors select-none",
    "disabled:cursor-not-allowed disabled:opacity-50 aria-busy:cursor-progress",
    variant === "danger" ? FOCUS_RING_DANGER : FOCUS_RING,
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    className,
  );
}

/** The package's button: a native `<button>` with every native prop. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = "primary",
    size = "md",
    busy = false,
    type = "button",
    className,
    children,
    onClick,
    ...props
  },
  ref,
) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  return (
    <button
      ref={ref}
      type={type}
      aria-busy={busy || undefined}
      onClick={handleClick}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
});
