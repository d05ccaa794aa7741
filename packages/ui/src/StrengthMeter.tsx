import { clsx } from "clsx";
import { useId } from "react";

export interface StrengthMeterProps {
  /** Password strength from 0 to 100 (A§2 signup: 50 for 10 characters or more, 50 for a digit). */
  score: number;
  /** Visible name of the meter ("Lösenordets styrka"). */
  label: string;
  /** The score in words, shown and read out ("Svagt", "Medel", "Starkt"). */
  valueText: string;
  className?: string;
}

/** The fill colour: red below 50, amber from 50, emerald at 100. */
function fillClass(score: number): string {
  if (score >= 100) return "bg-emerald-600";
  if (score >= 50) return "bg-amber-500";
  return "bg-red-600";
}

/**
 * A password strength bar: a `role="meter"` from 0 to 100 named by `label`, with `valueText`
 * shown beside the label and given as `aria-valuetext`. The score is clamped to 0–100.
 */
export function StrengthMeter({ score, label, valueText, className }: StrengthMeterProps) {
  const labelId = useId();
  const value = Number.isFinite(score) ? Math.min(100, Math.max(0, Math.round(score))) : 0;
  return (
    <div className={clsx("flex flex-col gap-1.5 text-sm", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="text-stone-700">
          {label}
        </span>
        <span aria-hidden="true" className="font-medium text-stone-900">
          {valueText}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={clsx(
            "h-full rounded-full transition-[width] motion-reduce:transition-none",
            fillClass(value),
          )}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
