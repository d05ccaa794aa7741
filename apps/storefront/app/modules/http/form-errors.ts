import type { TFunction } from "i18next";

/**
 * Conform's errors are translation keys (the domain schemas use keys as messages); this turns the
 * errors of one field into the shopper's language.
 */
export function translateErrors(errors: string[] | undefined, t: TFunction): string[] | undefined {
  return errors?.map((key) => t(key as "validation.invalid", { defaultValue: key }));
}
