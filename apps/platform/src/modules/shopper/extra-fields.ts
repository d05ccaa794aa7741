import { z } from "zod";

/**
 * Bounds of the keys a client may add beside the known ones of a stored JSON object (cart item
 * `options`, session `attributes`): a few short scalars, so that a session stays small. Without
 * them one session grew to 4.5 MB in five calls.
 */
export const MAX_EXTRA_KEYS = 10;
export const MAX_EXTRA_KEY_LENGTH = 64;
export const MAX_EXTRA_STRING_LENGTH = 256;

/** A key such as `giftMessage` or `merchant_reference.2`: a letter or `_`, then up to 63 more. */
const EXTRA_KEY = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** The value of an extra key: a short string, a number or a boolean. */
export const extraValue = z.union([
  z.string().max(MAX_EXTRA_STRING_LENGTH),
  z.number(),
  z.boolean(),
]);

/** The keys of `value` that are not among `known`. */
export function extraKeys(value: object, known: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !known.includes(key));
}

/**
 * `object` with its unknown keys checked: each must look like {@link EXTRA_KEY} and hold
 * `value`, and there may be at most {@link MAX_EXTRA_KEYS} of them.
 */
export function withBoundedExtras<Shape extends z.ZodRawShape>(
  shape: Shape,
  value: z.ZodType = extraValue,
) {
  const known = Object.keys(shape);
  return z
    .object(shape)
    .catchall(value)
    .superRefine((object, context) => {
      const extras = extraKeys(object, known);
      for (const key of extras) {
        if (!EXTRA_KEY.test(key)) {
          context.addIssue({
            code: "custom",
            // A long key is named by its start: the error need not echo all of it.
            path: [
              key.length > MAX_EXTRA_KEY_LENGTH ? `${key.slice(0, MAX_EXTRA_KEY_LENGTH)}…` : key,
            ],
            message: `Invalid key: expected a letter or _ and then up to ${MAX_EXTRA_KEY_LENGTH - 1} letters, digits, _ . -`,
          });
        }
      }
      if (extras.length > MAX_EXTRA_KEYS) {
        context.addIssue({
          code: "custom",
          path: [],
          message: `Too many keys: at most ${MAX_EXTRA_KEYS} besides ${known.join(", ")}`,
        });
      }
    });
}
