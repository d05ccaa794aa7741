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
