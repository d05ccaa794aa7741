import { clsx } from "clsx";
import { Skeleton } from "./Skeleton.js";

export interface CartSummarySkeletonProps {
  /** Placeholder item rows (image and two text bars). Default 2; 0 shows only the total lines. */
  items?: number;
  /** Placeholder total lines (subtotal, shipping, VAT, total). Default 4. */
  lines?: number;
  /** Text announced while loading ("Hämtar varukorgen…"). */
  label?: string;
  className?: string;
}

/** The cart summary card while the cart loads (C§2: placeholders while loading). */
export function CartSummarySkeleton({
  items = 2,
  lines = 4,
  label,
  className,
}: CartSummarySkeletonProps) {
  return (
    <div
      aria-busy="true"
      className={clsx(
        "flex flex-col gap-6 rounded-lg border border-stone-200 bg-white p-6",
        className,
      )}
    >
      {label ? (
        <p role="status" className="sr-only">
          {label}
        </p>
      ) : null}
      <Skeleton className="h-6 w-40" />
      {items > 0 ? (
        <div className="flex flex-col gap-4">
          {Array.from({ length: items }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows never reorder
            <div key={row} className="flex gap-4">
              <Skeleton className="size-20 shrink-0" />
              <div className="flex flex-1 flex-col gap-2 pt-1">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : null}
      <SummaryLinesSkeleton lines={lines} />
    </div>
  );
}

/** Placeholder rows in the shape of the summary's label/value lines. */
export function SummaryLinesSkeleton({ lines }: { lines: number }) {
  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 pt-4">
      {Array.from({ length: lines }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows never reorder
        <div key={row} className="flex justify-between gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
