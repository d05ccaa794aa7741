/**
 * The one keyboard focus style of the package, so every control looks the same when focused.
 * Kept as one literal string so Tailwind's scanner sees each class.
 */
export const FOCUS_RING =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";
