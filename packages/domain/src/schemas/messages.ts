/**
 * The zod messages of the form schemas are translation KEYS, not text: the storefront passes each
 * error through `t()` (the `validation.*` keys of `@kassa/i18n`). Every key any schema may produce
 * is listed here, so the translation files can be checked against it.
 */
export const VALIDATION_MESSAGES = {
  /** A required field is missing or empty. */
  required: "validation.required",
  /**
   * A value that is not what the field takes: a quantity that is not a number, an unknown market,
   * and the hidden fields (`intent`, `orderLimit`, `redirectTo`) when tampered with.
   */
  invalid: "validation.invalid",
  /** The quantity is not a whole number. */
  quantityInteger: "validation.quantity.integer",
  /** The quantity is below 1. */
  quantityMin: "validation.quantity.min",
  /** The quantity is above 99. */
  quantityMax: "validation.quantity.max",
} as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];
