import { z } from "zod";
import { formText } from "./form-values.js";
import { VALIDATION_MESSAGES } from "./messages.js";

/**
 * True for a path on this site: it starts with one `/`. `//host` and `/\host` are read by browsers
 * as another host, and control characters (tab, newline) are dropped by URL parsers, which can turn
 * `/\t/host` into `//host`; all of these are refused.
 */
export function isSafeRedirectPath(path: string): boolean {
  if (!path.startsWith("/")) return false;
  if (path[1] === "/" || path[1] === "\\") return false;
  for (let index = 0; index < path.length; index++) {
    const code = path.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** An optional same-site path to go to after the action (the no-JavaScript 303 of a form). */
export const redirectToSchema = formText(
  z.string().refine(isSafeRedirectPath, { error: VALIDATION_MESSAGES.invalid }).optional(),
);
