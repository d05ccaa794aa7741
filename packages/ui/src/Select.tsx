import { clsx } from "clsx";
import { forwardRef, type SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "./icons.js";

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/**
 * A styled native `<select>` (so it works without JavaScript and with every screen reader).
 * Put it in a `Field`; `className` styles the wrapper, which sets the width.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, children, ...props },
  ref,
) {
  return (
    <div className={clsx("relative", className)}>
      <select
        ref={ref}
        className={clsx(
          "block min-h-11 w-full appearance-none rounded-lg border border-stone-300 bg-white py-2 pr-10 pl-3 text-base text-stone-900 shadow-xs transition-colors",
          "focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-700/30",
          "disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500",
          "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/30",
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500" />
    </div>
  );
});
