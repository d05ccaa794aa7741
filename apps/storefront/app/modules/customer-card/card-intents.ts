import { parseWithZod } from "@conform-to/zod/v4";
import { newAddressSchema } from "@kassa/domain";
import { z } from "zod";

/**
 * The customer card's posts (A§4), each a form with an `intent`, posted to the page the card is on
 * (the cart or the checkout). A new address is checked with `newAddressSchema` of
 * `@kassa/domain`, on the server and, through conform, in the browser.
 */
export const CARD_INTENTS = ["card-company", "card-contact", "card-address"] as const;

export type CardIntent = (typeof CARD_INTENTS)[number];

export function isCardIntent(value: unknown): value is CardIntent {
  return (CARD_INTENTS as readonly unknown[]).includes(value);
}

const id = z.string().trim().min(1).max(100);

// A plain union: two shapes share `card-address`, told apart by `mode`.
export const cardIntentSchema = z.union([
  z.object({ intent: z.literal("card-company"), organisationId: id }),
  z.object({ intent: z.literal("card-contact"), contactUserId: id }),
  z.object({
    intent: z.literal("card-address"),
    kind: z.enum(["billing", "shipping"]),
    mode: z.literal("existing"),
    addressId: id,
  }),
  // The new address's own fields are checked with `newAddressSchema`, so its messages show.
  z.object({
    intent: z.literal("card-address"),
    kind: z.enum(["billing", "shipping"]),
    mode: z.literal("new"),
  }),
]);

export type CardPost = z.output<typeof cardIntentSchema>;

/**
 * The new address of a post (A§5 "New address (card)"), the same in the browser and on the
 * server. Conform's automatic coercion is off: `newAddressSchema` reads the form's strings itself
 * (an empty optional location name stays `""`).
 */
export function parseNewAddress(formData: FormData) {
  return parseWithZod(formData, { schema: newAddressSchema, disableAutoCoercion: true });
}
