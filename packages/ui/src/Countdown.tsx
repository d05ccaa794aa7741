import { clsx } from "clsx";

/**
 * Seconds as `m:ss` (A§9: the 300 s resend countdown): 300 → "5:00", 59 → "0:59",
 * 3600 → "60:00". Fractions round up, so "0:01" shows until the time is fully up; negative
 * and non-finite values give "0:00".
 */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, "0")}`;
}

export interface CountdownTextProps {
  /** Seconds left; the storefront counts them down. */
  seconds: number;
  /** The whole text around the time: `(time) => t("auth.resendIn", { time })` → "Skicka igen om 4:59". */
  label: (formatted: string) => string;
  className?: string;
}

/**
 * The remaining time as text, in a `role="timer"` element that is not a live region
 * (`aria-live="off"`), so screen readers are not interrupted every second. It only displays;
 * the storefront ticks `seconds` and enables the resend button when it reaches 0.
 */
export function CountdownText({ seconds, label, className }: CountdownTextProps) {
  return (
    <span
      role="timer"
      aria-live="off"
      className={clsx("text-sm text-stone-600 tabular-nums", className)}
    >
      {label(formatCountdown(seconds))}
    </span>
  );
}
