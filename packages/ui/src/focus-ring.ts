/**
 * The one keyboard focus style of the package, so every control looks the same when focused.
 * Kept as one literal string so Tailwind's scanner sees each class.
 *
 * The ring's colour is set when unfocused too: controls with `transition-colors` animate
 * `outline-color`, and a colour set only on focus would fade in from the text colour (white on a
 * primary button: a pale ring for the first 150 ms).
 */
export const FOCUS_RING =
  "outline-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2";

/** The same ring in red, for a destructive button, whose fill is red. */
export const FOCUS_RING_DANGER =
  "outline-red-700 focus-visible:outline-2 focus-visible:outline-offset-2";
