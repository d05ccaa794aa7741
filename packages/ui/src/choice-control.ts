import { clsx } from "clsx";
import { FOCUS_RING } from "./focus-ring.js";

/** The native checkbox and radio of the package (`Checkbox`, `RadioGroup`). */
export const CHOICE_INPUT = clsx(
  "size-5 cursor-pointer accent-emerald-700",
  FOCUS_RING,
  "disabled:cursor-not-allowed disabled:opacity-50",
);

/** The label beside a checkbox or radio, greyed out when the control is disabled. */
export function choiceLabelClass(disabled: boolean | undefined, className?: string): string {
  return clsx(
    "text-base leading-6 text-stone-900",
    className,
    disabled ? "cursor-not-allowed text-stone-500" : "cursor-pointer",
  );
}
