import { clsx } from "clsx";
import { type ButtonHTMLAttributes, forwardRef } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { HeartIcon } from "./icons.js";

export interface WishlistButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "aria-pressed"> {
  /** Whether the product is on the wishlist: a filled heart, `aria-pressed="true"`. */
  pressed: boolean;
  /** The button's accessible name, naming the product ("Spara Ulltröja Fjäll i önskelistan"). */
  label: string;
  /**
   * A short note shown beside the heart just after the product was added (C§4: the
   * `wishlistAdded` flag, 5 s), e.g. "Sparad". Leave it out the rest of the time.
   */
  addedNote?: string;
  /** `"sm"` on product cards (a 44 px round button), `"md"` beside the product page's title. */
  size?: "sm" | "md";
}

/**
 * The wishlist heart: a toggle button (`aria-pressed`) that submits its form, so it works as a
 * plain form post without JavaScript. The state change is announced through a polite live note.
 */
export const WishlistButton = forwardRef<HTMLButtonElement, WishlistButtonProps>(
  function WishlistButton(
    { pressed, label, addedNote, size = "sm", className, type = "submit", ...props },
    ref,
  ) {
    return (
      <span className="inline-flex items-center gap-2">
        <button
          ref={ref}
          type={type}
          aria-pressed={pressed}
          aria-label={label}
          title={label}
          className={clsx(
            "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border bg-white/95 shadow-sm transition-colors",
            pressed
              ? "border-rose-300 text-rose-700 hover:bg-rose-50"
              : "border-stone-300 text-stone-700 hover:border-rose-400 hover:text-rose-700",
            size === "md" && "min-h-12 min-w-12",
            FOCUS_RING,
            className,
          )}
          {...props}
        >
          <HeartIcon filled={pressed} className={size === "md" ? "size-6" : "size-5"} />
        </button>
        <span
          aria-live="polite"
          className={clsx(
            "rounded-full text-xs font-medium text-rose-800",
            addedNote && "bg-white/95 px-2 py-1 shadow-sm",
          )}
        >
          {addedNote}
        </span>
      </span>
    );
  },
);
