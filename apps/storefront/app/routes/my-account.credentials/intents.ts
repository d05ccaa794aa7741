import { createDeleteAccountSchema, profileSchema, VALIDATION_MESSAGES } from "@kassa/domain";
import { z } from "zod";

/**
 * The posts of the credentials page (A§2), told apart by `intent` as the cart's are: the profile
 * form and the account deletion, each the form schema of `@kassa/domain` with its `intent`. The
 * deletion's keyword is translated, so the union is made per language: the action and the profile
 * form (through conform) parse with `credentialsIntents(t("deleteAccount.keyword"))`.
 */

/**
 * Save the profile. The domain's profile schema normalises the phone before it validates (a
 * preprocess, which a union cannot see into), so `intent` is checked first, the posted fields go
 * on to the profile schema, and `intent` is put back after.
 */
export const updateProfileSchema = z
  .looseObject({ intent: z.literal("update-profile") })
  .transform((posted): unknown => posted)
  .pipe(profileSchema)
  .transform((profile) => ({ ...profile, intent: "update-profile" as const }));

/** Delete the account once `confirmation` is the translated keyword. */
export function deleteAccountSchema(keyword: string) {
  return createDeleteAccountSchema(keyword).extend({ intent: z.literal("delete-account") });
}

export function credentialsIntents(keyword: string) {
  return z.discriminatedUnion("intent", [updateProfileSchema, deleteAccountSchema(keyword)], {
    error: VALIDATION_MESSAGES.invalid,
  });
}
