import { clsx } from "clsx";

export interface SpinnerProps {
  /**
   * Text announced to screen readers (for example "Laddar…"). When given, the spinner is a
   * polite `role="status"` region; without it the spinner is decorative and hidden from them.
   */
  label?: string;
  className?: string;
}

/** A small rotating ring in the current text colour. */
export function Spinner({ label, className }: SpinnerProps) {
  const ring = (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={clsx("size-4 shrink-0 animate-spin motion-reduce:animate-none", className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 00-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
