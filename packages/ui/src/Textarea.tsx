import { clsx } from "clsx";
import { forwardRef, type TextareaHTMLAttributes } from "react";

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/**
 * A styled native `<textarea>`, the multi-line sibling of `Input`. Put it in a `Field`, which
 * gives it its label, `aria-invalid` and error list. Default 4 rows (C§2: the decline reason box).
 */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={clsx(
        "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-xs transition-colors placeholder:text-stone-500",
        "focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-700/30",
        "disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500",
        "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/30",
        className,
      )}
      {...props}
    />
  );
});
