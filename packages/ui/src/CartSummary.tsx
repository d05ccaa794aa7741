import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import { SummaryLinesSkeleton } from "./CartSummarySkeleton.js";

export interface CartSummaryLine {
  id: string;
  label: string;
  /** Formatted amount ("1 249 kr", "-100 kr"). */
  value: string;
  /** The grand total: larger, bold, with a rule above. */
  emphasis?: boolean;
  /** `"discount"` colours the line as a saving. Default `"default"`. */
  tone?: "default" | "discount";
}

export interface CartSummaryProps {
  title: string;
  /** Subtotal, shipping, discount, VAT and total (C§2), in display order. */
  lines: CartSummaryLine[];
  /** Totals are being recalculated: the lines become placeholders and the card sets `aria-busy`. */
  loading?: boolean;
  /** Text announced while loading ("Hämtar varukorgen…"). */
  loadingLabel?: string;
  /** Slot above the totals: the cart lines and the voucher box. */
  children?: ReactNode;
  /** Slot below the totals: the checkout button. */
  footer?: ReactNode;
  className?: string;
}

/** The cart summary card (C§2): items, voucher box, totals and the checkout action. */
export function CartSummary({
  title,
  lines,
  loading = false,
  loadingLabel,
  children,
  footer,
  className,
}: CartSummaryProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={clsx(
        "flex flex-col gap-6 rounded-lg border border-stone-200 bg-white p-6",
        className,
      )}
    >
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
      {loading ? (
        <>
          {loadingLabel ? (
            <p role="status" className="sr-only">
              {loadingLabel}
            </p>
          ) : null}
          <SummaryLinesSkeleton lines={Math.max(lines.length, 3)} />
        </>
      ) : (
        <dl className="flex flex-col gap-3 border-t border-stone-200 pt-4 text-sm">
          {lines.map((line) => (
            <div
              key={line.id}
              data-testid={`summary-${line.id}`}
              className={clsx(
                "flex items-baseline justify-between gap-4",
                line.emphasis && "mt-1 border-t border-stone-200 pt-4 text-lg font-semibold",
                line.tone === "discount"
                  ? "text-emerald-700"
                  : line.emphasis
                    ? "text-stone-900"
                    : "text-stone-600",
              )}
            >
              <dt>{line.label}</dt>
              <dd className="tabular-nums">{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {footer ? <div className="flex flex-col gap-3">{footer}</div> : null}
    </section>
  );
}
