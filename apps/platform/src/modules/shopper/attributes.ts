import { z } from "zod";
import { badRequest } from "../../http/http-error.js";
import { extraKeys, extraValue, MAX_EXTRA_KEYS, withBoundedExtras } from "./extra-fields.js";

/**
 * `PATCH /shopper/sessions/attributes` (C§3 Session attributes). Known keys are checked; a few
 * other keys with short scalar values are kept as sent, since a checkout may carry more references
 * than the spec names (`merchantReference2` on orders, C§3). A key sent as `null` is removed.
 */
export const sessionAttributesBody = withBoundedExtras(
  {
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
  },
  extraValue.nullable(),
);

const KNOWN_ATTRIBUTES = Object.keys(sessionAttributesBody.shape);

/**
 * The patch rule holds for one call; this holds it for the stored result, which a client could
 * otherwise grow by {@link MAX_EXTRA_KEYS} keys a call.
 */
export function assertAttributesWithinBounds(attributes: Record<string, unknown>): void {
  const extras = extraKeys(attributes, KNOWN_ATTRIBUTES);
  if (extras.length > MAX_EXTRA_KEYS) {
    throw badRequest("The session has too many attributes", [
      `attributes: at most ${MAX_EXTRA_KEYS} keys besides ${KNOWN_ATTRIBUTES.join(", ")} (${extras.length} with this change)`,
    ]);
  }
}

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
