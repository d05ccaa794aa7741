import { z } from "zod";

/**
 * `PATCH /shopper/sessions/attributes` (C§3 Session attributes). Known keys are checked; other keys
 * are kept as sent, since checkouts may carry more references than the spec names.
 * A key sent as `null` is removed.
 */
export const sessionAttributesBody = z.looseObject({
  company: z
    .object({
      registrationNumber: z.string().max(64),
      taxId: z.string().max(64),
      name: z.string().max(200),
      reference: z.string().max(200),
    })
    .nullable()
    .optional(),
  /** Organisation number without hyphen (C§7). */
  merchantReference1: z.string().max(64).nullable().optional(),
});

/** Merges a patch into the stored attributes: top-level keys replace, `null` removes. */
export function mergeAttributes(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return merged;
}
