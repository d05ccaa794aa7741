import { clsx } from "clsx";
import { forwardRef, type InputHTMLAttributes } from "react";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * A styled native `<input>`. Put it in a `Field`, which gives it its label, `aria-invalid` and
 * error list; an invalid input shows a red border.
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, type = "text", ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      type={type}
      className={clsx(
        "block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs transition-colors placeholder:text-stone-400",
        "focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-700/30",
        "disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500",
        "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/30",
        className,
      )}
      {...props}
    />
  );
});
