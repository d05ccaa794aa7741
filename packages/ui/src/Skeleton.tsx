import { clsx } from "clsx";

export interface SkeletonProps {
  /** Size and shape, for example `"h-4 w-32"` or `"aspect-square w-full"`. */
  className?: string;
}

/**
 * A grey placeholder block shown while content loads. Hidden from assistive technology: the
 * region that is loading should carry `aria-busy` and, if useful, a status text.
 */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={clsx(
        "animate-pulse rounded-lg bg-stone-200 motion-reduce:animate-none",
        className,
      )}
    />
  );
}
