import { z } from "zod";
import { VALIDATION_MESSAGES } from "./messages.js";

/**
 * Form posts carry strings. Conform (`parseWithZod` from `@conform-to/zod/v4`) already turns them
 * into numbers and empty strings into `undefined`; these helpers do the same, so the schemas also
 * work with a plain `schema.parse(Object.fromEntries(formData))` on the server.
 */

function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value.trim() === "" ? undefined : value;
}

function textToNumber(value: unknown): unknown {
  const present = blankToUndefined(value);
  return typeof present === "string" ? Number(present.trim()) : present;
}

/** A number field of a form; `schema` is the `z.number()` with its checks (and `.optional()`/`.default()`). */
export function formNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess(textToNumber, schema);
}

/** A text field of a form whose empty value means "not given". */
export function formText<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema);
}

/** A required, trimmed, non-empty id. */
export function requiredId() {
  return z
    .string({ error: VALIDATION_MESSAGES.required })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.required });
}

/** A number that is missing gets `required`; one that is not a number gets `invalid`. */
export function numberWithMessages(invalid: string) {
  return z.number({
    error: (issue) => (issue.input === undefined ? VALIDATION_MESSAGES.required : invalid),
  });
}

/** True for a ticked checkbox: `"on"` (what a browser posts), `"true"` or `true`. */
export function isChecked(value: unknown): boolean {
  return value === true || value === "on" || value === "true";
}

/**
 * A checkbox: ticked (`"on"`, `"true"`, `true`) → `true`, anything else (absent) → `false`.
 * The `.default(false)` never applies (the value is always a boolean by then); it tells conform's
 * `getZodConstraint` that the box is not `required`.
 */
export function formCheckbox() {
  return z.preprocess(isChecked, z.boolean().default(false));
}

/**
 * For a check that follows another: run it only when the value has no issue yet, so a field shows
 * one message at a time ("required", not also "invalid").
 *
 * Never use `abort: true` for this: zod 4 then also skips every `when` refinement of the objects
 * around the field (an explicitly aborted issue stops them), which would hide cross-field errors
 * such as the password confirmation.
 */
export const ifNoIssueYet = {
  when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
} as const;

/** A required text: trimmed; missing or blank gives `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** An optional text: trimmed, blank → `undefined`. */
export function optionalText() {
  return formText(z.string().trim().optional());
}
