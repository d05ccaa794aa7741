import { z } from "zod";
import { redirectToSchema } from "../forms/redirect.js";
import { isWishlistEntry } from "./wishlist-entries.js";

/**
 * The wishlist heart's form (`/favorites`): add or remove one entry. Explicit intents rather than
 * "toggle", so a form posted twice (a double click, a resent page) ends where the shopper meant.
 * `reply=json` is sent by scripts that keep the list themselves and want the list back, not a page.
 */
export const wishlistFormSchema = z.object({
  intent: z.enum(["add", "remove"]),
  entry: z.string().refine(isWishlistEntry),
  redirectTo: redirectToSchema.optional(),
  reply: z.literal("json").optional(),
});

export type WishlistForm = z.output<typeof wishlistFormSchema>;
